import { bigint, boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { gameVendors } from '../games/games.tables.ts';
import { members } from '../members/members.tables.ts';
import { merchants } from '../merchants/merchants.tables.ts';

/** A game provider allowed to call the seamless wallet: the vendor it plays for and its shared secret. */
export const gameProviders = pgTable('game_providers', {
  code: text('code').primaryKey(),
  vendorCode: text('vendor_code')
    .notNull()
    .references(() => gameVendors.code),
  /** HMAC-SHA256 key shared with the provider; it signs every call with it. */
  secret: text('secret').notNull(),
  /** When set, calls are accepted only from these addresses. */
  allowedIps: text('allowed_ips').array(),
  enabled: boolean('enabled').notNull().default(true),
});

/** A game launch: the token the provider exchanges for the player, valid for one game for a while. */
export const gameSessions = pgTable(
  'game_sessions',
  {
    id: serial('id').primaryKey(),
    /** SHA-256 of the launch token; the token itself only travels in the launch URL. */
    tokenHash: text('token_hash').notNull().unique(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    vendorCode: text('vendor_code').notNull(),
    gameCode: text('game_code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('game_sessions_member_idx').on(t.memberId)],
);

/**
 * Every provider call that moves or could move money, under the provider's own transaction id. The
 * unique index is the idempotency: a repeat finds the first row and its answer. A rollback of a bet
 * we never saw leaves a row for that bet with status `cancelled`, so the bet is refused if it comes.
 */
export const providerTransactions = pgTable(
  'provider_transactions',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').notNull(),
    transactionId: text('transaction_id').notNull(),
    /** bet, win or rollback. */
    kind: text('kind').notNull(),
    /**
     * done, rolled_back (a bet undone by a rollback), cancelled (a bet refused before it came), refused
     * (a win on a round without a live stake: kept so that a repeat is refused the same way).
     */
    status: text('status').notNull(),
    merchantId: integer('merchant_id').notNull(),
    memberId: integer('member_id').notNull(),
    roundId: text('round_id'),
    gameCode: text('game_code'),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** For a rollback: the bet it undoes. */
    betTransactionId: text('bet_transaction_id'),
    requestHash: text('request_hash'),
    ledgerTransactionId: bigint('ledger_transaction_id', { mode: 'number' }),
    /** The answer given the first time, given again to a repeat. */
    answer: jsonb('answer'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('provider_transactions_id_idx').on(t.provider, t.transactionId),
    index('provider_transactions_member_idx').on(t.memberId, t.createdAt),
  ],
);

/** A game round of one player at one provider: its stake and win, open until the provider closes it. */
export const gameRounds = pgTable(
  'game_rounds',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').notNull(),
    roundId: text('round_id').notNull(),
    merchantId: integer('merchant_id').notNull(),
    memberId: integer('member_id').notNull(),
    vendorCode: text('vendor_code').notNull(),
    gameCode: text('game_code').notNull(),
    /** open or closed. */
    status: text('status').notNull(),
    stake: bigint('stake', { mode: 'number' }).notNull().default(0),
    win: bigint('win', { mode: 'number' }).notNull().default(0),
    /** What it takes to replay the round (in-house games keep their seeds and outcome here). */
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('game_rounds_id_idx').on(t.provider, t.roundId), index('game_rounds_member_idx').on(t.memberId, t.openedAt)],
);
