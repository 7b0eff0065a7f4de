import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { promotions } from '../content/content.tables.ts';
import { merchants } from '../merchants/merchants.tables.ts';

/**
 * A promotion players can claim or are paid by (decision 0030): its type, its terms as data (the
 * reward formula, wagering multiple, contributions, max bet, windows), its schedule and its switch.
 * `promotionId` is the content page that presents it, when it has one.
 */
export const promotionOffers = pgTable(
  'promotion_offers',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    promotionId: integer('promotion_id').references(() => promotions.id),
    /** first_deposit, reload, daily_rebate (packages/contract offerTypes). */
    type: text('type').notNull(),
    /** Title by language code. */
    title: jsonb('title').$type<Record<string, string>>().notNull(),
    /** The type's terms (packages/contract offerTermsSchema), amounts in minor units. */
    terms: jsonb('terms').$type<Record<string, unknown>>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('promotion_offers_merchant_idx').on(t.merchantId, t.sort)],
);

/**
 * What an offer paid a member, one row per member and period (`once`, or the day of a reload or a
 * rebate): the unique key makes a second claim, concurrent or not, pay nothing. A claim based on a
 * deposit names its ledger transaction, and one deposit joins one promotion.
 */
export const promotionClaims = pgTable(
  'promotion_claims',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    offerId: integer('offer_id')
      .notNull()
      .references(() => promotionOffers.id),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    periodKey: text('period_key').notNull(),
    depositTransactionId: bigint('deposit_transaction_id', { mode: 'number' }),
    /** Minor units paid, and the wagering it carries. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    required: bigint('required', { mode: 'number' }).notNull(),
    ledgerTransactionId: bigint('ledger_transaction_id', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('promotion_claims_period_uq').on(t.offerId, t.memberId, t.periodKey),
    uniqueIndex('promotion_claims_deposit_uq')
      .on(t.merchantId, t.memberId, t.depositTransactionId)
      .where(sql`${t.depositTransactionId} is not null`),
    index('promotion_claims_member_idx').on(t.memberId, t.offerId),
  ],
);
