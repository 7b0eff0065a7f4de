import { envelopeOf, loyaltyPaths, referralStatusSchema } from '@platform/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../platform/db.ts';
import { failures, memberOf, ok } from '../../platform/http.ts';
import { referralStatus } from './referral.service.ts';

/** The invite-friends page (decision 0036): the member's code and link, the programme, the friends and rewards. */
export const referralRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    loyaltyPaths.referral,
    {
      config: { auth: 'real' },
      schema: {
        tags: ['referral'],
        summary: "The member's invite code and link, the programme's terms and the friends invited with their state",
        response: { 200: envelopeOf(referralStatusSchema), ...failures(401, 403) },
      },
    },
    async (request) => ok(await referralStatus(db, request.merchant, memberOf(request).id)),
  );
};
