import { bigint, date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
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
  (t) => [primaryKey({ columns: [t.merchantId, t.memberId, t.day, t.category] })],
);
