import { bigint, date, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { memberBits } from '../../platform/member-bits.ts';
import { merchants } from '../merchants/merchants.tables.ts';

/**
 * The team overview's figures of each closed local day per ancestor (every member above the one who
 * played), rolled up once by the `agents.team-rollup` period job from the daily statistics (decision
 * 0036). A row exists when any member of the ancestor's team has a statistics row that day. The
 * counts are of that day; a range's distinct counts come from the bitmaps below.
 */
export const agentTeamDaily = pgTable(
  'agent_team_daily',
  {
    ancestorId: integer('ancestor_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    /** Members who joined the team that day (created below the ancestor). */
    newMembers: integer('new_members').notNull().default(0),
    /** Members with a valid bet, with a deposit, that day. */
    active: integer('active').notNull().default(0),
    depositors: integer('depositors').notNull().default(0),
    validStake: bigint('valid_stake', { mode: 'number' }).notNull().default(0),
    payout: bigint('payout', { mode: 'number' }).notNull().default(0),
    deposits: bigint('deposits', { mode: 'number' }).notNull().default(0),
    withdrawals: bigint('withdrawals', { mode: 'number' }).notNull().default(0),
    bonuses: bigint('bonuses', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.ancestorId, t.day] }), index('agent_team_daily_merchant_day_idx').on(t.merchantId, t.day)],
);

/**
 * Which members of an ancestor's team were active (a valid bet) or depositors on a closed day, as
 * bitmaps of 4,096 member ids per row: a range's distinct counts are the bits of the rows' OR.
 */
export const agentTeamDailyBits = pgTable(
  'agent_team_daily_bits',
  {
    ancestorId: integer('ancestor_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    chunk: integer('chunk').notNull(),
    merchantId: integer('merchant_id').notNull(),
    active: memberBits('active').notNull(),
    depositors: memberBits('depositors').notNull(),
  },
  (t) => [primaryKey({ columns: [t.ancestorId, t.day, t.chunk] }), index('agent_team_daily_bits_merchant_day_idx').on(t.merchantId, t.day)],
);

/**
 * The days of a merchant rolled up, with the fingerprint of the daily statistics and joins they were
 * rolled from. A day without a row is read live; a moved member's days lose their row (trigger of
 * migration 0041), and a day whose fingerprint no longer matches is rolled again by the next run.
 */
export const agentTeamRollups = pgTable(
  'agent_team_rollups',
  {
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    day: date('day', { mode: 'string' }).notNull(),
    fingerprint: text('fingerprint').notNull(),
    rolledAt: timestamp('rolled_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.day] })],
);
