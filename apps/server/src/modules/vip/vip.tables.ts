import { bigint, bigserial, integer, jsonb, pgTable, serial, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { merchants } from '../merchants/merchants.tables.ts';

/**
 * A merchant's VIP level (decision 0036): the club rank it gives (members.rank_level; the site shows
 * rank − 1), the cumulative valid bets and deposits that reach it (minor units; 0 is not counted),
 * the bonus paid once on reaching it and what it gives.
 */
export const vipLevels = pgTable(
  'vip_levels',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    rank: integer('rank').notNull(),
    /** Name by language code. */
    name: jsonb('name').$type<Record<string, string>>().notNull(),
    minValidBets: bigint('min_valid_bets', { mode: 'number' }).notNull().default(0),
    minDeposits: bigint('min_deposits', { mode: 'number' }).notNull().default(0),
    upgradeBonus: bigint('upgrade_bonus', { mode: 'number' }).notNull().default(0),
    /** Valid bets owed on the upgrade bonus, × the bonus; 0 pays it as cash. */
    wageringMultiple: integer('wagering_multiple').notNull().default(0),
    /** rebateBp, withdrawalsPerDay. */
    privileges: jsonb('privileges').$type<{ rebateBp: number; withdrawalsPerDay: number }>().notNull(),
  },
  (t) => [uniqueIndex('vip_levels_merchant_rank_uq').on(t.merchantId, t.rank)],
);

/** An upgrade bonus paid: one row per member and rank, so a level pays once whatever runs again. */
export const vipUpgrades = pgTable(
  'vip_upgrades',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    rank: integer('rank').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    ledgerTransactionId: bigint('ledger_transaction_id', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('vip_upgrades_member_rank_uq').on(t.memberId, t.rank)],
);
