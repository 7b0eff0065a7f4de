import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { members } from '../members/members.tables.ts';
import { merchants } from '../merchants/merchants.tables.ts';

/** A merchant's responsible-gaming settings; no row means the defaults. */
export const rgSettings = pgTable('rg_settings', {
  merchantId: integer('merchant_id')
    .primaryKey()
    .references(() => merchants.id),
  /** How long a raised or removed limit waits before the player may confirm it. */
  coolingHours: integer('cooling_hours').notNull().default(24),
  /** Help for players, per market: [{ title, url }]. */
  helpLinks: jsonb('help_links').$type<{ title: string; url: string }[]>().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A player's own limits, one per kind (deposit, loss, wager: minor units; session: minutes) and
 * period (day, week, month). `amount` is the limit in force; a raise or a removal waits in `pending*`
 * until `pendingFrom` (the merchant's cooling period), then needs the player's confirmation.
 */
export const rgLimits = pgTable(
  'rg_limits',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    kind: text('kind').notNull(),
    period: text('period').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** The raise asked for; null with `pendingRemove` false: nothing pending. */
    pendingAmount: bigint('pending_amount', { mode: 'number' }),
    pendingRemove: boolean('pending_remove').notNull().default(false),
    /** When the pending change may be confirmed. */
    pendingFrom: timestamp('pending_from', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.kind, t.period] })],
);

/** What happened to a player's limits, for the player's history: set, lowered, raise_asked, raised, removal_asked, removed, cancelled. */
export const rgLimitEvents = pgTable(
  'rg_limit_events',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    kind: text('kind').notNull(),
    period: text('period').notNull(),
    action: text('action').notNull(),
    amount: bigint('amount', { mode: 'number' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('rg_limit_events_member_idx').on(t.memberId, t.at)],
);

/** The player's reality check: a dialog over play every `minutes` minutes (within the market's bounds). */
export const rgRealityChecks = pgTable('rg_reality_checks', {
  memberId: integer('member_id')
    .primaryKey()
    .references(() => members.id),
  minutes: integer('minutes').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Cool-offs and self-exclusions. A self-exclusion is also the local exclusion registry: the player's
 * e-mail, mobile and identity number at the time, with the jurisdiction (the merchant's country),
 * so that the same person is refused at registration and login in any merchant of that jurisdiction.
 * `endsAt` null: indefinite.
 */
export const rgExclusions = pgTable(
  'rg_exclusions',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    /** cool_off or self_exclusion. */
    kind: text('kind').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    jurisdiction: text('jurisdiction').notNull(),
    email: text('email'),
    mobile: text('mobile'),
    idNumber: text('id_number'),
  },
  (t) => [
    index('rg_exclusions_member_idx').on(t.memberId),
    index('rg_exclusions_email_idx').on(t.jurisdiction, t.email),
    index('rg_exclusions_mobile_idx').on(t.jurisdiction, t.mobile),
    index('rg_exclusions_id_number_idx').on(t.jurisdiction, t.idNumber),
  ],
);
