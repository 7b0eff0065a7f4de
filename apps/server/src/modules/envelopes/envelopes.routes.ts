import {
  adminEnvelopeRoundSchema,
  adminEnvelopeRoundsQuerySchema,
  envelopeOf,
  envelopeOpenAnswerSchema,
  envelopePaths,
  envelopeRoundIdParamsSchema,
  envelopeRoundsSchema,
  newEnvelopeRoundBodySchema,
} from '@platform/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../platform/db.ts';
import { failures, memberOf, ok } from '../../platform/http.ts';
import { operatorOf } from '../operators/operators.guard.ts';
import { publishBalances } from '../wallet/wallet.service.ts';
import { addRound, adminRounds, openEnvelope, roundsFor } from './envelopes.service.ts';

const tags = ['rewards'];
const admin = ['operator'];

/** Envelope rain (decision 0044): the rounds around now with their seeds, opening an envelope, and the operators' schedule. */
export const envelopesRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    envelopePaths.rounds,
    {
      config: { auth: 'optional' },
      schema: {
        tags,
        summary: 'Envelope rain: the live or next round (its seed hash), the last closed ones with their seeds revealed',
        response: { 200: envelopeOf(envelopeRoundsSchema) },
      },
    },
    async (request) => ok(await roundsFor(db, request.merchant, request.member?.id ?? null)),
  );

  app.post(
    envelopePaths.open,
    {
      config: { auth: 'real' },
      schema: {
        tags,
        summary: 'Opens one envelope of a live round (needs a bet today; once per round); pays it as cash',
        params: envelopeRoundIdParamsSchema,
        response: { 200: envelopeOf(envelopeOpenAnswerSchema), ...failures(400, 403, 404, 409) },
      },
    },
    async (request) => {
      const res = await openEnvelope(db, request.merchant, memberOf(request).id, request.params.id, request.ip);
      await publishBalances(db, res.members);
      return ok({ round: res.round, index: res.index, amount: res.amount });
    },
  );

  app.get(
    envelopePaths.adminRounds,
    {
      preHandler: app.requireOperator('promotions.read', (request) => ({ code: (request.query as { merchant: string }).merchant })),
      schema: {
        tags: admin,
        summary: 'A merchant’s envelope rain rounds ended in the last day and to come, by start (minor units; seeds of closed rounds)',
        querystring: adminEnvelopeRoundsQuerySchema,
        response: { 200: envelopeOf(z.array(adminEnvelopeRoundSchema)), ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await adminRounds(db, request.query.merchant)),
  );

  app.post(
    envelopePaths.adminRounds,
    {
      preHandler: app.requireOperator('promotions.manage', (request) => ({
        code: String((request.body as { merchant?: unknown })?.merchant ?? ''),
      })),
      schema: {
        tags: admin,
        summary: 'Schedules an envelope rain round; its server seed hash is public at once',
        body: newEnvelopeRoundBodySchema,
        response: { 200: envelopeOf(adminEnvelopeRoundSchema), ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await addRound(db, operatorOf(request).account, request.body)),
  );
};
