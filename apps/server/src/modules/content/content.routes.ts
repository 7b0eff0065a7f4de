import {
  announcementsQuerySchema,
  announcementsSchema,
  apiPaths,
  bannerSchema,
  bannersQuerySchema,
  envelopeOf,
  helpArticleSchema,
  promotionDetailParamsSchema,
  promotionSchema,
  promotionsQuerySchema,
} from '@platform/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../platform/db.ts';
import { ok } from '../../platform/http.ts';
import type { ReadCache } from '../../platform/read-cache.ts';
import { announcementBundle, bannersOf, helpCentre, promotionDetail, promotionsOf } from './content.service.ts';

const tags = ['content'];

/** Cache key of one read for one merchant and language. */
export function readKey(request: FastifyRequest, name: string, args: unknown = ''): string {
  return `${name}:${request.merchant.id}:${request.lang}:${JSON.stringify(args)}`;
}

export const contentRoutes: FastifyPluginAsyncZod<{ db: Db; cache: ReadCache }> = async (app, { db, cache }) => {
  app.get(
    apiPaths.announcements,
    {
      schema: {
        tags,
        summary: 'Notices (paged), popups, home banners and promotions',
        querystring: announcementsQuerySchema,
        response: { 200: envelopeOf(announcementsSchema) },
      },
    },
    async (request) =>
      ok(await cache.get(readKey(request, 'announcements', request.query), () => announcementBundle(db, request, request.query))),
  );

  app.get(
    apiPaths.banners,
    {
      schema: {
        tags,
        summary: 'Banners of one group',
        querystring: bannersQuerySchema,
        response: { 200: envelopeOf(z.array(bannerSchema)) },
      },
    },
    async (request) => ok(await cache.get(readKey(request, 'banners', request.query), () => bannersOf(db, request, request.query.group))),
  );

  app.get(
    apiPaths.promotions,
    {
      schema: {
        tags,
        summary: 'Live promotions, optionally of one category',
        querystring: promotionsQuerySchema,
        response: { 200: envelopeOf(z.array(promotionSchema)) },
      },
    },
    async (request) =>
      ok(await cache.get(readKey(request, 'promotions', request.query), () => promotionsOf(db, request, request.query.category))),
  );

  app.get(
    apiPaths.promotionDetail,
    { schema: { tags, summary: 'One promotion', params: promotionDetailParamsSchema, response: { 200: envelopeOf(promotionSchema) } } },
    async (request) =>
      ok(await cache.get(readKey(request, 'promotion', request.params), () => promotionDetail(db, request, request.params.id))),
  );

  app.get(
    apiPaths.helpCenter,
    {
      config: { openDuringMaintenance: true },
      schema: { tags, summary: 'Help-centre articles', response: { 200: envelopeOf(z.array(helpArticleSchema)) } },
    },
    async (request) => ok(await cache.get(readKey(request, 'help'), () => helpCentre(db, request))),
  );
};
