import {
  adjustmentThresholdBodySchema,
  adminMerchantListSchema,
  adminPaths,
  envelopeOf,
  ledgerCheckSchema,
  lotteryCapsBodySchema,
  lotteryCapsSchema,
  maintenanceBodySchema,
  merchantCodeParamsSchema,
  restrictedCountriesBodySchema,
  toAmount,
  turnoverBodySchema,
  turnoverSchema,
} from '@platform/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appendAudit } from '../../platform/audit.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { failures, ok } from '../../platform/http.ts';
import { minorOf } from '../../platform/money.ts';
import { capsOf, setCaps } from '../lottery/lottery.limits.ts';
import {
  adjustmentThresholdOf,
  type Merchant,
  type MerchantDirectory,
  merchantByCode,
  setTurnoverMultiplier,
} from '../merchants/merchants.service.ts';
import { checkLedger } from '../wallet/ledger.service.ts';
import { operatorOf, scopeOf } from './operators.guard.ts';

const tags = ['operator'];
const refusals = failures(400, 401, 403, 404);

const merchantView = (m: Merchant) => ({
  code: m.code,
  currency: m.currency,
  languages: m.langList,
  maintenance: m.maintenance,
  maintenanceEnd: m.maintenanceEnd?.getTime() ?? null,
  restrictedCountries: m.restrictedCountries,
  adjustmentThreshold: toAmount(adjustmentThresholdOf(m), m.currency),
});

/**
 * The platform settings the command line (`npm run merchant`) changes, as admin API calls, so the
 * CLI works beside a running server on either database. The back office's merchant, money and
 * lottery screens will take these over; each change is audited.
 */
