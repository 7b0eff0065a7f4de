import {
  adjustmentAnswerSchema,
  adjustmentBodySchema,
  adjustmentPaths,
  adjustmentRequestPageQuerySchema,
  adjustmentRequestPageSchema,
  adjustmentRequestParamsSchema,
  adjustmentRequestSchema,
  apiPaths,
  approveAdjustmentBodySchema,
  envelopeOf,
  memberIdParamsSchema,
  rejectAdjustmentBodySchema,
} from '@platform/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { failures, ok } from '../../platform/http.ts';
import { memberById } from '../members/members.service.ts';
import { MerchantDirectory } from '../merchants/merchants.service.ts';
import { operatorOf, scopeOf } from '../operators/operators.guard.ts';
import {
  adjustBalance,
  adjustmentRequestList,
  adjustmentRequestMerchant,
  approveAdjustment,
  rejectAdjustment,
} from './adjustments.service.ts';

const tags = ['operator'];
const refusals = failures(400, 401, 403, 404, 409);

/**
 * Manual adjustments and their maker-checker (decision 0047): the adjustment (posted, or a request
 * at or above the merchant's threshold), the requests' list, approval and rejection. Each route
 * passes `requireOperator` with the merchant of the member or request it names.
 */
export const adjustmentsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  // Only merchants' ids and codes are read here, which never change: a minute's cache is exact.
  const directory = new MerchantDirectory(db, 60_000);
  const memberMerchant = async (request: { params: unknown }) => ({
    id: (await memberById(db, (request.params as { memberId: number }).memberId))?.merchantId ?? null,
  });
  const requestMerchant = async (request: { params: unknown }) => ({
    id: await adjustmentRequestMerchant(db, (request.params as { id: number }).id),
  });

  app.post(
    apiPaths.adminAdjustment,
    {
      preHandler: app.requireOperator('ledger.adjust', memberMerchant),
      schema: {
        tags,
        summary:
          "Adjust a member's main wallet with a reason (negative debits): posted below the merchant's threshold, else a request for a second operator",
        params: memberIdParamsSchema,
        body: adjustmentBodySchema,
        response: { 200: envelopeOf(adjustmentAnswerSchema), ...refusals },
      },
    },
    async (request) => ok(await adjustBalance(db, operatorOf(request), request.params.memberId, request.body)),
  );

  app.get(
    adjustmentPaths.requests,
    {
      preHandler: app.requireOperator('ledger.read', (request) => {
        const merchant = (request.query as { merchant?: string }).merchant;
        return merchant ? { code: merchant } : 'any';
      }),
      schema: {
        tags,
        summary: 'A page of adjustment requests in the merchants the operator acts for, pending first',
        querystring: adjustmentRequestPageQuerySchema,
        response: { 200: envelopeOf(adjustmentRequestPageSchema), ...refusals },
      },
    },
    async (request) => {
      const scope = scopeOf(request);
      const named = request.query.merchant?.toUpperCase();
      const merchants = (await directory.list()).filter((m) => (!scope || scope.includes(m.id)) && (!named || m.code === named));
      if (named && merchants.length === 0) throw new AppError('APP_ERR_MERCHANT_UNKNOWN');
      return ok(await adjustmentRequestList(db, merchants, request.query));
    },
  );

  app.post(
    adjustmentPaths.approve,
    {
      preHandler: app.requireOperator('ledger.adjust', requestMerchant),
      schema: {
        tags,
        summary: 'Approve a pending adjustment request of another operator: the adjustment posts',
        params: adjustmentRequestParamsSchema,
        body: approveAdjustmentBodySchema,
        response: { 200: envelopeOf(adjustmentRequestSchema), ...refusals },
      },
    },
    async (request) => ok(await approveAdjustment(db, operatorOf(request), request.params.id, request.body.reason)),
  );

  app.post(
    adjustmentPaths.reject,
    {
      preHandler: app.requireOperator('ledger.adjust', requestMerchant),
      schema: {
        tags,
        summary: 'Reject a pending adjustment request with a reason: nothing moves',
        params: adjustmentRequestParamsSchema,
        body: rejectAdjustmentBodySchema,
        response: { 200: envelopeOf(adjustmentRequestSchema), ...refusals },
      },
    },
    async (request) => ok(await rejectAdjustment(db, operatorOf(request), request.params.id, request.body.reason)),
  );
};
