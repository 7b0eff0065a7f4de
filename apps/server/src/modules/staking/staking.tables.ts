import { bigint, boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { members } from '../members/members.tables.ts';

/**
 * What an operator has switched off on a member's account; no row means nothing is. The stake gate
 * reads `can_play` in the statement that debits a stake; deposits, withdrawals and login read theirs.
 */
export const memberRestrictions = pgTable('member_restrictions', {
  memberId: integer('member_id')
    .primaryKey()
    .references(() => members.id),
  canPlay: boolean('can_play').notNull().default(true),
  canDeposit: boolean('can_deposit').notNull().default(true),
  canWithdraw: boolean('can_withdraw').notNull().default(true),
  /** Off: login is refused and the member's sessions end (auth reads it at login). */
  canLogin: boolean('can_login').notNull().default(true),
  /** Why, for the operators' eyes. */
  reason: text('reason').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The stake gate's reservations against a member's wager and loss limits (their values copied here
 * from the member's responsible-gaming limits, so the gate reads one row): a stake adds to the wager
 * and loss of the merchant's local day, ISO week and month it falls in, in the statement that debits
 * it, and only when every limit still holds after it (so concurrent stakes never pass a limit
 * together). What comes back to the member (a win, a refund, a vendor wallet's money) is taken off
 * the loss later by a ledger-feed consumer: until then the loss counts high, never low. `day`,
 * `week` and `month` are the periods the counters count; a stake in a new period starts it at zero.
 * No row: no limit. A null limit: none of that kind and period. The row also carries the member's
 * cool-off or self-exclusion, which the gate refuses first.
 */
export const stakeLimits = pgTable('stake_limits', {
  memberId: integer('member_id')
    .primaryKey()
    .references(() => members.id),
  day: text('day').notNull().default(''),
  week: text('week').notNull().default(''),
  month: text('month').notNull().default(''),
  wagerDay: bigint('wager_day', { mode: 'number' }).notNull().default(0),
  wagerWeek: bigint('wager_week', { mode: 'number' }).notNull().default(0),
  wagerMonth: bigint('wager_month', { mode: 'number' }).notNull().default(0),
  lossDay: bigint('loss_day', { mode: 'number' }).notNull().default(0),
  lossWeek: bigint('loss_week', { mode: 'number' }).notNull().default(0),
  lossMonth: bigint('loss_month', { mode: 'number' }).notNull().default(0),
  wagerDayLimit: bigint('wager_day_limit', { mode: 'number' }),
  wagerWeekLimit: bigint('wager_week_limit', { mode: 'number' }),
  wagerMonthLimit: bigint('wager_month_limit', { mode: 'number' }),
  lossDayLimit: bigint('loss_day_limit', { mode: 'number' }),
  lossWeekLimit: bigint('loss_week_limit', { mode: 'number' }),
  lossMonthLimit: bigint('loss_month_limit', { mode: 'number' }),
  /** A cool-off or self-exclusion: no stake until then (infinity: indefinite). */
  excludedUntil: timestamp('excluded_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
