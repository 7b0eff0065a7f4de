import { bigWinsSchema, envelopeOf, homePaths } from '@platform/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../platform/db.ts';
import { failures, ok } from '../../platform/http.ts';
import type { ReadCache } from '../../platform/read-cache.ts';
import { bigWins } from './big-wins.service.ts';

/** The home page's recent big wins (public, per merchant and language, through the read cache). */
export const bigWinsRoutes: FastifyPluginAsyncZod<{ db: Db; cache: ReadCache }> = async (app, { db, cache }) => {
  app.get(
    homePaths.bigWins,
    {
      schema: {
        tags: ['records'],
        summary: "The merchant's largest wins of the last 7 days, accounts masked (home page)",
        response: { 200: envelopeOf(bigWinsSchema), ...failures(403, 503) },
      },
    },
    async (request) =>
      ok(await cache.get(`big-wins:${request.merchant.id}:${request.lang}`, () => bigWins(db, request.merchant, request.lang))),
  );
};
