import { bigint, boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { members } from '../members/members.tables.ts';

/**
 * What an operator has switched off on a member's account; no row means nothing is. The stake gate
 * reads `can_play` in the statement that debits a stake; deposits and withdrawals read theirs.
 */
export const memberRestrictions = pgTable('member_restrictions', {
  memberId: integer('member_id')
    .primaryKey()
    .references(() => members.id),
  canPlay: boolean('can_play').notNull().default(true),
  canDeposit: boolean('can_deposit').notNull().default(true),
  canWithdraw: boolean('can_withdraw').notNull().default(true),
  /** Why, for the operators' eyes. */
  reason: text('reason').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A member's own daily wager limit: the stake gate reserves each stake against it in the statement
 * that debits the stake (so concurrent stakes never pass it together). `day` is the merchant's local
 * day `used` counts; a stake on a new day starts from zero.
 */
export const wagerLimits = pgTable('wager_limits', {
  memberId: integer('member_id')
    .primaryKey()
    .references(() => members.id),
  /** Minor units a day. */
  dailyLimit: bigint('daily_limit', { mode: 'number' }).notNull(),
  day: text('day').notNull().default(''),
  used: bigint('used', { mode: 'number' }).notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
