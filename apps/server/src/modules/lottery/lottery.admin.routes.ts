import {
  envelopeOf,
  lotteryAdminPaths,
  officialDrawsQuerySchema,
  officialDrawsSchema,
  officialResultAnswerSchema,
  officialResultBodySchema,
} from '@platform/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../platform/db.ts';
import { failures, ok } from '../../platform/http.ts';
import { operatorOf } from '../operators/operators.guard.ts';
import { confirmOfficialResult, enterOfficialResult, listOfficialDraws } from './lottery.official.ts';

const tags = ['operator'];
const params = z.object({
  gameCode: z.string().regex(/^[\w-]{1,20}$/, 'validation.invalid'),
  issue: z.string().regex(/^[\d-]{8,16}$/, 'validation.invalid'),
});
const refusals = failures(400, 401, 403, 404, 409);

/**
 * Official lottery results, entered by one operator and confirmed by another: two distinct operator
 * accounts (the draw records their account names), audited. A result settles the draw for every
 * merchant offering the game, so only operators of every merchant may enter or confirm it.
 */
export const lotteryAdminRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const guard = app.requireOperator('lottery.results', () => 'platform');

  app.get(
    lotteryAdminPaths.officialDraws,
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Official draws awaiting a result (time come, not confirmed) or the latest drawn ones',
        querystring: officialDrawsQuerySchema,
        response: { 200: envelopeOf(officialDrawsSchema), ...refusals },
      },
    },
    async (request) => ok({ list: await listOfficialDraws(db, request.query.state, request.query.gameCode) }),
  );

  app.post(
    lotteryAdminPaths.enterResult,
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Enter an official draw’s result (first operator)',
        params,
        body: officialResultBodySchema,
        response: { 200: envelopeOf(officialResultAnswerSchema), ...refusals },
      },
    },
    async (request) =>
      ok(await enterOfficialResult(db, operatorOf(request).account, request.params.gameCode, request.params.issue, request.body.result)),
  );

  app.post(
    lotteryAdminPaths.confirmResult,
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Confirm an official draw’s result (a second operator, the same result)',
        params,
        body: officialResultBodySchema,
        response: { 200: envelopeOf(officialResultAnswerSchema), ...refusals },
      },
    },
    async (request) =>
      ok(await confirmOfficialResult(db, operatorOf(request).account, request.params.gameCode, request.params.issue, request.body.result)),
  );
};
