import {
  adminBillQuerySchema,
  adminCommissionQuerySchema,
  billPageSchema,
  billQuerySchema,
  commissionPageSchema,
  commissionQuerySchema,
  envelopeOf,
  incomeQuerySchema,
  incomeSchema,
  merchantCodeParamsSchema,
  recomputeQuerySchema,
  recomputeSchema,
  settlementAdminPaths,
  settlementPaths,
} from '@platform/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../platform/db.ts';
import { failures, memberOf, ok } from '../../platform/http.ts';
import { adminBills, adminCommissions, adminRecompute, agentBills, agentCommissions, agentIncome } from './bills.service.ts';

/** The agent centre's bills, commission log and income: the caller's own and its team's only. */
export const settlementRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const config = { auth: 'real' } as const;
  const tags = ['agents'];

  app.get(
    settlementPaths.bills,
    {
      config,
      schema: {
        tags,
        summary: 'Salary and dividend bills: the agent’s own (mine) or its team’s (team, or one member of it)',
        querystring: billQuerySchema,
        response: { 200: envelopeOf(billPageSchema), ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await agentBills(db, request.merchant, memberOf(request), request.query)),
  );

  app.get(
    settlementPaths.commissions,
    {
      config,
      schema: {
        tags,
        summary: 'The commission log: per member, the figures and the share of a bill (or of the agent’s bills in a range)',
        querystring: commissionQuerySchema,
        response: { 200: envelopeOf(commissionPageSchema), ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await agentCommissions(db, request.merchant, memberOf(request), request.query)),
  );

  app.get(
    settlementPaths.income,
    {
      config,
      schema: {
        tags,
        summary: 'My income: salary and dividend kept, per day a period ended',
        querystring: incomeQuerySchema,
        response: { 200: envelopeOf(incomeSchema), ...failures(400, 401, 403) },
      },
    },
    async (request) => ok(await agentIncome(db, request.merchant, memberOf(request), request.query)),
  );
};

const namedMerchant = (request: { params: unknown }) => ({ code: (request.params as { code: string }).code });

/** Operators read any agent's bills and commission lines of their merchants, and recompute a settled period from the ledger. */
export const settlementAdminRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const tags = ['operator'];
  const refusals = failures(400, 401, 403, 404);

  app.get(
    settlementAdminPaths.bills,
    {
      preHandler: app.requireOperator('agents.read', namedMerchant),
      schema: {
        tags,
        summary: "A merchant's salary and dividend bills: all, one agent's, or its team's",
        params: merchantCodeParamsSchema,
        querystring: adminBillQuerySchema,
        response: { 200: envelopeOf(billPageSchema), ...refusals },
      },
    },
    async (request) => ok(await adminBills(db, request.params.code, request.query)),
  );

  app.get(
    settlementAdminPaths.commissions,
    {
      preHandler: app.requireOperator('agents.read', namedMerchant),
      schema: {
        tags,
        summary: "One bill's commission lines",
        params: merchantCodeParamsSchema,
        querystring: adminCommissionQuerySchema,
        response: { 200: envelopeOf(commissionPageSchema), ...refusals },
      },
    },
    async (request) => ok(await adminCommissions(db, request.params.code, request.query)),
  );

  app.get(
    settlementAdminPaths.recompute,
    {
      preHandler: app.requireOperator('agents.read', namedMerchant),
      schema: {
        tags,
        summary: 'A settled period recomputed from the raw ledger beside its stored bills and lines',
        params: merchantCodeParamsSchema,
        querystring: recomputeQuerySchema,
        response: { 200: envelopeOf(recomputeSchema), ...refusals },
      },
    },
    async (request) => ok(await adminRecompute(db, request.params.code, request.query)),
  );
};
