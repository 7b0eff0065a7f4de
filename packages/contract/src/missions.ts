import { z } from 'zod';

/**
 * The reward centre (`rewardCenter`, decision 0038): missions with progress and claim, and the daily
 * check-in with its streak. Progress is read from the daily statistics the ledger feed keeps, never
 * counted on the staking path; every reward is paid once through the ledger.
 */
export const rewardPaths = {
  /** The merchant's missions with the member's progress in the current period. */
  missions: '/wps/reward/missions',
  /** The missions summary: open missions (claimable now), the badge of missionLeaderboard. */
  missionSummary: '/wps/reward/missions/summary',
  /** Claim a completed mission's reward (once per member, mission and period). */
  missionClaim: '/wps/reward/missions/:id/claim',
  /** The check-in: today's state, the streak and the reward table (GET); check in today (POST). */
  checkin: '/wps/reward/checkin',
  adminMissions: '/admin/v1/rewards/missions',
  adminMissionSwitch: '/admin/v1/rewards/missions/:id/switch',
  adminCheckin: '/admin/v1/rewards/checkin',
} as const;

/** What a mission counts over its period: bets placed, valid bet amount (minor units) or money deposited (minor units). */
export const missionKinds = ['bet_count', 'valid_bet', 'deposit'] as const;
export type MissionKind = (typeof missionKinds)[number];
/** A mission's period, in the merchant's time zone (a week starts on Monday). */
export const missionPeriods = ['day', 'week'] as const;
export type MissionPeriod = (typeof missionPeriods)[number];
/** in_progress → claimable (target reached) → claimed. */
export const missionStatuses = ['in_progress', 'claimable', 'claimed'] as const;
export type MissionStatus = (typeof missionStatuses)[number];
/** points: whole points in the points ledger; bonus: money (minor units) in the bonus wallet, wagered `multiple` times (0: cash). */
export const rewardKinds = ['points', 'bonus'] as const;
export type RewardKind = (typeof rewardKinds)[number];

const langCode = z.enum(['EN', 'PT', 'FR', 'CN', 'VI', 'ID']);
const merchantCode = z.string().regex(/^[A-Z0-9_]{2,32}$/, { error: 'validation.invalid' });
const category = z.string().regex(/^[A-Z]{2,16}$/, { error: 'validation.invalid' });

/** A reward: points or bonus money (minor units) with its wagering multiple. */
export const rewardSchema = z.object({
  kind: z.enum(rewardKinds),
  amount: z.number().int().positive().max(1_000_000_000),
  /** Times the bonus is wagered before it is cash; ignored for points. */
  multiple: z.number().int().min(0).max(50).default(0),
});
export type Reward = z.infer<typeof rewardSchema>;

/** A new mission (operators): amounts in minor units. */
export const newMissionBodySchema = z.object({
  merchant: merchantCode,
  title: z
    .partialRecord(langCode, z.string().trim().min(1).max(120))
    .refine((t) => Object.keys(t).length > 0, { error: 'validation.required' }),
  period: z.enum(missionPeriods),
  kind: z.enum(missionKinds),
  /** Only bets of this game category count (bet_count, valid_bet); null: every category. */
  category: category.nullable().default(null),
  /** Bets, or minor units. */
  target: z.number().int().positive().max(1_000_000_000_000),
  reward: rewardSchema,
  enabled: z.boolean().default(true),
  sort: z.number().int().min(0).max(10_000).default(0),
});
export type NewMissionBody = z.infer<typeof newMissionBodySchema>;

export const adminMissionsQuerySchema = z.object({ merchant: merchantCode });
export const missionIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
export const missionSwitchBodySchema = z.object({ enabled: z.boolean() });

/** A mission as operators see it (minor units). */
export const adminMissionSchema = z.object({
  id: z.number(),
  merchant: z.string(),
  title: z.record(z.string(), z.string()),
  period: z.enum(missionPeriods),
  kind: z.enum(missionKinds),
  category: z.string().nullable(),
  target: z.number(),
  reward: z.object({ kind: z.enum(rewardKinds), amount: z.number(), multiple: z.number() }),
  enabled: z.boolean(),
  sort: z.number(),
});
export type AdminMission = z.infer<typeof adminMissionSchema>;

/** A reward as the player reads it: points, or money in the merchant's major units. */
export const rewardViewSchema = z.object({ kind: z.enum(rewardKinds), amount: z.number(), multiple: z.number() });
export type RewardView = z.infer<typeof rewardViewSchema>;

/** A mission with the member's progress (money in major units; bets as counts). */
export const missionViewSchema = z.object({
  id: z.number(),
  title: z.string(),
  period: z.enum(missionPeriods),
  kind: z.enum(missionKinds),
  category: z.string().nullable(),
  target: z.number(),
  progress: z.number(),
  status: z.enum(missionStatuses),
  reward: rewardViewSchema,
  /** When the period ends (ms): progress starts again after it. */
  endsAt: z.number(),
});
export type MissionView = z.infer<typeof missionViewSchema>;

export const missionsSchema = z.object({ currency: z.string(), open: z.number(), missions: z.array(missionViewSchema) });
export type Missions = z.infer<typeof missionsSchema>;
export const missionSummarySchema = z.object({ open: z.number() });

export const missionClaimAnswerSchema = z.object({ mission: missionViewSchema, reference: z.string() });

/** The merchant's check-in rules (operators; minor units for bonus money). */
export const checkinRulesBodySchema = z.object({
  merchant: merchantCode,
  enabled: z.boolean(),
  /** The reward of each day of the streak, days 1 to 7; after day 7 the table starts again. */
  days: z.array(rewardSchema).length(7),
  /** Paid with the 7th consecutive day. */
  weekBonus: rewardSchema.nullable(),
  /** A check-in needs this much deposited today (minor units), or a bet today; 0: a bet or any deposit. */
  minDeposit: z.number().int().min(0).max(1_000_000_000),
});
export type CheckinRulesBody = z.infer<typeof checkinRulesBodySchema>;
export const adminCheckinQuerySchema = z.object({ merchant: merchantCode });
export const adminCheckinRulesSchema = checkinRulesBodySchema.extend({
  days: z.array(rewardViewSchema),
  weekBonus: rewardViewSchema.nullable(),
});

/** The member's check-in: today in the merchant's time zone, the streak, and the table. */
export const checkinStateSchema = z.object({
  enabled: z.boolean(),
  currency: z.string(),
  /** The merchant's local date, YYYY-MM-DD. */
  today: z.string(),
  checkedInToday: z.boolean(),
  /** Consecutive days checked in up to today (or up to yesterday while today is still open); 0 after a missed day. */
  streak: z.number(),
  /** Whether today's play or deposit qualifies (a bet, or the minimum deposit). */
  eligible: z.boolean(),
  /** Deposit that qualifies today (major units; 0: any deposit); a bet always qualifies. */
  minDeposit: z.number(),
  /** Days 1 to 7 of a streak with their rewards (major units for money). */
  days: z.array(rewardViewSchema),
  weekBonus: rewardViewSchema.nullable(),
  /** The streak day today's check-in counts as (1–7). */
  nextDay: z.number(),
});
export type CheckinState = z.infer<typeof checkinStateSchema>;
export const checkinAnswerSchema = z.object({ state: checkinStateSchema, reward: z.array(rewardViewSchema) });
