import { envelopeOf, loyaltyPaths, vipStatusSchema } from '@platform/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../platform/db.ts';
import { failures, memberOf, ok } from '../../platform/http.ts';
import { vipStatus } from './vip.service.ts';

/** The VIP page (decision 0036): opening it raises the member to the level they reach and pays its bonus once. */
export const vipRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    loyaltyPaths.vip,
    {
      config: { auth: 'real' },
      schema: {
        tags: ['vip'],
        summary: "The merchant's VIP levels, the member's level, progress to the next and the upgrade bonuses paid",
        response: { 200: envelopeOf(vipStatusSchema), ...failures(401, 403) },
      },
    },
    async (request) => ok(await vipStatus(db, request.merchant, request.lang, memberOf(request).id)),
  );
};
