import {
  envelopeOf,
  errorEnvelopeSchema,
  lotteryBetPaths,
  lotteryBoardPaths,
  lotteryFavouriteParamsSchema,
  lotteryFavouritesSchema,
  lotteryGameSchema,
  lotteryPaths,
  lotteryResultsQuerySchema,
  lotteryResultsSchema,
  myLotteryBetsQuerySchema,
  myLotteryBetsSchema,
  openedNumbersSchema,
  placedLotteryBetsSchema,
  placeLotteryBetsBodySchema,
  popularLotteryQuerySchema,
  popularLotterySchema,
  vnGameMenuQuerySchema,
  vnGameMenusSchema,
  vnNumbersQuerySchema,
  vnNumbersSchema,
  winnerBoardQuerySchema,
  winnerBoardSchema,
} from '@platform/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../platform/db.ts';
import { failures, memberOf, ok } from '../../platform/http.ts';
import type { ReadCache } from '../../platform/read-cache.ts';
import { myLotteryBets, placeLotteryBets } from './lottery.bets.ts';
import { memberLotteryFavourites, openedNumbers, popularLottery, setLotteryFavourite, vnNumbers, winnerBoard } from './lottery.board.ts';
import { vnGameMenus } from './lottery.menus.ts';
import { lotteryGamesOf, lotteryResults } from './lottery.service.ts';
import { LotterySlips } from './lottery.slips.ts';

const refusals = failures(400, 401, 403, 409);
const favouriteRefusals = failures(400, 401, 403, 404, 409);
const tags = ['lottery'];

/** The lottery gateway (the clock that creates, draws and settles the issues is lottery.jobs.ts). */
export const lotteryRoutes: FastifyPluginAsyncZod<{
  db: Db;
  /** Public boards (popular, opened numbers, winners) are read through it; without one they are read each time. */
  cache?: ReadCache;
}> = async (app, { db, cache }) => {
  const slips = new LotterySlips(db);
  app.addHook('onClose', () => slips.close());
  const cached = <T>(key: string, load: () => Promise<T>) => (cache ? cache.get(key, load) : load());

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
        response: { 200: envelopeOf(placedLotteryBetsSchema), ...refusals },
      },
    },
    async (request) => {
      return ok(await placeLotteryBets(db, request.merchant, memberOf(request), request.body, new Date(), slips));
    },
  );

  app.get(
    lotteryBetPaths.mine,
    {
      config: { auth: 'member' },
      schema: {
        tags,
        summary: 'The member’s tickets with results and payouts',
        querystring: myLotteryBetsQuerySchema,
        response: { 200: envelopeOf(myLotteryBetsSchema), ...refusals },
      },
    },
    async (request) => ok(await myLotteryBets(db, memberOf(request), request.merchant.currency, request.query)),
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
    lotteryPaths.vnMenu,
    {
      schema: {
        tags,
        summary: 'VN lottery menus: the Vietnamese games the merchant offers, grouped by region (gameGroupCode), with their next draw',
        description:
          'prizeMode is one of Lott, ZY, Elott, SEA (default Lott, the mode bets are priced in; another mode lists the regions without games); device is WEB.',
        querystring: vnGameMenuQuerySchema,
        response: { 200: envelopeOf(vnGameMenusSchema), 400: errorEnvelopeSchema },
      },
    },
    async (request) => ok(await vnGameMenus(db, request.merchant, request.lang, request.query)),
  );

  app.get(
    lotteryPaths.results,
    {
      schema: {
        tags,
        summary: 'A game’s results, newest first, with the revealed seeds of our own draws',
        params: z.object({ code: z.string().regex(/^[\w-]{1,20}$/, 'validation.invalid') }),
        querystring: lotteryResultsQuerySchema,
        response: { 200: envelopeOf(lotteryResultsSchema), ...failures(400, 404) },
      },
    },
    async (request) => ok(await lotteryResults(db, request.params.code, request.query)),
  );

  app.get(
    lotteryBoardPaths.popular,
    {
      schema: {
        tags,
        summary: 'Popular lottery: every game, the most bet on by the merchant’s players over the last 24 hours first (20 or 100)',
        querystring: popularLotteryQuerySchema,
        response: { 200: envelopeOf(popularLotterySchema), 400: errorEnvelopeSchema },
      },
    },
    async (request) =>
      ok(
        await cached(`lottery-popular:${request.merchant.id}:${request.lang}:${request.query.count}`, () =>
          popularLottery(db, request.merchant.id, request.lang, request.query.count),
        ),
      ),
  );

  app.get(
    lotteryBoardPaths.openedNumbers,
    {
      schema: {
        tags,
        summary: 'Opened numbers: the latest result of every game, newest first',
        response: { 200: envelopeOf(openedNumbersSchema) },
      },
    },
    async (request) => ok(await cached(`lottery-opened:${request.lang}`, () => openedNumbers(db, request.lang))),
  );

  app.get(
    lotteryBoardPaths.winnerBoard,
    {
      schema: {
        tags,
        summary: 'Winner board: the merchant’s winning tickets of the last 7 days, accounts masked',
        querystring: winnerBoardQuerySchema,
        response: { 200: envelopeOf(winnerBoardSchema), 400: errorEnvelopeSchema },
      },
    },
    async (request) =>
      ok(
        await cached(`lottery-winners:${request.merchant.id}:${request.lang}:${request.query.order}:${request.query.count}`, () =>
          winnerBoard(db, request.merchant, request.lang, request.query),
        ),
      ),
  );

  app.get(
    lotteryBoardPaths.vnNumbers,
    {
      schema: {
        tags,
        summary: 'Vietnamese numbers: the 100 lô numbers with their hits over the latest draws and the draws since each came out',
        querystring: vnNumbersQuerySchema,
        response: { 200: envelopeOf(vnNumbersSchema), ...failures(400, 404) },
      },
    },
    async (request) =>
      ok(await cached(`lottery-vn:${request.query.gameCode ?? ''}:${request.query.draws}`, () => vnNumbers(db, request.query))),
  );

  app.get(
    lotteryBoardPaths.favourites,
    {
      config: { auth: 'real' },
      schema: {
        tags,
        summary: 'The member’s favourite lottery games (codes)',
        response: { 200: envelopeOf(lotteryFavouritesSchema), ...refusals },
      },
    },
    async (request) => ok(await memberLotteryFavourites(db, memberOf(request))),
  );

  app.put(
    lotteryBoardPaths.favourite,
    {
      config: { auth: 'real' },
      schema: {
        tags,
        summary: 'Star a lottery game; answers the favourite codes',
        params: lotteryFavouriteParamsSchema,
        response: { 200: envelopeOf(lotteryFavouritesSchema), ...favouriteRefusals },
      },
    },
    async (request) => ok(await setLotteryFavourite(db, memberOf(request), request.params.gameCode, true)),
  );

  app.delete(
    lotteryBoardPaths.favourite,
    {
      config: { auth: 'real' },
      schema: {
        tags,
        summary: 'Unstar a lottery game; answers the favourite codes',
        params: lotteryFavouriteParamsSchema,
        response: { 200: envelopeOf(lotteryFavouritesSchema), ...favouriteRefusals },
      },
    },
    async (request) => ok(await setLotteryFavourite(db, memberOf(request), request.params.gameCode, false)),
  );
};
