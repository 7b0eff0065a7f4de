import {
  activitySchema,
  claimActivityBodySchema,
  claimActivityParamsSchema,
  claimedActivitySchema,
  envelopeOf,
  promotionPaths,
} from '@platform/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../platform/db.ts';
import { failures, memberOf, ok } from '../../platform/http.ts';
import { activities, claimOffer } from './promotions.service.ts';

const tags = ['promotions'];

/** The promotions that pay money (activities) with the reader's state, and claiming one (decision 0030). */
export const promotionsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    promotionPaths.activities,
    {
      config: { auth: 'optional' },
      schema: {
        tags,
        summary: "The merchant's promotions that pay money, with their terms and the reader's status in each",
        response: { 200: envelopeOf(z.array(activitySchema)) },
      },
    },
    async (request) => ok(await activities(db, { merchant: request.merchant, lang: request.lang, memberId: request.member?.id ?? null })),
  );

  app.post(
    promotionPaths.claimActivity,
    {
      config: { auth: 'real' },
      schema: {
        tags,
        summary: 'Claims a promotion: its reward into the bonus wallet with its wagering, once per member and period',
        params: claimActivityParamsSchema,
        body: claimActivityBodySchema,
        response: { 200: envelopeOf(claimedActivitySchema), ...failures(400, 403, 404, 409) },
      },
    },
    async (request) => ok(await claimOffer(db, request.merchant, memberOf(request).id, request.params.id)),
  );
};
