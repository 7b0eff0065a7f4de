import {
  envelopeOf,
  errorEnvelopeSchema,
  lotteryGameSchema,
  lotteryPaths,
  lotteryResultsQuerySchema,
  lotteryResultsSchema,
} from '@platform/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../platform/config.ts';
import type { Db } from '../../platform/db.ts';
import { ok } from '../../platform/http.ts';
import { every } from '../../platform/jobs.ts';
import { lotteryGamesOf, lotteryResults, lotteryTick } from './lottery.service.ts';

const tags = ['lottery'];

/** The lottery gateway and the clock that creates and draws the issues. */
export const lotteryRoutes: FastifyPluginAsyncZod<{ db: Db; config: Pick<Config, 'jobs'> }> = async (app, { db, config }) => {
  if (config.jobs) every(app, 'lottery-clock', 1_000, () => lotteryTick(db));

  app.get(
    lotteryPaths.games,
    {
      schema: {
        tags,
        summary: 'Lottery games with the issue taking bets, its countdown and the latest result',
        response: { 200: envelopeOf(z.array(lotteryGameSchema)) },
      },
    },
    async (request) => ok(await lotteryGamesOf(db, request.lang)),
  );

  app.get(
    lotteryPaths.results,
    {
      schema: {
        tags,
        summary: 'A game’s results, newest first, with the revealed seeds of our own draws',
        params: z.object({ code: z.string().regex(/^[\w-]{1,20}$/, 'validation.invalid') }),
        querystring: lotteryResultsQuerySchema,
        response: { 200: envelopeOf(lotteryResultsSchema), 400: errorEnvelopeSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request) => ok(await lotteryResults(db, request.params.code, request.query)),
  );
};
