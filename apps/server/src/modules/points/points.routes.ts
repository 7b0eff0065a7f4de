import {
  adminRedemptionSchema,
  adminRedemptionsQuerySchema,
  adminRedemptionsSchema,
  approveRedemptionBodySchema,
  completeRedemptionBodySchema,
  convertAnswerSchema,
  convertPointsBodySchema,
  envelopeOf,
  mallGoodsSchema,
  pointsBalanceSchema,
  pointsConfigSchema,
  pointsPaths,
  pointsTransactionsQuerySchema,
  pointsTransactionsSchema,
  redeemAnswerSchema,
  redeemBodySchema,
  redeemListQuerySchema,
  redeemListSchema,
  redemptionParamsSchema,
  rejectRedemptionBodySchema,
  toAmount,
} from '@platform/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../platform/db.ts';
import { failures, memberOf, ok } from '../../platform/http.ts';
import type { PasswordHasher } from '../auth/passwords.ts';
import type { MerchantDirectory } from '../merchants/merchants.service.ts';
import { operatorOf, scopeOf } from '../operators/operators.guard.ts';
import { publishBalances } from '../wallet/wallet.service.ts';
import {
  adminRedemptions,
  approveRedemption,
  completeRedemption,
  mallGoods,
  merchantOfRedemption,
  redeem,
  redeemList,
  redemptionView,
  rejectRedemption,
} from './mall.service.ts';
import { convertPoints, pointsBalance, pointsConfig, pointsTransactions } from './points.service.ts';

const tags = ['points'];
const admin = ['operator'];

