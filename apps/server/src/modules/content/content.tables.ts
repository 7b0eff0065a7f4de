import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { merchants } from '../merchants/merchants.tables.ts';

/** Text in several languages, keyed by language code (EN, PT, ...). */
export type LocalText = Record<string, string>;

/** Announcements of every type: B notices, PL/PU popups, PR promotion notes, H home notices. */
export const announcements = pgTable(
  'announcements',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    type: text('type').notNull(),
    title: jsonb('title').$type<LocalText>().notNull(),
    /** HTML as written by the operator; the site sanitises it before showing it. */
    content: jsonb('content').$type<LocalText>().notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
  },
  (t) => [index('announcements_merchant_type_idx').on(t.merchantId, t.type, t.publishedAt)],
);

export const banners = pgTable(
  'banners',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    groupName: text('group_name').notNull(),
    imageUrl: text('image_url').notNull(),
    title: jsonb('title').$type<LocalText>().notNull(),
    linkageType: text('linkage_type').notNull().default(''),
    linkageTarget: text('linkage_target').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    /** Switched off by an operator: kept, not shown. */
    enabled: boolean('enabled').notNull().default(true),
    /** Shown from/until (either open); the site's read cache shows a change within its time. */
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
  },
  (t) => [index('banners_merchant_group_idx').on(t.merchantId, t.groupName, t.sort)],
);

export const promotions = pgTable(
  'promotions',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    category: text('category').notNull(),
    title: jsonb('title').$type<LocalText>().notNull(),
    summary: jsonb('summary').$type<LocalText>().notNull(),
    content: jsonb('content').$type<LocalText>().notNull(),
    imageUrl: text('image_url').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('promotions_merchant_idx').on(t.merchantId, t.category, t.sort)],
);

export const helpArticles = pgTable(
  'help_articles',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    category: text('category').notNull(),
    title: jsonb('title').$type<LocalText>().notNull(),
    content: jsonb('content').$type<LocalText>().notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('help_articles_merchant_idx').on(t.merchantId, t.sort)],
);
