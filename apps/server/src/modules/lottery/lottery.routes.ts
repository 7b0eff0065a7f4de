import {
  envelopeOf,
  errorEnvelopeSchema,
  lotteryBetPaths,
  lotteryGameSchema,
  lotteryPaths,
  lotteryResultsQuerySchema,
  lotteryResultsSchema,
  myLotteryBetsQuerySchema,
  myLotteryBetsSchema,
  placedLotteryBetsSchema,
  placeLotteryBetsBodySchema,
} from '@platform/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../platform/config.ts';
import type { Db } from '../../platform/db.ts';
import { ok } from '../../platform/http.ts';
import { every } from '../../platform/jobs.ts';
import type { MemberRow } from '../members/members.tables.ts';
import type { MerchantDirectory } from '../merchants/merchants.service.ts';
import { myLotteryBets, placeLotteryBets, settleDue } from './lottery.bets.ts';
import { lotteryGamesOf, lotteryResults, lotteryTick } from './lottery.service.ts';

const failures = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 403: errorEnvelopeSchema, 409: errorEnvelopeSchema };
function memberOf(request: FastifyRequest): MemberRow {
  if (!request.member) throw new Error('route without auth config');
  return request.member;
}

const tags = ['lottery'];

/** The lottery gateway and the clock that creates and draws the issues. */
export const lotteryRoutes: FastifyPluginAsyncZod<{ db: Db; directory: MerchantDirectory; config: Pick<Config, 'jobs'> }> = async (
  app,
  { db, directory, config },
) => {
  if (config.jobs) {
    every(app, 'lottery-clock', 1_000, () => lotteryTick(db));
    every(app, 'lottery-settlement', 1_000, () => settleDue(db, directory));
  }

  app.post(
    lotteryBetPaths.place,
    {
      config: { auth: 'member' },
      schema: {
        tags,
        summary: 'Place a slip of bets on the issue taking bets',
        description:
          'Every bet is checked against its play type (selection, 注 count) before anything is debited; the whole slip is one debit. ' +
          'A repeat of the requestId returns the same tickets. 409 APP_ERR_LOTTERY_CLOSED once betting on the issue has closed.',
        body: placeLotteryBetsBodySchema,
        response: { 200: envelopeOf(placedLotteryBetsSchema), ...failures },
      },
    },
    async (request) => ok(await placeLotteryBets(db, request.merchant, memberOf(request), request.body)),
  );

  app.get(
    lotteryBetPaths.mine,
    {
      config: { auth: 'member' },
      schema: {
        tags,
        summary: 'The member’s tickets with results and payouts',
        querystring: myLotteryBetsQuerySchema,
        response: { 200: envelopeOf(myLotteryBetsSchema), ...failures },
      },
    },
    async (request) => ok(await myLotteryBets(db, memberOf(request), request.query)),
  );

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
