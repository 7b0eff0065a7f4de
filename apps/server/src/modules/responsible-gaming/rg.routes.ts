import {
  envelopeOf,
  exclusionBodySchema,
  limitChangeBodySchema,
  responsibleGamingPaths as paths,
  realityCheckBodySchema,
  realityCheckSchema,
  responsibleGamingSchema,
  setLimitBodySchema,
} from '@platform/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../platform/db.ts';
import { failures, memberOf, ok } from '../../platform/http.ts';
import { cancelLimitChange, confirmLimitChange, exclude, overview, rgNow, setLimit } from './limits.service.ts';
import { realityCheck, setRealityCheck } from './reality-check.service.ts';

const tags = ['responsible gaming'];
const done = envelopeOf(z.null());

/** The player's responsible-gaming tools: limits, their pending changes, cool-off and self-exclusion. */
export const responsibleGamingRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    paths.overview,
    {
      config: { auth: 'real' },
      schema: {
        tags,
        summary: 'Limits, pending changes, history, what was spent, the exclusion',
        response: { 200: envelopeOf(responsibleGamingSchema) },
      },
    },
    async (request) => ok(await overview(db, request.merchant, memberOf(request), rgNow())),
  );

  app.put(
    paths.limit,
    {
      config: { auth: 'real' },
      schema: {
        tags,
        summary: 'Set a limit (amount null removes it): lower at once, higher or removed after the cooling period and a confirmation',
        body: setLimitBodySchema,
        response: { 200: done, ...failures(400) },
      },
    },
    async (request) => {
      await setLimit(db, request.merchant, memberOf(request), request.body, rgNow());
      return ok(null);
    },
  );

  app.post(
    paths.confirm,
    {
      config: { auth: 'real' },
      schema: {
        tags,
        summary: 'Confirm a pending raise or removal once its cooling period has passed (409 APP_ERR_RG_COOLING before)',
        body: limitChangeBodySchema,
        response: { 200: done, ...failures(400, 404, 409) },
      },
    },
    async (request) => {
      await confirmLimitChange(db, memberOf(request), request.body, rgNow());
      return ok(null);
    },
  );

  app.post(
    paths.cancel,
    {
      config: { auth: 'real' },
      schema: {
        tags,
        summary: 'Drop a pending raise or removal',
        body: limitChangeBodySchema,
        response: { 200: done, ...failures(400, 404) },
      },
    },
    async (request) => {
      await cancelLimitChange(db, memberOf(request), request.body, rgNow());
      return ok(null);
    },
  );

  app.post(
    paths.exclusion,
    {
      config: { auth: 'real' },
      schema: {
        tags,
        summary:
          'Start a cool-off (24 hours to 6 weeks) or a self-exclusion (6 to 60 months, or indefinite): logs the member out everywhere',
        body: exclusionBodySchema,
        response: { 200: envelopeOf(z.object({ until: z.number().nullable() })), ...failures(400) },
      },
    },
    async (request) => ok(await exclude(db, request.merchant, memberOf(request), request.body)),
  );

  app.get(
    paths.realityCheck,
    {
      config: { auth: 'real' },
      schema: {
        tags,
        summary: 'The reality check of this session: time played, what was bet and won (from the ledger), the interval and the next check',
        response: { 200: envelopeOf(realityCheckSchema) },
      },
    },
    async (request) => {
      const started = request.session?.createdAt ?? new Date();
      return ok(await realityCheck(db, request.merchant, memberOf(request), started));
    },
  );

  app.put(
    paths.realityCheck,
    {
      config: { auth: 'real' },
      schema: {
        tags,
        summary: "Set the reality check's interval in minutes, within the market's bounds",
        body: realityCheckBodySchema,
        response: { 200: done, ...failures(400) },
      },
    },
    async (request) => {
      await setRealityCheck(db, request.merchant, memberOf(request), request.body.minutes);
      return ok(null);
    },
  );
};
