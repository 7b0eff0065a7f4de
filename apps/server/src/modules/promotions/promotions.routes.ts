import {
  activitySchema,
  adminOfferSchema,
  adminOffersQuerySchema,
  claimActivityBodySchema,
  claimActivityParamsSchema,
  claimedActivitySchema,
  envelopeOf,
  newOfferBodySchema,
  offerIdParamsSchema,
  offerSwitchBodySchema,
  promotionAdminPaths,
  promotionPaths,
} from '@platform/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../platform/db.ts';
import { failures, memberOf, ok } from '../../platform/http.ts';
import { operatorOf } from '../operators/operators.guard.ts';
import { activities, claimOffer } from './promotions.service.ts';
import { addOffer, adminOffers, merchantOfOffer, switchOffer } from './promotions-admin.service.ts';

const tags = ['promotions'];
const admin = ['admin'];

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

  app.get(
    promotionAdminPaths.offers,
    {
      preHandler: app.requireOperator('promotions.read', (request) => ({ code: (request.query as { merchant: string }).merchant })),
      schema: {
        tags: admin,
        summary: "A merchant's promotion offers, switched on or not",
        querystring: adminOffersQuerySchema,
        response: { 200: envelopeOf(z.array(adminOfferSchema)), ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await adminOffers(db, request.query.merchant)),
  );

  app.post(
    promotionAdminPaths.offers,
    {
      preHandler: app.requireOperator('promotions.manage', (request) => ({
        code: String((request.body as { merchant?: unknown })?.merchant ?? ''),
      })),
      schema: {
        tags: admin,
        summary: "Creates an offer for a merchant; a type the merchant's market forbids is refused",
        body: newOfferBodySchema,
        response: { 200: envelopeOf(adminOfferSchema), ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await addOffer(db, operatorOf(request).account, request.body)),
  );

  app.post(
    promotionAdminPaths.offerSwitch,
    {
      preHandler: app.requireOperator('promotions.manage', async (request) => ({
        id: await merchantOfOffer(db, Number((request.params as { id?: string }).id) || 0),
      })),
      schema: {
        tags: admin,
        summary: 'Switches an offer on or off; switching on a type the market forbids is refused',
        params: offerIdParamsSchema,
        body: offerSwitchBodySchema,
        response: { 200: envelopeOf(adminOfferSchema), ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await switchOffer(db, operatorOf(request).account, request.params.id, request.body.enabled)),
  );
};
