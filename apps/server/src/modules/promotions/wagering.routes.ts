import {
  bonusDetailsQuerySchema,
  bonusDetailsSchema,
  envelopeOf,
  forfeitBonusesBodySchema,
  forfeitedSchema,
  promotionPaths,
  toAmount,
} from '@platform/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../platform/db.ts';
import { failures, memberOf, ok } from '../../platform/http.ts';
import { publishBalances } from '../wallet/wallet.service.ts';
import { bonusDetails, forfeitBonuses } from './wagering.service.ts';

const tags = ['promotions'];

/** The member's bonuses with their wagering (bonusDetails), and giving them up before a withdrawal. */
export const wageringRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    promotionPaths.bonusDetails,
    {
      config: { auth: 'member' },
      schema: {
        tags,
        summary: 'bonusDetails: each bonus with its wagering progress, what is still owed and the bonus money held',
        querystring: bonusDetailsQuerySchema,
        response: { 200: envelopeOf(bonusDetailsSchema), ...failures(400) },
      },
    },
    async (request) => ok(await bonusDetails(db, memberOf(request).id, request.merchant.currency, request.query)),
  );

  app.post(
    promotionPaths.forfeitBonuses,
    {
      config: { auth: 'real' },
      schema: {
        tags,
        summary: 'Gives up every bonus still wagering (after the warning): its money goes back, nothing is owed any more',
        body: forfeitBonusesBodySchema,
        response: { 200: envelopeOf(forfeitedSchema), ...failures(400) },
      },
    },
    async (request) => {
      const res = await forfeitBonuses(db, memberOf(request).id);
      await publishBalances(db, res.members);
      return ok({ forfeited: res.forfeited, amount: toAmount(res.amount, request.merchant.currency) });
    },
  );
};