/** The points calls (balance, config, transaction detail, convert, redeem, redeem list), the mall's goods, and the operators' fulfilment. */
export const pointsRoutes: FastifyPluginAsyncZod<{ db: Db; hasher: PasswordHasher; directory: MerchantDirectory }> = async (
  app,
  { db, hasher, directory },
) => {
  app.get(
    pointsPaths.balance,
    {
      config: { auth: 'member' },
      schema: {
        tags,
        summary: 'The member’s points: spendable, held by applications, earned in all',
        response: { 200: envelopeOf(pointsBalanceSchema) },
      },
    },
    async (request) => ok(await pointsBalance(db, memberOf(request))),
  );

  app.get(
    pointsPaths.config,
    { schema: { tags, summary: 'The merchant’s points rules and points ratio', response: { 200: envelopeOf(pointsConfigSchema) } } },
    async (request) => ok(await pointsConfig(db, request.merchant)),
  );

  app.get(
    pointsPaths.transactions,
    {
      config: { auth: 'member' },
      schema: {
        tags,
        summary: 'Member transaction detail: each movement of the member’s points with the balance it left',
        querystring: pointsTransactionsQuerySchema,
        response: { 200: envelopeOf(pointsTransactionsSchema), ...failures(400) },
      },
    },
    async (request) => ok(await pointsTransactions(db, memberOf(request), request.query)),
  );

  app.post(
    pointsPaths.convert,
    {
      config: { auth: 'real' },
      schema: {
        tags,
        summary: 'Convert points to cash at the points ratio, in whole steps (payment password)',
        body: convertPointsBodySchema,
        response: { 200: envelopeOf(convertAnswerSchema), ...failures(400, 403, 409, 423) },
      },
    },
    async (request) => {
      const member = memberOf(request);
      const res = await convertPoints(db, hasher, member, request.merchant, request.body);
      await publishBalances(db, res.members);
      return ok({
        reference: res.reference,
        points: res.points,
        cash: toAmount(res.cash, request.merchant.currency),
        balance: await pointsBalance(db, member),
      });
    },
  );

  app.get(
    pointsPaths.goods,
    {
      config: { auth: 'optional' },
      schema: {
        tags,
        summary: 'The points mall’s goods, with what the member redeemed of each today',
        response: { 200: envelopeOf(mallGoodsSchema) },
      },
    },
    async (request) => ok(await mallGoods(db, request.merchant, request.member?.id ?? null, request.lang)),
  );

  app.post(
    pointsPaths.redeem,
    {
      config: { auth: 'real' },
      schema: {
        tags,
        summary: 'Redeem goods (payment password): points and stock reserved while the application waits for an operator',
        body: redeemBodySchema,
        response: { 200: envelopeOf(redeemAnswerSchema), ...failures(400, 403, 404, 409, 423) },
      },
    },
    async (request) => {
      const member = memberOf(request);
      const row = await redeem(db, hasher, member, request.merchant, request.body);
      return ok({ redemption: redemptionView(row, request.lang, request.merchant.currency), balance: await pointsBalance(db, member) });
    },
  );

  app.get(
    pointsPaths.redeemList,
    {
      config: { auth: 'member' },
      schema: {
        tags,
        summary: 'Redeem list: the member’s points and exchange records, newest first',
        querystring: redeemListQuerySchema,
        response: { 200: envelopeOf(redeemListSchema), ...failures(400) },
      },
    },
    async (request) => ok(await redeemList(db, memberOf(request), request.lang, request.merchant.currency, request.query)),
  );

  app.get(
    pointsPaths.adminRedemptions,
    {
      preHandler: app.requireOperator('points.read', (request) => {
        const merchant = (request.query as { merchant?: string }).merchant;
        return merchant ? { code: merchant } : 'any';
      }),
      schema: {
        tags: admin,
        summary: 'Points mall redemptions of my merchants, newest first',
        querystring: adminRedemptionsQuerySchema,
        response: { 200: envelopeOf(adminRedemptionsSchema), ...failures(400, 401, 403) },
      },
    },
    async (request) => ok(await adminRedemptions(db, directory, scopeOf(request), request.query)),
  );

  const ofRedemption = (request: { params: unknown }) =>
    merchantOfRedemption(db, String((request.params as { reference?: string }).reference ?? ''));
  const shaped = async (row: Awaited<ReturnType<typeof approveRedemption>>) => {
    const merchant = (await directory.list()).find((m) => m.id === row.merchantId);
    return {
      ...redemptionView(row, 'EN', merchant?.currency ?? 'BRL'),
      merchant: merchant?.code ?? '',
      account: '',
      decidedBy: row.decidedBy,
    };
  };
  const decisionSchema = {
    params: redemptionParamsSchema,
    response: { 200: envelopeOf(adminRedemptionSchema), ...failures(400, 401, 403, 404, 409) },
  };

  app.post(
    pointsPaths.adminRedemptionApprove,
    {
      preHandler: app.requireOperator('points.fulfil', ofRedemption),
      schema: {
        tags: admin,
        summary: 'Approve an application: its points are spent (virtual goods complete at once)',
        body: approveRedemptionBodySchema,
        ...decisionSchema,
      },
    },
    async (request) =>
      ok(await shaped(await approveRedemption(db, operatorOf(request).account, request.params.reference, request.body.remark))),
  );

  app.post(
    pointsPaths.adminRedemptionReject,
    {
      preHandler: app.requireOperator('points.fulfil', ofRedemption),
      schema: {
        tags: admin,
        summary: 'Reject an application: its points and stock are given back',
        body: rejectRedemptionBodySchema,
        ...decisionSchema,
      },
    },
    async (request) =>
      ok(await shaped(await rejectRedemption(db, operatorOf(request).account, request.params.reference, request.body.remark))),
  );

  app.post(
    pointsPaths.adminRedemptionComplete,
    {
      preHandler: app.requireOperator('points.fulfil', ofRedemption),
      schema: {
        tags: admin,
        summary: 'The goods were shipped: exchange completed, with the tracking number',
        body: completeRedemptionBodySchema,
        ...decisionSchema,
      },
    },
    async (request) => ok(await shaped(await completeRedemption(db, operatorOf(request).account, request.params.reference, request.body))),
  );
};
