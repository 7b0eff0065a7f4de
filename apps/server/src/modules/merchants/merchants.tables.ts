import { defaultMarketRules, type Link, type MarketRules, type RegisterRule, type Resource, type WhitelabelNode } from '@platform/contract';
import { bigint, boolean, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** A brand run by the operator: its region, currency, languages and every white-label switch. */
export const merchants = pgTable('merchants', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  /** ISO 3166-1 alpha-2 code of the main country (for UEMOA, the union's seat). */
  country: text('country').notNull(),
  countryName: text('country_name').notNull(),
  /** ISO 4217 code. */
  currency: text('currency').notNull(),
  /** Site language codes, the first being the default. */
  langList: text('lang_list').array().notNull(),
  domains: text('domains').array().notNull(),
  /** Countries whose visitors the merchant serves; empty means any. */
  countries: text('countries').array().notNull().default([]),
  /** Countries whose visitors see the restriction page. */
  restrictedCountries: text('restricted_countries').array().notNull().default([]),
  isDefault: boolean('is_default').notNull().default(false),
  sort: integer('sort').notNull().default(0),
  whitelabel: jsonb('whitelabel').$type<WhitelabelNode[]>().notNull(),
  registerRules: jsonb('register_rules').$type<RegisterRule[]>().notNull(),
  resources: jsonb('resources').$type<Resource[]>().notNull(),
  customerService: jsonb('customer_service').$type<Link[]>().notNull(),
  socialLinks: jsonb('social_links').$type<Link[]>().notNull(),
  analytics: jsonb('analytics').$type<Record<string, string>>().notNull(),
  imageCdns: text('image_cdns').array().notNull(),
  launchGameCdns: text('launch_game_cdns').array().notNull(),
  paymentImages: text('payment_images').array().notNull(),
  /** The market's rules: limits, identity and age at registration, KYC before withdrawal, inactivity logout. */
  market: jsonb('market').$type<MarketRules>().notNull().default(defaultMarketRules),
  theme: jsonb('theme').$type<{ brandName: string; primary: string; accent: string }>().notNull(),
  /** IANA time zone: where the merchant's days begin (daily limits, records, daily statistics, periods). */
  timeZone: text('time_zone').notNull().default('UTC'),
  maintenance: boolean('maintenance').notNull().default(false),
  maintenanceEnd: timestamp('maintenance_end', { withTimezone: true }),
  /**
   * Minor units from which a manual adjustment (either sign) waits for a second operator's approval;
   * null: the currency's default (currencies.ts, adjustmentApproval). A column default could not
   * follow the currency (decision 0047).
   */
  adjustmentThreshold: bigint('adjustment_threshold', { mode: 'number' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type MerchantRow = typeof merchants.$inferSelect;
export type NewMerchantRow = typeof merchants.$inferInsert;

/**
 * The money rules of a merchant: turnover multiplier, withdrawal limits and how long a paid
 * withdrawal waits for the player's confirmation before it counts as received.
 */
export const paymentSettings = pgTable('payment_settings', {
  merchantId: integer('merchant_id')
    .primaryKey()
    .references(() => merchants.id),
  /** A credited deposit must be wagered this many times before a withdrawal (0: no requirement). */
  turnoverMultiplier: integer('turnover_multiplier').notNull().default(1),
  /** Minor units. */
  withdrawMin: bigint('withdraw_min', { mode: 'number' }).notNull(),
  withdrawMax: bigint('withdraw_max', { mode: 'number' }).notNull(),
  withdrawDailyCount: integer('withdraw_daily_count').notNull(),
  withdrawDailyAmount: bigint('withdraw_daily_amount', { mode: 'number' }).notNull(),
  /** Minutes after the payout after which an unconfirmed withdrawal counts as received. */
  confirmMinutes: integer('confirm_minutes').notNull(),
  /** Players and their agents may send each other money (transferUpline). */
  uplineTransfer: boolean('upline_transfer').notNull().default(true),
  /** Where this merchant pays withdrawals to: bank, pix, mobile_money. */
  withdrawAccountKinds: text('withdraw_account_kinds').array().notNull(),
});
