import {
  agentPaths,
  agentProfileSchema,
  contractActionParamsSchema,
  contractPaths,
  contractQuerySchema,
  contractSchema,
  envelopeOf,
  offerContractBodySchema,
  openAccountBodySchema,
  openedAccountSchema,
  prizeGroupBodySchema,
  promoLinkBodySchema,
  promoLinkParamsSchema,
  promoLinkSchema,
  promoLinkSwitchSchema,
  teamOverviewQuerySchema,
  teamOverviewSchema,
  teamPageSchema,
  teamProfitPageSchema,
  teamProfitQuerySchema,
  teamQuerySchema,
} from '@platform/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../platform/db.ts';
import { failures, memberOf, ok } from '../../platform/http.ts';
import type { PasswordHasher } from '../auth/passwords.ts';
import { agentProfile, createPromoLink, openAccount, promoLinks, setPrizeGroup, switchPromoLink, teamPage } from './agents.service.ts';
import { actOnContract, contractsOf, offerContract } from './contracts.service.ts';
import { settlementRoutes } from './settlement.routes.ts';
import { teamOverview, teamProfit } from './team-overview.service.ts';

const tags = ['agents'];

/** The agent centre: profile, team browser, opening downline accounts, prize groups, promo links, contracts. Agents only. */
export const agentsRoutes: FastifyPluginAsyncZod<{ db: Db; hasher: PasswordHasher }> = async (app, { db, hasher }) => {
  const config = { auth: 'real' } as const;
  await app.register(settlementRoutes, { db });

  app.get(
    agentPaths.profile,
    {
      config,
      schema: {
        tags,
        summary: "The agent's prize group, rebate, upline and team size",
        response: { 200: envelopeOf(agentProfileSchema), ...failures(401, 403) },
      },
    },
    async (request) => ok(await agentProfile(db, memberOf(request))),
  );

  app.get(
    agentPaths.overview,
    {
      config,
      schema: {
        tags,
        summary:
          "Team overview: joins, active members, deposits, withdrawals, bets, payouts, bonuses and the team's result, per day and in total",
        querystring: teamOverviewQuerySchema,
        response: { 200: envelopeOf(teamOverviewSchema), ...failures(400, 401, 403) },
      },
    },
    async (request) => ok(await teamOverview(db, request.merchant, memberOf(request), request.query)),
  );

  app.get(
    agentPaths.profit,
    {
      config,
      schema: {
        tags,
        summary: "User profit and loss: each team member's own bets, payouts, bonuses, deposits, withdrawals and result over a range",
        querystring: teamProfitQuerySchema,
        response: { 200: envelopeOf(teamProfitPageSchema), ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await teamProfit(db, request.merchant, memberOf(request), request.query)),
  );

  app.get(
    agentPaths.team,
    {
      config,
      schema: {
        tags,
        summary: 'Team management: one level of the tree (or a search of the whole team) with the breadcrumb',
        querystring: teamQuerySchema,
        response: { 200: envelopeOf(teamPageSchema), ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await teamPage(db, memberOf(request), request.query)),
  );

  app.post(
    agentPaths.openAccount,
    {
      config,
      schema: {
        tags,
        summary: 'Account registration: opens a downline player or agent with a one-time password',
        body: openAccountBodySchema,
        response: { 200: envelopeOf(openedAccountSchema), ...failures(400, 401, 403, 409) },
      },
    },
    async (request) => ok(await openAccount(db, hasher, request.merchant, memberOf(request), request.body)),
  );

  app.put(
    agentPaths.prizeGroup,
    {
      config,
      schema: {
        tags,
        summary: "Sets a direct downline's prize group (rebate)",
        body: prizeGroupBodySchema,
        response: { 200: envelopeOf(z.object({ account: z.string(), prizeGroup: z.number() })), ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await setPrizeGroup(db, memberOf(request), request.body)),
  );

  app.get(
    agentPaths.promoLinks,
    {
      config,
      schema: { tags, summary: "The agent's promo links", response: { 200: envelopeOf(z.array(promoLinkSchema)), ...failures(401, 403) } },
    },
    async (request) => ok(await promoLinks(db, memberOf(request))),
  );

  app.post(
    agentPaths.promoLinks,
    {
      config,
      schema: {
        tags,
        summary: 'Creates a promo link (type, prize group, expiry)',
        body: promoLinkBodySchema,
        response: { 200: envelopeOf(promoLinkSchema), ...failures(400, 401, 403, 409) },
      },
    },
    async (request) => ok(await createPromoLink(db, memberOf(request), request.body)),
  );

  app.put(
    agentPaths.promoLink,
    {
      config,
      schema: {
        tags,
        summary: 'Switches a promo link on or off',
        params: promoLinkParamsSchema,
        body: promoLinkSwitchSchema,
        response: { 200: envelopeOf(promoLinkSchema), ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await switchPromoLink(db, memberOf(request), request.params.id, request.body.enabled)),
  );

  app.get(
    contractPaths.contracts,
    {
      config,
      schema: {
        tags,
        summary: "The agent's contracts (mine) or those it offered its downlines (team), with their histories",
        querystring: contractQuerySchema,
        response: { 200: envelopeOf(z.array(contractSchema)), ...failures(400, 401, 403) },
      },
    },
    async (request) => ok(await contractsOf(db, memberOf(request), request.query)),
  );

  app.post(
    contractPaths.contracts,
    {
      config,
      schema: {
        tags,
        summary: 'Offers a salary or dividend contract (or a change of the one in force) to a direct downline',
        body: offerContractBodySchema,
        response: { 200: envelopeOf(contractSchema), ...failures(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ok(await offerContract(db, memberOf(request), request.body)),
  );

  app.post(
    contractPaths.contractAction,
    {
      config,
      schema: {
        tags,
        summary: 'sign or reject (the downline), withdraw (the upline, before signature), terminate (either side asks, the other confirms)',
        params: contractActionParamsSchema,
        response: { 200: envelopeOf(contractSchema), ...failures(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ok(await actOnContract(db, memberOf(request), request.params.id, request.params.action)),
  );
};
