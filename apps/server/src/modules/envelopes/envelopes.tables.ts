import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { merchants } from '../merchants/merchants.tables.ts';

/**
 * An envelope rain round (decision 0044): a window, a budget shared by `count` envelopes drawn from
 * the server seed (whose SHA-256 is published before the round and the seed after it), and how many
 * envelopes are taken. `opened` only grows under the row's lock and never passes `count`, so each
 * envelope index is opened at most once and the sum paid never exceeds the budget.
 */
export const envelopeRounds = pgTable(
  'envelope_rounds',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** Minor units. */
    budget: bigint('budget', { mode: 'number' }).notNull(),
    count: integer('count').notNull(),
    /** Minor units: every envelope holds at least this. */
    minAmount: bigint('min_amount', { mode: 'number' }).notNull(),
    /** 64 hex characters from the CSPRNG; shown only after ends_at. */
    serverSeed: text('server_seed').notNull(),
    serverSeedHash: text('server_seed_hash').notNull(),
    clientSeed: text('client_seed').notNull(),
    opened: integer('opened').notNull().default(0),
    /** Minor units paid so far. */
    paid: bigint('paid', { mode: 'number' }).notNull().default(0),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('envelope_rounds_merchant_idx').on(t.merchantId, t.startsAt),
    check('envelope_rounds_opened_within', sql`${t.opened} >= 0 and ${t.opened} <= ${t.count}`),
    check('envelope_rounds_paid_within', sql`${t.paid} >= 0 and ${t.paid} <= ${t.budget}`),
    check('envelope_rounds_window', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/** One opened envelope: one per member and round, one per index and round; the IP is logged as the domain notes ask. */
export const envelopeOpens = pgTable(
  'envelope_opens',
  {
    roundId: integer('round_id')
      .notNull()
      .references(() => envelopeRounds.id),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    idx: integer('idx').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    ip: text('ip').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('envelope_opens_member_uq').on(t.roundId, t.memberId), uniqueIndex('envelope_opens_idx_uq').on(t.roundId, t.idx)],
);
