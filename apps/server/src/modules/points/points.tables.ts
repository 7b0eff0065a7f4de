import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { merchants } from '../merchants/merchants.tables.ts';

/**
 * A merchant's points rules (decision 0032). Points are whole numbers kept in the ledger (currency
 * PTS); what earns them is counted in micro-points so that small bets add up (see points_progress).
 */
export const pointsSettings = pgTable('points_settings', {
  merchantId: integer('merchant_id')
    .primaryKey()
    .references(() => merchants.id),
  enabled: boolean('enabled').notNull().default(true),
  /** Minor units of valid bet that earn one point, per game category; `*` for the others; a category absent (or 0) earns none. */
  betRules: jsonb('bet_rules').$type<Record<string, number>>().notNull(),
  /** Minor units deposited that earn one point; 0: deposits earn none. */
  depositUnit: bigint('deposit_unit', { mode: 'number' }).notNull().default(0),
  /** The points ratio: `convert_points` points give `convert_cash` minor units; 0 switches conversion off. */
  convertPoints: integer('convert_points').notNull().default(0),
  convertCash: bigint('convert_cash', { mode: 'number' }).notNull().default(0),
  /** The fewest points a conversion takes. */
  convertMin: integer('convert_min').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What a member has earned short of a whole point, in micro-points (1e-6 point), written only by the
 * points consumer of the ledger feed in the transaction that moves its cursor. A rollback of a bet
 * already counted takes its micro-points back here (the remainder may go below zero and is made up
 * by later bets), never from points already credited.
 */
export const pointsProgress = pgTable('points_progress', {
  merchantId: integer('merchant_id')
    .notNull()
    .references(() => merchants.id),
  memberId: bigint('member_id', { mode: 'number' }).primaryKey(),
  micro: bigint('micro', { mode: 'number' }).notNull().default(0),
  /** Whole points credited by the last batch that touched the member (read back by the same statement). */
  credited: bigint('credited', { mode: 'number' }).notNull().default(0),
  /** Whole points earned since the account opened. */
  earned: bigint('earned', { mode: 'number' }).notNull().default(0),
});

/** Goods of the points mall. */
export const mallItems = pgTable(
  'mall_items',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    /** goods: shipped to a receiving address; virtual: delivered to the account (a voucher, a top-up). */
    kind: text('kind').notNull(),
    /** Per language (EN, PT, FR, CN, VI, ID). */
    name: jsonb('name').$type<Record<string, string>>().notNull(),
    description: jsonb('description').$type<Record<string, string>>().notNull(),
    image: text('image').notNull(),
    points: integer('points').notNull(),
    /** Units left: taken by a redemption when it applies, given back when it is rejected. */
    stock: integer('stock').notNull(),
    /** Units one member may redeem per day (merchant's day); 0: no limit. */
    dailyLimit: integer('daily_limit').notNull().default(0),
    active: boolean('active').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mall_items_merchant_idx').on(t.merchantId, t.sort),
    check('mall_items_stock_not_negative', sql`${t.stock} >= 0 and ${t.points} > 0 and ${t.dailyLimit} >= 0`),
  ],
);

/**
 * A redemption: goods applied for (points held, stock taken), or a cash conversion (completed at
 * once). Its points move only through the ledger, each step under a key naming the redemption.
 */
export const mallRedemptions = pgTable(
  'mall_redemptions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    reference: text('reference').notNull().unique(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    /** The client's request id: a repeat answers the first redemption. */
    requestId: text('request_id').notNull(),
    /** goods, virtual or cash. */
    kind: text('kind').notNull(),
    itemId: integer('item_id').references(() => mallItems.id),
    /** The item's name when applied for (per language); a conversion has none. */
    name: jsonb('name').$type<Record<string, string>>(),
    quantity: integer('quantity').notNull(),
    points: bigint('points', { mode: 'number' }).notNull(),
    /** Cash of a conversion, minor units. */
    cash: bigint('cash', { mode: 'number' }),
    /** applying, rejected, approved, completed. */
    status: text('status').notNull(),
    /** The merchant's local day it was applied on (daily limits). */
    day: date('day').notNull(),
    address: jsonb('address').$type<Record<string, string>>(),
    remark: text('remark'),
    trackingNumber: text('tracking_number'),
    decidedBy: text('decided_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('mall_redemptions_request_uq').on(t.memberId, t.requestId),
    index('mall_redemptions_member_idx').on(t.memberId, t.id),
    index('mall_redemptions_daily_idx').on(t.memberId, t.itemId, t.day),
    index('mall_redemptions_queue_idx').on(t.merchantId, t.status, t.id),
  ],
);
