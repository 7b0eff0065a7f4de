import {
  diceRollBodySchema,
  envelopeOf,
  inhousePaths,
  minesPlayBodySchema,
  plinkoDropBodySchema,
  rotateSeedsBodySchema,
  roundAnswerSchema,
  roundRecordSchema,
  seedsBodySchema,
  seedsSchema,
  slotSpinBodySchema,
} from '@platform/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../platform/db.ts';
import { failures, ok } from '../../platform/http.ts';
import { launchMerchantGate } from '../merchants/merchant-context.ts';
import type { MerchantDirectory } from '../merchants/merchants.service.ts';
import { launchTokenMerchant } from '../seamless/launch-tokens.ts';
import { dicePlan, InhouseGames, minesPlan, plinkoPlan, slotPlan, type WalletCall } from './inhouse.service.ts';

const tags = ['in-house games'];
const refusals = failures(400, 401, 403, 404, 409);
const answer = { 200: envelopeOf(roundAnswerSchema), ...refusals };
const fairness =
  'Outcome bytes are HMAC-SHA256(server seed, "client seed:nonce"); the server seed hash is shown before play and the seed is revealed on rotation. ' +
  'With a launch token the round is played for money through the seamless wallet; without one, with demo money.';

/** Our in-house games' rounds and their provably fair seeds. */
export const inhouseRoutes: FastifyPluginAsyncZod<{ db: Db; directory: MerchantDirectory; wallet: WalletCall }> = async (app, opts) => {
  const games = new InhouseGames(opts.db, opts.directory, opts.wallet);
  // Every route here acts on its launch token's merchant, whatever merchant the request names.
  app.addHook(
    'preHandler',
    launchMerchantGate(opts.directory, (request) => launchTokenMerchant(opts.db, request)),
  );

  app.post(
    inhousePaths.seeds,
    {
      schema: {
        tags,
        summary: 'The player’s seed pair: current (hash only) and last revealed',
        body: seedsBodySchema,
        response: { 200: envelopeOf(seedsSchema), ...refusals },
      },
    },
    async (request) => ok(await games.seeds(request.body.token)),
  );

  app.post(
    inhousePaths.rotateSeeds,
    {
      schema: {
        tags,
        summary: 'Reveal the server seed and start a new pair',
        body: rotateSeedsBodySchema,
        response: { 200: envelopeOf(seedsSchema), ...refusals },
      },
    },
    async (request) => ok(await games.rotate(request.body.token, request.body.clientSeed)),
  );

  app.post(
    inhousePaths.slotSpin,
    {
      schema: {
        tags,
        summary: 'Spin a video slot (the paid spin and all its free spins)',
        description: fairness,
        body: slotSpinBodySchema,
        response: answer,
      },
    },
    async (request) =>
      ok(await games.play(request.body.token, slotPlan(request.body.gameCode, request.body.betPerLine, request.merchant.currency))),
  );

  app.post(
    inhousePaths.diceRoll,
    {
      schema: {
        tags,
        summary: 'Roll the dice (0.00-99.99, over or under a target)',
        description: fairness,
        body: diceRollBodySchema,
        response: answer,
      },
    },
    async (request) =>
      ok(
        await games.play(
          request.body.token,
          dicePlan(request.body.amount, request.body.target, request.body.direction, request.merchant.currency),
        ),
      ),
  );

  app.post(
    inhousePaths.plinkoDrop,
    { schema: { tags, summary: 'Drop a plinko ball', description: fairness, body: plinkoDropBodySchema, response: answer } },
    async (request) =>
      ok(
        await games.play(
          request.body.token,
          plinkoPlan(request.body.amount, request.body.rows, request.body.risk, request.merchant.currency),
        ),
      ),
  );

  app.post(
    inhousePaths.minesPlay,
    {
      schema: {
        tags,
        summary: 'Play mines: reveal the picked cells in order, cash out after the last',
        description: fairness,
        body: minesPlayBodySchema,
        response: answer,
      },
    },
    async (request) =>
      ok(
        await games.play(
          request.body.token,
          minesPlan(request.body.amount, request.body.mines, request.body.picks, request.merchant.currency),
        ),
      ),
  );

  app.get(
    inhousePaths.round,
    {
      schema: {
        tags,
        summary: 'A round of the player’s, to replay and verify',
        params: z.object({ roundId: z.string().regex(/^ih-\d+-\d+$/, 'validation.invalid') }),
        querystring: z.object({ token: seedsBodySchema.shape.token }),
        response: { 200: envelopeOf(roundRecordSchema), ...refusals },
      },
    },
    async (request) => ok(await games.round(request.query.token, request.params.roundId)),
  );
};
