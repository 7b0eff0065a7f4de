import {
  adminBannerSchema,
  adminBannersSchema,
  bannerBodySchema,
  bannerParamsSchema,
  contentAdminPaths,
  envelopeOf,
} from '@platform/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { failures, ok } from '../../platform/http.ts';
import type { ReadCache } from '../../platform/read-cache.ts';
import type { MerchantDirectory } from '../merchants/merchants.service.ts';
import { operatorOf } from '../operators/operators.guard.ts';
import { merchantBanners, updateBanner } from './content.admin.service.ts';

const tags = ['operator'];
const refusals = failures(400, 401, 403, 404);

/**
 * The content operators' banners of a merchant: the list and the edit of one (texts, link, order,
 * image from the merchant's set, schedule, switch). An edit clears this node's read cache, so the
 * site shows it at once here and on the other nodes within the cache's time.
 */
export const contentAdminRoutes: FastifyPluginAsyncZod<{ db: Db; directory: MerchantDirectory; cache: ReadCache }> = async (
  app,
  { db, directory, cache },
) => {
  const merchantOf = async (code: string) => {
    const merchant = (await directory.list()).find((m) => m.code === code.toUpperCase());
    if (!merchant) throw new AppError('APP_ERR_MERCHANT_UNKNOWN');
    return merchant;
  };
  const guard = app.requireOperator('content.manage', (request) => ({ code: (request.params as { code: string }).code }));

  app.get(
    contentAdminPaths.banners,
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'A merchant’s banners of every group, on or off, with the images they may use',
        params: z.object({ code: bannerParamsSchema.shape.code }),
        response: { 200: envelopeOf(adminBannersSchema), ...refusals },
      },
    },
    async (request) => ok(await merchantBanners(db, await merchantOf(request.params.code))),
  );

  app.put(
    contentAdminPaths.banner,
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Edit a banner: texts per language, link, order, image, schedule, on/off (audited)',
        params: bannerParamsSchema,
        body: bannerBodySchema,
        response: { 200: envelopeOf(adminBannerSchema), ...refusals },
      },
    },
    async (request) => {
      const merchant = await merchantOf(request.params.code);
      const banner = await updateBanner(db, operatorOf(request).account, merchant, request.params.id, request.body);
      cache.clear();
      return ok(banner);
    },
  );
};
