import {
  envelopeOf,
  errorEnvelopeSchema,
  lotteryAdminPaths,
  officialResultAnswerSchema,
  officialResultBodySchema,
} from '@platform/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { ok } from '../../platform/http.ts';
import { operatorOf } from '../payments/admin.routes.ts';
import { confirmOfficialResult, enterOfficialResult } from './lottery.official.ts';

const tags = ['operator'];
const params = z.object({
  gameCode: z.string().regex(/^[\w-]{1,20}$/, 'validation.invalid'),
  issue: z.string().regex(/^[\d-]{8,16}$/, 'validation.invalid'),
});
const failures = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
};

/** Official lottery results, entered by one operator and confirmed by another (operator tokens, audited). */
export const lotteryAdminRoutes: FastifyPluginAsyncZod<{ db: Db; operatorTokens: { name: string; tokenHash: string }[] }> = async (
  app,
  { db, operatorTokens },
) => {
  const operatorName = (header: string | undefined) => {
    const operator = operatorOf(operatorTokens, header);
    if (!operator) throw new AppError('APP_ERR_OPERATOR_UNAUTHORIZED');
    return operator.name;
  };

  app.post(
    lotteryAdminPaths.enterResult,
    {
      schema: {
        tags,
        summary: 'Enter an official draw’s result (first operator)',
        params,
        body: officialResultBodySchema,
        response: { 200: envelopeOf(officialResultAnswerSchema), ...failures },
      },
    },
    async (request) =>
      ok(
        await enterOfficialResult(
          db,
          operatorName(request.headers.authorization),
          request.params.gameCode,
          request.params.issue,
          request.body.result,
        ),
      ),
  );

  app.post(
    lotteryAdminPaths.confirmResult,
    {
      schema: {
        tags,
        summary: 'Confirm an official draw’s result (a second operator, the same result)',
        params,
        body: officialResultBodySchema,
        response: { 200: envelopeOf(officialResultAnswerSchema), ...failures },
      },
    },
    async (request) =>
      ok(
        await confirmOfficialResult(
          db,
          operatorName(request.headers.authorization),
          request.params.gameCode,
          request.params.issue,
          request.body.result,
        ),
      ),
  );
};
