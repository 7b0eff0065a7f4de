import { z } from 'zod';
import { rewardSchema, rewardViewSchema } from './missions.ts';

/**
 * Leaderboards (decision 0043): members ranked by valid bets over a day, week or month of the
 * merchant's time zone (one game category or all), read from the daily statistics; ties on score go to
 * more bets, then share the rank (and the prizes of the places they hold); prizes paid once at period end.
 */
export const leaderboardPaths = {
  /** The merchant's boards: the current period's top list, prizes and the member's own rank. */
  list: '/wps/reward/leaderboards',
  admin: '/admin/v1/rewards/leaderboards',
} as const;

export const leaderboardPeriods = ['day', 'week', 'month'] as const;
export type LeaderboardPeriod = (typeof leaderboardPeriods)[number];

const langCode = z.enum(['EN', 'PT', 'FR', 'CN', 'VI', 'ID']);
const merchantCode = z.string().regex(/^[A-Z0-9_]{2,32}$/, { error: 'validation.invalid' });
const category = z.string().regex(/^[A-Z]{2,16}$/, { error: 'validation.invalid' });

/** A new board (operators): prizes by rank (1 first), money in minor units. */
export const newLeaderboardBodySchema = z.object({
  merchant: merchantCode,
  title: z
    .partialRecord(langCode, z.string().trim().min(1).max(120))
    .refine((t) => Object.keys(t).length > 0, { error: 'validation.required' }),
  period: z.enum(leaderboardPeriods),
  category: category.nullable().default(null),
  prizes: z.array(rewardSchema).min(1).max(100),
  enabled: z.boolean().default(true),
});
export type NewLeaderboardBody = z.infer<typeof newLeaderboardBodySchema>;
export const adminLeaderboardsQuerySchema = z.object({ merchant: merchantCode });

export const adminLeaderboardSchema = z.object({
  id: z.number(),
  merchant: z.string(),
  title: z.record(z.string(), z.string()),
  period: z.enum(leaderboardPeriods),
  category: z.string().nullable(),
  prizes: z.array(z.object({ kind: z.enum(['points', 'bonus']), amount: z.number(), multiple: z.number() })),
  enabled: z.boolean(),
});
export type AdminLeaderboard = z.infer<typeof adminLeaderboardSchema>;

export const leaderboardQuerySchema = z.object({ top: z.coerce.number().int().min(1).max(100).default(10) });

/** One place of the list: the account masked, the score in major units. */
export const standingSchema = z.object({
  rank: z.number(),
  name: z.string(),
  score: z.number(),
  bets: z.number(),
  me: z.boolean(),
});
export type Standing = z.infer<typeof standingSchema>;

export const leaderboardViewSchema = z.object({
  id: z.number(),
  title: z.string(),
  period: z.enum(leaderboardPeriods),
  category: z.string().nullable(),
  /** The current period's key (2026-W48, 2026-11-25, 2026-11) and when it ends (ms). */
  periodKey: z.string(),
  endsAt: z.number(),
  prizes: z.array(z.object({ rank: z.number(), reward: rewardViewSchema })),
  /** Members ranked in the period; the top list as of `refreshedAt` (ms; 0: not yet). */
  members: z.number(),
  refreshedAt: z.number(),
  top: z.array(standingSchema),
  /** The member's live score and rank (null rank: no bet in the period yet); null for a visitor. */
  mine: z.object({ rank: z.number().nullable(), score: z.number(), bets: z.number() }).nullable(),
});
export type LeaderboardView = z.infer<typeof leaderboardViewSchema>;
export const leaderboardListSchema = z.object({ currency: z.string(), boards: z.array(leaderboardViewSchema) });
export type LeaderboardList = z.infer<typeof leaderboardListSchema>;
