import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { merchants } from '../merchants/merchants.tables.ts';

/**
 * A ledger account: a member's wallet (main, a vendor sub-wallet, bonus, locked) or a merchant's
 * house account (cash_in, cash_out, games, bonuses, fees). Its balance is always the sum of its
 * entries; a member account can never go below zero (the CHECK, and the locked update in post()).
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    /** The member owning it; null for house accounts. */
    memberId: bigint('member_id', { mode: 'number' }),
    /** main, vendor:<code>, bonus, locked; for the house: cash_in, cash_out, games, bonuses, fees. */
    kind: text('kind').notNull(),
    currency: text('currency').notNull(),
    /** Minor units (cents). */
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    /** House accounts mirror money leaving and entering, so they may be negative. */
    house: integer('house').notNull().default(0),
    /**
     * Wagering (turnover) of a member account, moved by the ledger in the same UPDATE as the balance:
     * a credited deposit raises `wagering_required` by its amount times the merchant's multiplier,
     * from max(required, wagered), so wagering beyond what was owed is not banked; a bet's stake adds
     * to `wagered` and a rollback takes it off. What is still owed: required - wagered, over the member's accounts.
     */
    wageringRequired: bigint('wagering_required', { mode: 'number' }).notNull().default(0),
    wagered: bigint('wagered', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_owner_uq').on(t.merchantId, sql`coalesce(${t.memberId}, 0)`, t.kind),
    check('ledger_accounts_member_not_negative', sql`${t.house} = 1 or ${t.balance} >= 0`),
  ],
);

/** One movement of money: its entries sum to zero. An outside trigger gives it an idempotency key. */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    /** deposit, withdrawal, transfer, bet, win, rollback, adjustment, ... */
    type: text('type').notNull(),
    /** Unique per merchant: a repeat returns this transaction and moves nothing. */
    idempotencyKey: text('idempotency_key'),
    /** SHA-256 of the request that created it, to tell a repeat from a different request reusing the key. */
    requestHash: text('request_hash'),
    /** Who or what caused it (member, provider, operator) and any outside reference. */
    reference: jsonb('reference').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The id of the database transaction that wrote the movement. The ledger feed reads movements in
     * (xact, id) order up to the oldest transaction still running, so a movement committed late is
     * never skipped (ids are handed out before commit, in another order than commits).
     */
    xact: bigint('xact', { mode: 'number' }).notNull().default(sql`(pg_current_xact_id()::text)::bigint`),
  },
  (t) => [
    uniqueIndex('ledger_transactions_idem_uq').on(t.merchantId, t.idempotencyKey),
    index('ledger_transactions_feed_idx').on(t.xact, t.id),
  ],
);

/**
 * Where each consumer of the ledger feed stands: the last movement it consumed. A consumer moves its
 * cursor in the same database transaction as its own writes, so a crash replays, never skips, and
 * the row lock makes one node at a time consume.
 */
export const ledgerFeedCursors = pgTable('ledger_feed_cursors', {
  consumer: text('consumer').primaryKey(),
  xact: bigint('xact', { mode: 'number' }).notNull().default(0),
  transactionId: bigint('transaction_id', { mode: 'number' }).notNull().default(0),
  /** Movements consumed so far. */
  consumed: bigint('consumed', { mode: 'number' }).notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transactionId: bigint('transaction_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    /** Signed minor units: positive credits the account, negative debits it. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** The account's balance right after this entry. */
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
  },
  (t) => [index('ledger_entries_account_idx').on(t.accountId, t.id), index('ledger_entries_tx_idx').on(t.transactionId)],
);
