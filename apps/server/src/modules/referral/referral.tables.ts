import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { merchants } from '../merchants/merchants.tables.ts';

/** A merchant's invite-friends programme (decision 0036): the friend's deposits that qualify and the referrer's reward (minor units). */
export const referralPrograms = pgTable('referral_programs', {
  merchantId: integer('merchant_id')
    .primaryKey()
    .references(() => merchants.id),
  enabled: boolean('enabled').notNull().default(true),
  minDeposit: bigint('min_deposit', { mode: 'number' }).notNull(),
  reward: bigint('reward', { mode: 'number' }).notNull(),
  /** Valid bets owed on the reward, × the reward; 0 pays it as cash. */
  wageringMultiple: integer('wagering_multiple').notNull().default(0),
});

/** A member's invite code: one per member, unique in the merchant (any case). */
export const referralCodes = pgTable(
  'referral_codes',
  {
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    code: text('code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.memberId] }), uniqueIndex('referral_codes_merchant_code_uq').on(t.merchantId, sql`lower(${t.code})`)],
);

/**
 * A friend registered with a member's invite code: one row per friend. `rewardedAt` is set, with the
 * reward's ledger movement, when the friend's deposits first qualify: once.
 */
export const referrals = pgTable(
  'referrals',
  {
    friendId: bigint('friend_id', { mode: 'number' }).primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    referrerId: bigint('referrer_id', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    reward: bigint('reward', { mode: 'number' }),
    ledgerTransactionId: bigint('ledger_transaction_id', { mode: 'number' }),
    rewardedAt: timestamp('rewarded_at', { withTimezone: true }),
  },
  (t) => [
    index('referrals_referrer_idx').on(t.referrerId),
    index('referrals_unpaid_idx').on(t.merchantId).where(sql`${t.rewardedAt} is null`),
  ],
);
