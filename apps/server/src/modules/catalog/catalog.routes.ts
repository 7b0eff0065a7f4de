import {
  catalogPaths,
  envelopeOf,
  errorEnvelopeSchema,
  favouriteBodySchema,
  favouriteGamesQuerySchema,
  favouriteGamesSchema,
  gameListQuerySchema,
  gameListSchema,
  gameMenusSchema,
  hotGamesQuerySchema,
  hotGamesSchema,
  launchAnswerSchema,
  launchBodySchema,
  recentGamesQuerySchema,
  recentGamesSchema,
} from '@platform/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../platform/db.ts';
import { failures, memberOf, ok } from '../../platform/http.ts';
import type { ReadCache } from '../../platform/read-cache.ts';
import {
  addFavouriteGame,
  favourites,
  gameList,
  gameMenus,
  hotGames,
  launchGame,
  memberFavouriteIds,
  recentGames,
  removeFavouriteGame,
} from './catalog.service.ts';

const tags = ['games'];
const refusals = failures(400, 401, 403, 404, 409);

const reader = (request: FastifyRequest) => ({ merchant: request.merchant, lang: request.lang, country: request.location.countryCode });
/** The game catalog, favourites, recent games and launching. */
export const catalogRoutes: FastifyPluginAsyncZod<{ db: Db; cache: ReadCache }> = async (app, { db, cache }) => {
  app.get(
    catalogPaths.gameList,
    {
      schema: {
        tags,
        summary: 'A lobby’s games: category, vendor, kind, name, smallest stake and lines, 42 a page',
        querystring: gameListQuerySchema,
        response: { 200: envelopeOf(gameListSchema), 400: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const r = reader(request);
      const key = `games:${r.merchant.id}:${r.lang}:${r.country}:${JSON.stringify(request.query)}`;
      return ok(await cache.get(key, () => gameList(db, r, request.query)));
    },
  );

  app.get(
    catalogPaths.gameMenus,
    {
      schema: {
        tags,
        summary: 'Game menus: each category with a vendor, in menu order, with its vendors’ cards',
        description:
          'E-sport (IMES, TF, IA) and cockfight (SV388) vendors form the ESPORTS and COCKFIGHT categories right after SPORTS; BGS is left out of RNG. ' +
          'Only vendors the merchant offers and has switched on; a card is hot (isHot 1) when one of its playable games is.',
        response: { 200: envelopeOf(gameMenusSchema) },
      },
    },
    async (request) => {
      const r = reader(request);
      return ok(await cache.get(`game-menus:${r.merchant.id}:${r.lang}:${r.country}`, () => gameMenus(db, r)));
    },
  );

  app.get(
    catalogPaths.hotGames,
    { schema: { tags, summary: 'Hot games', querystring: hotGamesQuerySchema, response: { 200: envelopeOf(hotGamesSchema) } } },
    async (request) => {
      const r = reader(request);
      const key = `hot:${r.merchant.id}:${r.lang}:${r.country}:${request.query.vassalage ?? ''}:${request.query.gameType ?? ''}`;
      return ok({ list: await cache.get(key, () => hotGames(db, r, request.query)) });
    },
  );

  app.get(
    catalogPaths.recentGames,
    {
      config: { auth: 'real' },
      schema: {
        tags,
        summary: 'Games the member played lately',
        querystring: recentGamesQuerySchema,
        response: { 200: envelopeOf(recentGamesSchema), ...refusals },
      },
    },
    async (request) => ok(await recentGames(db, reader(request), memberOf(request), request.query)),
  );

  app.get(
    catalogPaths.favouriteGames,
    {
      config: { auth: 'real' },
      schema: {
        tags,
        summary: 'The member’s favourite games',
        querystring: favouriteGamesQuerySchema,
        response: { 200: envelopeOf(favouriteGamesSchema), ...refusals },
      },
    },
    async (request) => ok(await favourites(db, reader(request), memberOf(request), request.query)),
  );

  app.get(
    catalogPaths.favouriteIds,
    {
      config: { auth: 'real' },
      schema: {
        tags,
        summary: 'Ids (nodeId) of the member’s favourite games',
        response: { 200: envelopeOf(z.array(z.number())), ...refusals },
      },
    },
    async (request) => ok(await memberFavouriteIds(db, memberOf(request))),
  );

  app.post(
    catalogPaths.addFavourite,
    {
      config: { auth: 'real' },
      schema: {
        tags,
        summary: 'Add a favourite game; answers the favourite ids',
        body: favouriteBodySchema,
        response: { 200: envelopeOf(z.array(z.number())), ...refusals },
      },
    },
    async (request) => ok(await addFavouriteGame(db, request.merchant, memberOf(request), request.body)),
  );

  app.post(
    catalogPaths.removeFavourite,
    {
      config: { auth: 'real' },
      schema: {
        tags,
        summary: 'Remove a favourite game; answers the favourite ids',
        body: favouriteBodySchema,
        response: { 200: envelopeOf(z.array(z.number())), ...refusals },
      },
    },
    async (request) => ok(await removeFavouriteGame(db, request.merchant, memberOf(request), request.body)),
  );

  app.post(
    catalogPaths.launchGame,
    {
      config: { auth: 'optional' },
      schema: {
        tags,
        summary: 'Open a game: its address, for money (logged in) or demo money',
        description:
          'A game switched off answers 409 APP_ERR_GAME_MAINTENANCE with `value.recommendations`; a vendor without a contract 409 APP_ERR_GAME_NOT_CONFIGURED.',
        body: launchBodySchema,
        response: { 200: envelopeOf(launchAnswerSchema), ...refusals },
      },
    },
    async (request) => ok(await launchGame(db, reader(request), request.member, request.body)),
  );
};
