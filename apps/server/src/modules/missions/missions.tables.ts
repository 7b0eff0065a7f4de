import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { merchants } from '../merchants/merchants.tables.ts';

/** A reward as stored: points, or bonus money in minor units wagered `multiple` times (0: cash). */
export interface StoredReward {
  kind: 'points' | 'bonus';
  amount: number;
  multiple: number;
}

/**
 * A merchant's mission (decision 0038): what it counts over a day or week of the merchant's time
 * zone, read from the daily member statistics (never counted on the staking path), and its reward.
 * Terms are not edited: an operator switches a mission off and creates another, so a claim's terms
 * never change under it.
 */
export const missions = pgTable(
  'missions',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    /** Per language (EN, PT, FR, CN, VI, ID). */
    title: jsonb('title').$type<Record<string, string>>().notNull(),
    /** day or week. */
    period: text('period').notNull(),
    /** bet_count, valid_bet or deposit. */
    kind: text('kind').notNull(),
    /** Only bets of this game category count; null: every category. */
    category: text('category'),
    /** Bets, or minor units. */
    target: bigint('target', { mode: 'number' }).notNull(),
    reward: jsonb('reward').$type<StoredReward>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('missions_merchant_idx').on(t.merchantId, t.sort), check('missions_target_positive', sql`${t.target} > 0`)],
);

/** A mission's reward claimed by a member for one period: the unique key is what makes it paid once. */
export const missionClaims = pgTable(
  'mission_claims',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    missionId: integer('mission_id')
      .notNull()
      .references(() => missions.id),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    /** The period's key: the local date, or the ISO week (2026-W48). */
    periodKey: text('period_key').notNull(),
    /** What the member had reached when claiming. */
    progress: bigint('progress', { mode: 'number' }).notNull(),
    reward: jsonb('reward').$type<StoredReward>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('mission_claims_once_uq').on(t.missionId, t.memberId, t.periodKey),
    index('mission_claims_member_idx').on(t.memberId, t.periodKey),
  ],
);

/** A merchant's check-in rules: the rewards of days 1 to 7 of a streak, the full-week bonus, what qualifies a day. */
export const checkinRules = pgTable('checkin_rules', {
  merchantId: integer('merchant_id')
    .primaryKey()
    .references(() => merchants.id),
  enabled: boolean('enabled').notNull().default(true),
  days: jsonb('days').$type<StoredReward[]>().notNull(),
  weekBonus: jsonb('week_bonus').$type<StoredReward | null>(),
  /** Deposit of the day that qualifies (minor units; 0: any); a bet of the day always qualifies. */
  minDeposit: bigint('min_deposit', { mode: 'number' }).notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One check-in per member and local day (the primary key refuses a second, concurrent ones too), with the streak it made. */
export const checkins = pgTable(
  'checkins',
  {
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    /** Consecutive days up to this one (1: a new streak). */
    streak: integer('streak').notNull(),
    rewards: jsonb('rewards').$type<StoredReward[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('checkins_member_day_uq').on(t.memberId, t.day)],
);
