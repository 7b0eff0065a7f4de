import {
  adminMerchantVendorListSchema,
  envelopeOf,
  merchantCodeParamsSchema,
  merchantVendorBodySchema,
  merchantVendorParamsSchema,
  vendorAdminPaths,
} from '@platform/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appendAudit } from '../../platform/audit.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { failures, ok } from '../../platform/http.ts';
import type { ReadCache } from '../../platform/read-cache.ts';
import { merchantByCode } from '../merchants/merchants.service.ts';
import { operatorOf } from '../operators/operators.guard.ts';
import { merchantVendorSettings, switchMerchantVendor } from './games.service.ts';

const tags = ['operator'];
const refusals = failures(400, 401, 403, 404);

/** The operators' vendor switch of a merchant: list the vendors it offers, turn one on or off (audited). */
export const gamesAdminRoutes: FastifyPluginAsyncZod<{ db: Db; cache: ReadCache }> = async (app, { db, cache }) => {
  const byCode = async (code: string) => {
    const merchant = await merchantByCode(db, code.toUpperCase());
    if (!merchant) throw new AppError('APP_ERR_MERCHANT_UNKNOWN');
    return merchant;
  };
  const namedMerchant = (request: { params: unknown }) => ({ code: (request.params as { code: string }).code });

  app.get(
    vendorAdminPaths.merchantVendors,
    {
      preHandler: app.requireOperator('merchants.read', namedMerchant),
      schema: {
        tags,
        summary: 'The game vendors a merchant offers, each on or off',
        params: merchantCodeParamsSchema,
        response: { 200: envelopeOf(adminMerchantVendorListSchema), ...refusals },
      },
    },
    async (request) => {
      const merchant = await byCode(request.params.code);
      return ok({ code: merchant.code, list: await merchantVendorSettings(db, merchant.id) });
    },
  );

  app.put(
    vendorAdminPaths.merchantVendor,
    {
      preHandler: app.requireOperator('merchants.manage', namedMerchant),
      schema: {
        tags,
        summary: 'Turn a game vendor of the merchant on (its contract is signed) or off',
        params: merchantVendorParamsSchema,
        body: merchantVendorBodySchema,
        response: { 200: envelopeOf(adminMerchantVendorListSchema), ...refusals },
      },
    },
    async (request) => {
      const merchant = await byCode(request.params.code);
      const vendor = request.params.vendor.toUpperCase();
      await switchMerchantVendor(db, merchant.id, vendor, request.body.enabled);
      await appendAudit(db, {
        operator: operatorOf(request).account,
        action: 'merchant.vendor',
        merchantId: merchant.id,
        target: `merchant:${merchant.code}`,
        reason: '',
        details: { vendor, enabled: request.body.enabled },
      });
      // This node's lobby answers show the change at once; other nodes' within their few seconds of cache.
      cache.clear();
      return ok({ code: merchant.code, list: await merchantVendorSettings(db, merchant.id) });
    },
  );
};
