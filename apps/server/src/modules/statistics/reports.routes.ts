import { dailyReportQuerySchema, dailyReportSchema, envelopeOf, reportPaths } from '@platform/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { failures, ok } from '../../platform/http.ts';
import type { MerchantDirectory } from '../merchants/merchants.service.ts';
import { dailyReport } from './reports.service.ts';

const tags = ['operator'];
const refusals = failures(400, 401, 403, 404);

/** The back office's reports: one merchant's figures per local day, for the finance operators of its scope. */
export const reportsRoutes: FastifyPluginAsyncZod<{ db: Db; directory: MerchantDirectory }> = async (app, { db, directory }) => {
  app.get(
    reportPaths.daily,
    {
      preHandler: app.requireOperator('reports.read', (request) => ({ code: (request.query as { merchant?: string }).merchant ?? '' })),
      schema: {
        tags,
        summary: 'A merchant’s deposits, withdrawals, bets, payouts, GGR, bonuses, NGR and active players per local day',
        querystring: dailyReportQuerySchema,
        response: { 200: envelopeOf(dailyReportSchema), ...refusals },
      },
    },
    async (request) => {
      const merchant = (await directory.list()).find((m) => m.code === request.query.merchant.toUpperCase());
      if (!merchant) throw new AppError('APP_ERR_MERCHANT_UNKNOWN');
      return ok(await dailyReport(db, merchant, request.query));
    },
  );
};
