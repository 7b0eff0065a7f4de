import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { merchants } from '../merchants/merchants.tables.ts';

export interface MemberLabel {
  labelName: string;
  color: string;
  bgColor: string;
}

/**
 * A player, trial or agent account of one merchant. The account name is unique per merchant whatever
 * its case, and so is a bound mobile number: both are enforced by the database, so two concurrent
 * registrations can never both succeed.
 */
export const members = pgTable(
  'members',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    account: text('account').notNull(),
    nickname: text('nickname').notNull().default(''),
    /** The spec's isAgent: 0 player, 4 trial, 1/2/41/42 agents. */
    type: smallint('type').notNull().default(0),
    /** The agent this member was registered under (through an affiliate code). */
    uplineId: integer('upline_id').references((): AnyPgColumn => members.id),
    labelName: text('label_name').notNull().default(''),
    color: text('color').notNull().default(''),
    color2: text('color2').notNull().default(''),
    /** VIP rank; the site shows rank minus 1. */
    rankLevel: integer('rank_level').notNull().default(1),
    memberLabels: jsonb('member_labels').$type<MemberLabel[]>().notNull().default([]),
    /** E.164, e.g. +5511987654321. */
    mobile: text('mobile'),
    /** e.g. +55. */
    countryDialingCode: text('country_dialing_code'),
    mobileVerifiedAt: timestamp('mobile_verified_at', { withTimezone: true }),
    email: text('email'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    payeeName: text('payee_name'),
    qqNum: text('qq_num'),
    line: text('line'),
    whatsapp: text('whatsapp'),
    zalo: text('zalo'),
    facebook: text('facebook'),
    wechat: text('wechat'),
    /** The identity number; on a market asking for the CPF, its 11 digits (unique per merchant). */
    idNumber: text('id_number'),
    /** Date of birth (yyyy-MM-dd), where the market asks for it. */
    birthDate: date('birth_date', { mode: 'string' }),
    /** The affiliate (or referral) code given at registration. */
    affiliateCode: text('affiliate_code'),
    recommenderId: text('recommender_id'),
    language: text('language').notNull().default(''),
    /** argon2id PHC string; null for members registered by mobile without a password and for trials. */
    passwordHash: text('password_hash'),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    /** The password was set by someone else (initial or default) and must be changed at the next login. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    paymentPasswordHash: text('payment_password_hash'),
    registerIp: text('register_ip').notNull().default(''),
    registerUrl: text('register_url').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    lastLoginIp: text('last_login_ip'),
  },
  (t) => [
    uniqueIndex('members_merchant_account_uq').on(t.merchantId, sql`lower(${t.account})`),
    uniqueIndex('members_merchant_mobile_uq').on(t.merchantId, t.mobile).where(sql`${t.mobile} is not null`),
    uniqueIndex('members_merchant_id_number_uq').on(t.merchantId, t.idNumber).where(sql`${t.idNumber} is not null`),
    index('members_merchant_email_idx').on(t.merchantId, sql`lower(${t.email})`),
    index('members_upline_idx').on(t.uplineId),
  ],
);

/** Codes that register a new member under the code's owner (agents' affiliate links). */
export const affiliateCodes = pgTable(
  'affiliate_codes',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    code: text('code').notNull(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('affiliate_codes_merchant_code_uq').on(t.merchantId, sql`lower(${t.code})`)],
);

/** Every successful login, for the security centre's history. */
export const memberLogins = pgTable(
  'member_logins',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    ip: text('ip').notNull(),
    country: text('country').notNull().default(''),
    countryCode: text('country_code').notNull().default(''),
    /** username, sms, register, freeplay, reset. */
    kind: text('kind').notNull(),
    /** The browser's User-Agent as sent (at most 256 characters). */
    userAgent: text('user_agent').notNull().default(''),
    /** The site's device id (a random id the browser keeps, the `Device` header); '' when none was sent. */
    device: text('device').notNull().default(''),
  },
  (t) => [
    index('member_logins_member_at_idx').on(t.memberId, t.at),
    // The operators' linked accounts and search by address: the members who logged in from an address or device.
    index('member_logins_ip_idx').on(t.ip, t.memberId),
    index('member_logins_device_idx').on(t.device, t.memberId).where(sql`${t.device} <> ''`),
  ],
);

/** Operators' private notes on a player: plain text, never shown to the player. */
export const memberNotes = pgTable(
  'member_notes',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    /** The operator's account name, as the audit log names them. */
    operator: text('operator').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('member_notes_member_idx').on(t.memberId, t.id)],
);

export type MemberRow = typeof members.$inferSelect;
export type NewMemberRow = typeof members.$inferInsert;
