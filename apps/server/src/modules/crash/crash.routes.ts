import {
  crashBetAnswerSchema,
  crashBetBodySchema,
  crashCashOutBodySchema,
  crashPaths,
  crashStateSchema,
  envelopeOf,
} from '@platform/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../platform/db.ts';
import { failures, ok } from '../../platform/http.ts';
import type { WalletCall } from '../inhouse/inhouse.service.ts';
import { launchMerchantGate } from '../merchants/merchant-context.ts';
import type { MerchantDirectory } from '../merchants/merchants.service.ts';
import { launchTokenMerchant } from '../seamless/launch-tokens.ts';
import { CrashGame } from './crash.service.ts';

const tags = ['in-house games'];
const refusals = failures(400, 401, 404, 409);

/**
 * Crash over HTTP: the round state, bets and cash-outs. The live state is crash.socket.ts, the clock
 * that creates and settles rounds crash.jobs.ts.
 */
export const crashRoutes: FastifyPluginAsyncZod<{
  db: Db;
  directory: MerchantDirectory;
  wallet: WalletCall;
}> = async (app, { db, directory, wallet }) => {
  const game = new CrashGame(db, directory, wallet);
  // Bets act on their launch token's merchant, whatever merchant the request names.
  const launchGate = launchMerchantGate(directory, (request) => launchTokenMerchant(db, request));

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
        response: { 200: envelopeOf(crashBetAnswerSchema), ...refusals },
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
        response: { 200: envelopeOf(crashBetAnswerSchema), ...refusals },
      },
      // A cash-out stakes nothing: a player in a running round keeps it through maintenance.
      config: { openDuringMaintenance: true },
    },
    async (request) => ok(await game.cashOut(request.body.token)),
  );
};
