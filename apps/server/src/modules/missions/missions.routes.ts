import {
  adminCheckinQuerySchema,
  adminMissionSchema,
  adminMissionsQuerySchema,
  checkinAnswerSchema,
  checkinRulesBodySchema,
  checkinStateSchema,
  envelopeOf,
  missionClaimAnswerSchema,
  missionIdParamsSchema,
  missionSummarySchema,
  missionSwitchBodySchema,
  missionsSchema,
  newMissionBodySchema,
  rewardPaths,
  rewardSchema,
} from '@platform/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../platform/db.ts';
import { failures, memberOf, ok } from '../../platform/http.ts';
import { operatorOf } from '../operators/operators.guard.ts';
import { publishBalances } from '../wallet/wallet.service.ts';
import {
  addMission,
  adminCheckinRules,
  adminMissions,
  checkIn,
  checkinState,
  claimMission,
  merchantOfMission,
  missionsOf,
  putCheckinRules,
  switchMission,
} from './missions.service.ts';

const tags = ['rewards'];
const admin = ['operator'];
const adminCheckinSchema = z.object({
  merchant: z.string(),
  enabled: z.boolean(),
  days: z.array(rewardSchema),
  weekBonus: rewardSchema.nullable(),
  minDeposit: z.number(),
});

/** The reward centre: missions with progress and claim, the daily check-in, and the operators' missions and check-in rules. */
export const missionsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    rewardPaths.missions,
    {
      config: { auth: 'optional' },
      schema: {
        tags,
        summary: 'The merchant’s missions with the member’s progress this day or week (merchant’s time zone)',
        response: { 200: envelopeOf(missionsSchema) },
      },
    },
    async (request) => ok(await missionsOf(db, request.merchant, request.member?.id ?? null, request.lang)),
  );

  app.get(
    rewardPaths.missionSummary,
    {
      config: { auth: 'optional' },
      schema: {
        tags,
        summary: 'Missions summary: how many are claimable now (the badge)',
        response: { 200: envelopeOf(missionSummarySchema) },
      },
    },
    async (request) => {
      if (!request.member) return ok({ open: 0 });
      return ok({ open: (await missionsOf(db, request.merchant, request.member.id, request.lang)).open });
    },
  );

  app.post(
    rewardPaths.missionClaim,
    {
      config: { auth: 'real' },
      schema: {
        tags,
        summary: 'Claims a completed mission’s reward, once per period',
        params: missionIdParamsSchema,
        response: { 200: envelopeOf(missionClaimAnswerSchema), ...failures(400, 403, 404, 409) },
      },
    },
    async (request) => {
      const res = await claimMission(db, request.merchant, memberOf(request), request.params.id, request.lang);
      await publishBalances(db, res.members);
      return ok({ mission: res.mission, reference: res.reference });
    },
  );

  app.get(
    rewardPaths.checkin,
    {
      config: { auth: 'member' },
      schema: { tags, summary: 'Today’s check-in, the streak and the rewards table', response: { 200: envelopeOf(checkinStateSchema) } },
    },
    async (request) => ok(await checkinState(db, request.merchant, memberOf(request))),
  );

  app.post(
    rewardPaths.checkin,
    {
      config: { auth: 'real' },
      schema: {
        tags,
        summary: 'Checks in today (needs a bet or deposit today); pays the streak day’s reward',
        response: { 200: envelopeOf(checkinAnswerSchema), ...failures(400, 403, 409) },
      },
    },
    async (request) => {
      const res = await checkIn(db, request.merchant, memberOf(request));
      await publishBalances(db, res.members);
      return ok({ state: res.state, reward: res.reward });
    },
  );

  app.get(
    rewardPaths.adminMissions,
    {
      preHandler: app.requireOperator('promotions.read', (request) => ({ code: (request.query as { merchant: string }).merchant })),
      schema: {
        tags: admin,
        summary: 'A merchant’s missions (minor units)',
        querystring: adminMissionsQuerySchema,
        response: { 200: envelopeOf(z.array(adminMissionSchema)), ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await adminMissions(db, request.query.merchant)),
  );

  app.post(
    rewardPaths.adminMissions,
    {
      preHandler: app.requireOperator('promotions.manage', (request) => ({
        code: String((request.body as { merchant?: unknown })?.merchant ?? ''),
      })),
      schema: {
        tags: admin,
        summary: 'Creates a mission; a deposit mission is refused where the market forbids an advantage before a bet',
        body: newMissionBodySchema,
        response: { 200: envelopeOf(adminMissionSchema), ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await addMission(db, operatorOf(request).account, request.body)),
  );

  app.post(
    rewardPaths.adminMissionSwitch,
    {
      preHandler: app.requireOperator('promotions.manage', async (request) => ({
        id: await merchantOfMission(db, Number((request.params as { id?: string }).id) || 0),
      })),
      schema: {
        tags: admin,
        summary: 'Switches a mission on or off',
        params: missionIdParamsSchema,
        body: missionSwitchBodySchema,
        response: { 200: envelopeOf(adminMissionSchema), ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await switchMission(db, operatorOf(request).account, request.params.id, request.body.enabled)),
  );

  app.get(
    rewardPaths.adminCheckin,
    {
      preHandler: app.requireOperator('promotions.read', (request) => ({ code: (request.query as { merchant: string }).merchant })),
      schema: {
        tags: admin,
        summary: 'A merchant’s check-in rules (minor units)',
        querystring: adminCheckinQuerySchema,
        response: { 200: envelopeOf(adminCheckinSchema), ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await adminCheckinRules(db, request.query.merchant)),
  );

  app.put(
    rewardPaths.adminCheckin,
    {
      preHandler: app.requireOperator('promotions.manage', (request) => ({
        code: String((request.body as { merchant?: unknown })?.merchant ?? ''),
      })),
      schema: {
        tags: admin,
        summary: 'Sets a merchant’s check-in rules: the rewards of streak days 1 to 7, the full-week bonus, the qualifying deposit',
        body: checkinRulesBodySchema,
        response: { 200: envelopeOf(adminCheckinSchema), ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await putCheckinRules(db, operatorOf(request).account, request.body)),
  );
};
