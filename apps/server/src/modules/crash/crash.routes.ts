import {
  crashBetAnswerSchema,
  crashBetBodySchema,
  crashCashOutBodySchema,
  crashPaths,
  crashStateSchema,
  envelopeOf,
  errorEnvelopeSchema,
} from '@platform/contract';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { WebSocket } from 'ws';
import type { Config } from '../../platform/config.ts';
import type { Db } from '../../platform/db.ts';
import { ok } from '../../platform/http.ts';
import { every } from '../../platform/jobs.ts';
import type { WalletCall } from '../inhouse/inhouse.service.ts';
import { launchMerchantGate } from '../merchants/merchant-context.ts';
import type { MerchantDirectory } from '../merchants/merchants.service.ts';
import { launchTokenMerchant } from '../seamless/launch-tokens.ts';
import { CrashGame } from './crash.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * One step of this node's crash clock: the next round once the last has crashed, the settlement
     * of crashed rounds, the state pushed to this node's sockets. The job runs it every 250 ms with
     * jobs on; with jobs off (tests) whoever needs rounds to move calls it.
     */
    crashClock: (now?: Date) => Promise<void>;
  }
}

const tags = ['in-house games'];
const failures = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema };

/**
 * Crash: the round state, bets and cash-outs, and a socket that pushes the state whenever it changes.
 * Each node's clock (with jobs on) creates and settles rounds and feeds its own sockets; every node
 * reads the same rounds from the database, so players on any node see the same round. Not
 * encapsulated, so that the app exposes its clock step (`app.crashClock`).
 */
const crash: FastifyPluginAsyncZod<{
  db: Db;
  directory: MerchantDirectory;
  wallet: WalletCall;
  config: Pick<Config, 'jobs'>;
}> = async (app, { db, directory, wallet, config }) => {
  const game = new CrashGame(db, directory, wallet);
  const sockets = new Set<WebSocket>();
  let last = '';
  const broadcast = async () => {
    if (sockets.size === 0) return;
    const { serverTime: _, ...state } = await game.state();
    const text = JSON.stringify({ type: 'crash', value: { ...state, serverTime: new Date().toISOString() } });
    const key = JSON.stringify(state);
    if (key === last) return;
    last = key;
    for (const s of sockets) if (s.readyState === s.OPEN) s.send(text);
  };
  const tick = async (now?: Date) => {
    await game.ensureRound(now);
    await game.settle(now);
    await broadcast();
  };
  app.decorate('crashClock', tick);
  // Bets act on their launch token's merchant, whatever merchant the request names.
  const launchGate = launchMerchantGate(directory, (request) => launchTokenMerchant(db, request));
  if (config.jobs) every(app, 'crash-clock', 250, () => tick());

  app.get(
    crashPaths.state,
    { schema: { tags, summary: 'Crash: the current round and the last ones', response: { 200: envelopeOf(crashStateSchema) } } },
    async () => ok(await game.state()),
  );

  app.post(
    crashPaths.bet,
    {
      schema: {
        tags,
        summary: 'Bet in the round taking bets (money play; launch token of the crash game)',
        body: crashBetBodySchema,
        response: { 200: envelopeOf(crashBetAnswerSchema), ...failures },
      },
      preHandler: launchGate,
    },
    async (request) => ok(await game.bet(request.body.token, request.body.amount, request.body.autoCashOut)),
  );

  app.post(
    crashPaths.cashOut,
    {
      schema: {
        tags,
        summary: 'Cash out the running round at this instant’s multiplier',
        body: crashCashOutBodySchema,
        response: { 200: envelopeOf(crashBetAnswerSchema), ...failures },
      },
      // A cash-out stakes nothing: a player in a running round keeps it through maintenance.
      config: { openDuringMaintenance: true },
    },
    async (request) => ok(await game.cashOut(request.body.token)),
  );

  app.get(crashPaths.live, { websocket: true, schema: { hide: true } }, async (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.send(JSON.stringify({ type: 'crash', value: await game.state() }));
  });
};

export const crashRoutes = fp(crash, { name: 'crash' });
