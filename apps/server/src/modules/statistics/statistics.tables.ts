import { bigint, date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { memberBits } from '../../platform/member-bits.ts';
import { merchants } from '../merchants/merchants.tables.ts';

/**
 * What each member did each day (in the merchant's time zone), per game category, in minor units:
 * kept by the statistics consumer of the ledger feed. Reports and agents read this, never raw ledger
 * unions. Money movements that belong to no game (deposits, withdrawals, bonuses, adjustments) are
 * under the category WALLET.
 */
export const dailyMemberStats = pgTable(
  'daily_member_stats',
  {
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    /** The game category of the bets (SLOT, LIVE, LOTT, ...), or WALLET. */
    category: text('category').notNull(),
    /** Bets placed. */
    bets: integer('bets').notNull().default(0),
    /** Staked, as placed. */
    stake: bigint('stake', { mode: 'number' }).notNull().default(0),
    /** Staked less what was refunded (rolled-back bets, refunded lottery tickets). */
    validStake: bigint('valid_stake', { mode: 'number' }).notNull().default(0),
    /** Paid out by games. */
    payout: bigint('payout', { mode: 'number' }).notNull().default(0),
    deposits: bigint('deposits', { mode: 'number' }).notNull().default(0),
    withdrawals: bigint('withdrawals', { mode: 'number' }).notNull().default(0),
    bonuses: bigint('bonuses', { mode: 'number' }).notNull().default(0),
    /** Operators' adjustments, signed. */
    adjustments: bigint('adjustments', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.memberId, t.day, t.category] }),
    // A merchant's days (the rollup, a report's live days) and its bettors over a span, counted once
    // from the index alone.
    index('daily_member_stats_day_idx').on(t.merchantId, t.day, t.memberId, t.bets),
  ],
);

/**
 * A merchant's figures per local day and currency, rolled up from `daily_member_stats` once the day has
 * ended (the `statistics.merchant-day` period job, after the feed has caught up), so the back office's
 * reports read a row a day instead of every member's rows. Every day from the merchant's first figure
 * to the last rolled day has a row (zeros included): the newest row is how far the rollup reached,
 * and the report reads the days after it live. A change that reaches `daily_member_stats` for a day
 * already rolled (a movement recorded late) is added here by the trigger of migration 0037.
 */
export const dailyMerchantStats = pgTable(
  'daily_merchant_stats',
  {
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    day: date('day', { mode: 'string' }).notNull(),
    currency: text('currency').notNull(),
    bets: bigint('bets', { mode: 'number' }).notNull().default(0),
    stake: bigint('stake', { mode: 'number' }).notNull().default(0),
    validStake: bigint('valid_stake', { mode: 'number' }).notNull().default(0),
    payout: bigint('payout', { mode: 'number' }).notNull().default(0),
    deposits: bigint('deposits', { mode: 'number' }).notNull().default(0),
    withdrawals: bigint('withdrawals', { mode: 'number' }).notNull().default(0),
    bonuses: bigint('bonuses', { mode: 'number' }).notNull().default(0),
    adjustments: bigint('adjustments', { mode: 'number' }).notNull().default(0),
    /** Members with a bet that day (in any category), each counted once. */
    active: integer('active').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.day, t.currency] })],
);

/**
 * A merchant's bettors (members with a bet, in any category) of each rolled day, as member bitmaps
 * (`platform/member-bits.ts`): the report's active players over a span are the bits of the span's
 * rows OR-ed per chunk, counted once, instead of a scan of every bettor's member-days. Written with
 * `daily_merchant_stats` by the rollup, and a late bettor of a rolled day added by the same trigger.
 */
export const dailyMerchantBettors = pgTable(
  'daily_merchant_bettors',
  {
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    day: date('day', { mode: 'string' }).notNull(),
    chunk: integer('chunk').notNull(),
    bettors: memberBits('bettors').notNull(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.day, t.chunk] })],
);
