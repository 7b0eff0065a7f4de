import { apiPaths, type BalanceEvent } from '@platform/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../platform/db.ts';
import type { SocketMember } from '../../platform/realtime.ts';
import type { MerchantDirectory } from '../merchants/merchants.service.ts';
import { walletBalance } from './wallet.service.ts';

/** Notifications for one member within this window become one push. */
const COALESCE_MS = 30;

/**
 * Live balance: the `balance` channel of the hub at `/wps/v2/wallets/live`, for members (the first
 * message carries the session's token; the socket closes with 4401 when the session ends). A socket
 * gets the balance once in, then whenever it changes: the ledger NOTIFYs `balance` with the ids of
 * the members whose money moved, on whichever node, and each node pushes to its own sockets.
 */
export const balanceSocket: FastifyPluginAsync<{ db: Db; directory: MerchantDirectory }> = async (app, { db, directory }) => {
  const hub = app.realtime;
  const due = new Map<number, NodeJS.Timeout>();

  const balanceOf = async (member: SocketMember): Promise<BalanceEvent> => {
    const merchant = (await directory.list()).find((m) => m.id === member.merchantId);
    if (!merchant) throw new Error('merchant of a session vanished');
    return { type: 'balance', value: await walletBalance(db, member, merchant.currency) };
  };
  const push = async (memberId: number) => {
    due.delete(memberId);
    const member = hub.member('balance', memberId);
    if (member) hub.sendTo('balance', memberId, await balanceOf(member));
  };
  const schedule = (memberId: number) => {
    if (!hub.member('balance', memberId) || due.has(memberId)) return;
    const timer = setTimeout(() => {
      push(memberId).catch((err) => app.log.warn({ err }, 'balance push failed'));
    }, COALESCE_MS);
    timer.unref();
    due.set(memberId, timer);
  };

  hub.channel(app, 'balance', {
    path: apiPaths.balanceSocket,
    access: 'member',
    greet: async (member) => (member ? balanceOf(member) : undefined),
  });
  await hub.listen('balance', (payload) => {
    for (const id of payload.split(',')) schedule(Number(id));
  });
  app.addHook('onClose', async () => {
    for (const t of due.values()) clearTimeout(t);
  });
};
