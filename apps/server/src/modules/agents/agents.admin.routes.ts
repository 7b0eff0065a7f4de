import {
  adminAgentListQuerySchema,
  adminAgentPageSchema,
  adminAgentProfileQuerySchema,
  adminAgentProfileSchema,
  adminContractsQuerySchema,
  adminPrizeGroupBodySchema,
  adminTreeQuerySchema,
  agentAdminPaths,
  agentDirectoryPaths,
  contractSchema,
  envelopeOf,
  grantContractBodySchema,
  merchantCodeParamsSchema,
  teamPageSchema,
} from '@platform/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../platform/db.ts';
import { failures, ok } from '../../platform/http.ts';
import { operatorOf } from '../operators/operators.guard.ts';
import {
  adminAgentProfile,
  adminAgents,
  adminContracts,
  adminGrantContract,
  adminSetPrizeGroup,
  adminTree,
} from './agents.admin.service.ts';
import { settlementAdminRoutes } from './settlement.routes.ts';

const tags = ['operator'];
const refusals = failures(400, 401, 403, 404, 409);
const namedMerchant = (request: { params: unknown }) => ({ code: (request.params as { code: string }).code });

/** Operators look at any agent's tree and contracts of their merchants, give top agents their contracts and set prize groups (audited). */
export const agentsAdminRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  await app.register(settlementAdminRoutes, { db });
  app.get(
    agentDirectoryPaths.list,
    {
      preHandler: app.requireOperator('agents.read', namedMerchant),
      schema: {
        tags,
        summary: "A merchant's agents (or those whose account contains the text) with their team counts",
        params: merchantCodeParamsSchema,
        querystring: adminAgentListQuerySchema,
        response: { 200: envelopeOf(adminAgentPageSchema), ...refusals },
      },
    },
    async (request) => ok(await adminAgents(db, request.params.code, request.query)),
  );

  app.get(
    agentDirectoryPaths.profile,
    {
      preHandler: app.requireOperator('agents.read', namedMerchant),
      schema: {
        tags,
        summary: 'A member of the merchant with its team counts and the line above it',
        params: merchantCodeParamsSchema,
        querystring: adminAgentProfileQuerySchema,
        response: { 200: envelopeOf(adminAgentProfileSchema), ...refusals },
      },
    },
    async (request) => ok(await adminAgentProfile(db, request.params.code, request.query.account)),
  );

  app.get(
    agentAdminPaths.tree,
    {
      preHandler: app.requireOperator('agents.read', namedMerchant),
      schema: {
        tags,
        summary: "An agent's team, one level or a search, with the breadcrumb",
        params: merchantCodeParamsSchema,
        querystring: adminTreeQuerySchema,
        response: { 200: envelopeOf(teamPageSchema), ...refusals },
      },
    },
    async (request) => ok(await adminTree(db, request.params.code, request.query)),
  );

  app.get(
    agentAdminPaths.contracts,
    {
      preHandler: app.requireOperator('agents.read', namedMerchant),
      schema: {
        tags,
        summary: "A member's contracts (mine) or those it offered (team), with histories",
        params: merchantCodeParamsSchema,
        querystring: adminContractsQuerySchema,
        response: { 200: envelopeOf(z.array(contractSchema)), ...refusals },
      },
    },
    async (request) => ok(await adminContracts(db, request.params.code, request.query)),
  );

  app.post(
    agentAdminPaths.contracts,
    {
      preHandler: app.requireOperator('agents.manage', namedMerchant),
      schema: {
        tags,
        summary: 'Gives an agent at the top of a line the platform’s contract of a kind (in force at once)',
        params: merchantCodeParamsSchema,
        body: grantContractBodySchema,
        response: { 200: envelopeOf(contractSchema), ...refusals },
      },
    },
    async (request) => ok(await adminGrantContract(db, operatorOf(request).account, request.params.code, request.body)),
  );

  app.put(
    agentAdminPaths.prizeGroup,
    {
      preHandler: app.requireOperator('agents.manage', namedMerchant),
      schema: {
        tags,
        summary: "Sets a member's prize group within its upline's and above its downlines'",
        params: merchantCodeParamsSchema,
        body: adminPrizeGroupBodySchema,
        response: { 200: envelopeOf(z.object({ account: z.string(), prizeGroup: z.number() })), ...refusals },
      },
    },
    async (request) => ok(await adminSetPrizeGroup(db, operatorOf(request).account, request.params.code, request.body)),
  );
};
