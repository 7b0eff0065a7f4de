import { type SupportEvent, supportPaths } from '@platform/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../platform/db.ts';
import type { SocketGate } from '../../platform/realtime.ts';
import { type ActingOperator, inScope, may, resolveOperator } from '../operators/operators.service.ts';
import { SUPPORT_CHANNEL } from './support.repository.ts';
import type { SupportNotice } from './support.service.ts';

const PLAYERS = 'support';
const OPERATORS = 'support-operators';

/** An operator who may answer chats: a signed-in session past its steps (or an API key) with `support.chat`. */
async function chatOperator(db: Db, token: string): Promise<ActingOperator | undefined> {
  const op = await resolveOperator(db, token);
  if (!op || (op.session && op.session.stage !== 'done') || !may(op, 'support.chat')) return undefined;
  return op;
}

/**
 * Live support chat on the hub: the player's channel (`/wps/support/live`) and the operators'
 * (`/admin-live/support`, their token as the first message like a player's). Every change NOTIFYs
 * `support` with the event whole (a message is at most 1,000 characters), so each node forwards it
 * to its own sockets without reading the database: the player's, and those of operators whose scope
 * holds the merchant. A client that reconnects asks the history for what came after its last number.
 */
export const supportSocket: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  const hub = app.realtime;
  /** The merchant scope of operators with a socket on this node (pruned as their sockets close). */
  const scopes = new Map<number, Pick<ActingOperator, 'allMerchants' | 'merchantIds'>>();

  const operators: SocketGate = {
    async open(token) {
      const op = await chatOperator(db, token);
      if (!op) return undefined;
      scopes.set(op.id, { allMerchants: op.allMerchants, merchantIds: op.merchantIds });
      return { member: { id: op.id, merchantId: 0 }, session: token };
    },
    async isLive(token) {
      const op = await chatOperator(db, token);
      // A scope changed since the socket opened applies from this check on.
      if (op) scopes.set(op.id, { allMerchants: op.allMerchants, merchantIds: op.merchantIds });
      return op !== undefined;
    },
  };

  const greet = async (): Promise<SupportEvent> => ({ type: 'support.ready' });
  hub.channel(app, PLAYERS, { path: supportPaths.live, access: 'member', greet });
  hub.channel(app, OPERATORS, { path: supportPaths.operatorLive, access: 'member', gate: operators, greet });

  // One NOTIFY carries one notice, or a group's notices as an array (answers written together).
  await hub.listen(SUPPORT_CHANNEL, (payload) => {
    let notices: SupportNotice[];
    try {
      const parsed = JSON.parse(payload) as SupportNotice | SupportNotice[];
      notices = Array.isArray(parsed) ? parsed : [parsed];
    } catch {
      return;
    }
    for (const [operatorId] of scopes) if (!hub.member(OPERATORS, operatorId)) scopes.delete(operatorId);
    for (const notice of notices) {
      // A notice for operators only (a private note, the player typing) never reaches the player's sockets.
      if (notice.to !== 'operators') hub.sendTo(PLAYERS, notice.memberId, notice.event);
      if (notice.to === 'player') continue;
      for (const [operatorId, scope] of scopes) if (inScope(scope, notice.merchantId)) hub.sendTo(OPERATORS, operatorId, notice.event);
    }
  });
};