export const platformAdminRoutes: FastifyPluginAsyncZod<{ db: Db; directory: MerchantDirectory }> = async (app, { db, directory }) => {
  const byCode = async (code: string) => {
    const merchant = await merchantByCode(db, code.toUpperCase());
    if (!merchant) throw new AppError('APP_ERR_MERCHANT_UNKNOWN');
    return merchant;
  };
  const namedMerchant = (request: { params: unknown }) => ({ code: (request.params as { code: string }).code });
  const audit = (operator: string, action: string, merchant: Merchant, details: Record<string, unknown>, reason = '') =>
    appendAudit(db, { operator, action, merchantId: merchant.id, target: `merchant:${merchant.code}`, reason, details });

  app.get(
    adminPaths.merchants,
    {
      preHandler: app.requireOperator('merchants.read'),
      schema: { tags, summary: 'The merchants the operator acts for', response: { 200: envelopeOf(adminMerchantListSchema), ...refusals } },
    },
    async (request) => {
      const scope = scopeOf(request);
      const list = (await directory.list()).filter((m) => !scope || scope.includes(m.id));
      return ok({ list: list.map(merchantView) });
    },
  );

  app.put(
    adminPaths.merchantMaintenance,
    {
      preHandler: app.requireOperator('merchants.manage', namedMerchant),
      schema: {
        tags,
        summary: 'Put a merchant into maintenance (until a time, or until switched off), or out of it',
        params: merchantCodeParamsSchema,
        body: maintenanceBodySchema,
        response: { 200: envelopeOf(adminMerchantListSchema.shape.list.element), ...refusals },
      },
    },
    async (request) => {
      const merchant = await byCode(request.params.code);
      const until = request.body.until ? new Date(request.body.until) : null;
      const updated = await directory.setMaintenance(merchant.code, request.body.on, until);
      await audit(
        operatorOf(request).account,
        'merchant.maintenance',
        merchant,
        { on: request.body.on, until: request.body.until ?? null },
        request.body.reason ?? '',
      );
      return ok(merchantView(updated));
    },
  );

  app.put(
    adminPaths.merchantRestrictions,
    {
      preHandler: app.requireOperator('merchants.manage', namedMerchant),
      schema: {
        tags,
        summary: 'Set the countries whose visitors get the restriction page (empty: none)',
        params: merchantCodeParamsSchema,
        body: restrictedCountriesBodySchema,
        response: { 200: envelopeOf(adminMerchantListSchema.shape.list.element), ...refusals },
      },
    },
    async (request) => {
      const merchant = await byCode(request.params.code);
      const updated = await directory.setRestrictedCountries(merchant.code, request.body.countries);
      await audit(operatorOf(request).account, 'merchant.restrict', merchant, { countries: updated.restrictedCountries });
      return ok(merchantView(updated));
    },
  );

  app.put(
    adminPaths.merchantAdjustmentThreshold,
    {
      preHandler: app.requireOperator('merchants.manage', namedMerchant),
      schema: {
        tags,
        summary: "Set the amount from which a manual adjustment of the merchant's players waits for a second operator's approval",
        params: merchantCodeParamsSchema,
        body: adjustmentThresholdBodySchema,
        response: { 200: envelopeOf(adminMerchantListSchema.shape.list.element), ...refusals },
      },
    },
    async (request) => {
      const merchant = await byCode(request.params.code);
      const threshold = minorOf(request.body.threshold, merchant.currency, 'threshold');
      const updated = await directory.setAdjustmentThreshold(merchant.code, threshold);
      await audit(operatorOf(request).account, 'merchant.adjustment_threshold', merchant, {
        before: adjustmentThresholdOf(merchant),
        after: threshold,
      });
      return ok(merchantView(updated));
    },
  );

  app.put(
    adminPaths.merchantTurnover,
    {
      preHandler: app.requireOperator('payments.settings', namedMerchant),
      schema: {
        tags,
        summary: 'How many times a deposit must be wagered before a withdrawal (0: never)',
        params: merchantCodeParamsSchema,
        body: turnoverBodySchema,
        response: { 200: envelopeOf(turnoverSchema), ...refusals },
      },
    },
    async (request) => {
      const merchant = await byCode(request.params.code);
      await setTurnoverMultiplier(db, merchant.id, request.body.multiplier);
      await audit(operatorOf(request).account, 'payments.turnover', merchant, { multiplier: request.body.multiplier });
      return ok({ code: merchant.code, multiplier: request.body.multiplier });
    },
  );

  app.get(
    adminPaths.merchantLotteryCaps,
    {
      preHandler: app.requireOperator('lottery.caps', namedMerchant),
      schema: {
        tags,
        summary: "The merchant's lottery liability caps",
        params: merchantCodeParamsSchema,
        response: { 200: envelopeOf(lotteryCapsSchema), ...refusals },
      },
    },
    async (request) => {
      const merchant = await byCode(request.params.code);
      const caps = await capsOf(db, merchant.id);
      return ok({
        code: merchant.code,
        currency: merchant.currency,
        numberCap: toAmount(caps.numberCap, merchant.currency),
        drawCap: toAmount(caps.drawCap, merchant.currency),
      });
    },
  );

  app.put(
    adminPaths.merchantLotteryCaps,
    {
      preHandler: app.requireOperator('lottery.caps', namedMerchant),
      schema: {
        tags,
        summary: 'Set the most the house may owe on one number of one play of an issue, and on one issue',
        params: merchantCodeParamsSchema,
        body: lotteryCapsBodySchema,
        response: { 200: envelopeOf(lotteryCapsSchema), ...refusals },
      },
    },
    async (request) => {
      const merchant = await byCode(request.params.code);
      const change: { numberCap?: number; drawCap?: number } = {};
      if (request.body.numberCap !== undefined) change.numberCap = minorOf(request.body.numberCap, merchant.currency, 'numberCap');
      if (request.body.drawCap !== undefined) change.drawCap = minorOf(request.body.drawCap, merchant.currency, 'drawCap');
      const caps = await setCaps(db, merchant.id, change);
      await audit(operatorOf(request).account, 'lottery.caps', merchant, change);
      return ok({
        code: merchant.code,
        currency: merchant.currency,
        numberCap: toAmount(caps.numberCap, merchant.currency),
        drawCap: toAmount(caps.drawCap, merchant.currency),
      });
    },
  );

  app.post(
    adminPaths.ledgerCheck,
    {
      preHandler: app.requireOperator('ledger.check', () => 'platform'),
      schema: {
        tags,
        summary: 'Check the ledger: each balance equals its entries, each movement sums to zero',
        response: { 200: envelopeOf(ledgerCheckSchema), ...refusals },
      },
    },
    async () => ok(await checkLedger(db)),
  );
};
