import { apiPaths, envelopeOf, gameVendorSchema } from '@platform/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../platform/db.ts';
import { ok } from '../../platform/http.ts';
import type { ReadCache } from '../../platform/read-cache.ts';
import { vendorsOf } from './games.service.ts';

export const gamesRoutes: FastifyPluginAsyncZod<{ db: Db; cache: ReadCache }> = async (app, { db, cache }) => {
  app.get(
    apiPaths.gameVendors,
    {
      schema: {
        tags: ['games'],
        summary: "The merchant's game vendors by category (side menu and footer)",
        response: { 200: envelopeOf(z.array(gameVendorSchema)) },
      },
    },
    async (request) => ok(await cache.get(`vendors:${request.merchant.id}`, () => vendorsOf(db, request.merchant.id))),
  );
};
