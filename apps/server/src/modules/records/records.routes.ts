import {
  bettingRecordDetailSchema,
  bettingRecordPaths,
  bettingRecordQuerySchema,
  bettingRecordSchema,
  envelopeOf,
  idParamSchema,
} from '@platform/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../platform/db.ts';
import { failures, memberOf, ok } from '../../platform/http.ts';
import { bettingRecord, bettingRecordDetail } from './records.service.ts';

const tags = ['records'];
const refusals = failures(400, 401, 403, 404);

/** The betting record of the member centre (personalHistoryCopy) and game recall. */
export const recordsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    bettingRecordPaths.list,
    {
      config: { auth: 'real' },
      schema: {
        tags,
        summary: 'personalHistoryCopy (betting record): every bet of a period, by category, with totals',
        querystring: bettingRecordQuerySchema,
        response: { 200: envelopeOf(bettingRecordSchema), ...refusals },
      },
    },
    async (request) => ok(await bettingRecord(db, memberOf(request).id, request.merchant, request.lang, request.query)),
  );

  app.get(
    bettingRecordPaths.detail,
    {
      config: { auth: 'real' },
      schema: {
        tags,
        summary: 'One bet with what replays it (game recall)',
        params: z.object({ kind: z.enum(['round', 'lottery']), id: idParamSchema }),
        response: { 200: envelopeOf(bettingRecordDetailSchema), ...refusals },
      },
    },
    async (request) =>
      ok(
        await bettingRecordDetail(
          db,
          memberOf(request).id,
          { currency: request.merchant.currency, lang: request.lang, langList: request.merchant.langList },
          request.params.kind,
          request.params.id,
        ),
      ),
  );
};
