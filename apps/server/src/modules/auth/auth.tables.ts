import { index, integer, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { members } from '../members/members.tables.ts';
import { merchants } from '../merchants/merchants.tables.ts';

/** Login sessions. Only the SHA-256 of a token is stored, so a copy of the table logs nobody in. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    /** username, sms, register, freeplay, reset. */
    kind: text('kind').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Absolute end, whatever the activity. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Last use, moved forward at most once a minute; the idle timeout counts from it. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
  },
  (t) => [index('sessions_member_idx').on(t.memberId)],
);

/** Captcha answers, hashed, single use. */
export const captchas = pgTable('captchas', {
  id: uuid('id').primaryKey().defaultRandom(),
  merchantId: integer('merchant_id').notNull(),
  answerHash: text('answer_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** ALTCHA challenges already spent, kept until they expire so a solution is used once. */
export const spentChallenges = pgTable('spent_challenges', {
  challenge: text('challenge').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Keys every node shares: the RSA key pair of encrypted bodies, the ALTCHA HMAC key. */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One-time codes sent by SMS or email, hashed; void after 5 wrong tries or when a newer one is sent. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id').notNull(),
    /** sms or email. */
    channel: text('channel').notNull(),
    /** E.164 number or lower-case email. */
    target: text('target').notNull(),
    /** register, nologin (login and password reset by phone), bind. */
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('verification_codes_target_idx').on(t.merchantId, t.channel, t.target, t.purpose)],
);

/** Password-reset links sent by email, hashed, single use. */
export const passwordResets = pgTable('password_resets', {
  id: serial('id').primaryKey(),
  tokenHash: text('token_hash').notNull().unique(),
  memberId: integer('member_id')
    .notNull()
    .references(() => members.id),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});
