import {
  adminLeaderboardSchema,
  adminLeaderboardsQuerySchema,
  envelopeOf,
  leaderboardListSchema,
  leaderboardPaths,
  leaderboardQuerySchema,
  newLeaderboardBodySchema,
} from '@platform/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../platform/db.ts';
import { failures, ok } from '../../platform/http.ts';
import { operatorOf } from '../operators/operators.guard.ts';
import { addLeaderboard, adminLeaderboards, leaderboardsOf } from './leaderboards.service.ts';

const tags = ['rewards'];
const admin = ['operator'];

/** Leaderboards (decision 0043): the player's boards with their own live rank, and the operators' boards. */
export const leaderboardsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    leaderboardPaths.list,
    {
      config: { auth: 'optional' },
      schema: {
        tags,
        summary: 'The merchant’s leaderboards this period: prizes, the top list and the member’s own live rank',
        querystring: leaderboardQuerySchema,
        response: { 200: envelopeOf(leaderboardListSchema), ...failures(400) },
      },
    },
    async (request) => ok(await leaderboardsOf(db, request.merchant, request.member?.id ?? null, request.lang, request.query.top)),
  );

  app.get(
    leaderboardPaths.admin,
    {
      preHandler: app.requireOperator('promotions.read', (request) => ({ code: (request.query as { merchant: string }).merchant })),
      schema: {
        tags: admin,
        summary: 'A merchant’s leaderboards (prizes in minor units)',
        querystring: adminLeaderboardsQuerySchema,
        response: { 200: envelopeOf(z.array(adminLeaderboardSchema)), ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await adminLeaderboards(db, request.query.merchant)),
  );

  app.post(
    leaderboardPaths.admin,
    {
      preHandler: app.requireOperator('promotions.manage', (request) => ({
        code: String((request.body as { merchant?: unknown })?.merchant ?? ''),
      })),
      schema: {
        tags: admin,
        summary: 'Creates a leaderboard: period, game category or all, prizes by rank',
        body: newLeaderboardBodySchema,
        response: { 200: envelopeOf(adminLeaderboardSchema), ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await addLeaderboard(db, operatorOf(request).account, request.body)),
  );
};
