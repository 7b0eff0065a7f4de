import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Operator accounts of the back office, apart from players: their own passwords (argon2id), their
 * authenticator app (required), a role and the merchants they act for.
 */
export const operators = pgTable('operators', {
  id: serial('id').primaryKey(),
  /** Sign-in name, lower case, unique; never reused, since audit rows and draws name operators by it. */
  account: text('account').notNull().unique(),
  name: text('name').notNull(),
  /** owner, admin, finance, risk, support, content, lottery (the permissions table says what each may do). */
  role: text('role').notNull(),
  /** Acts for every merchant, present and future; otherwise only for `merchantIds`. */
  allMerchants: boolean('all_merchants').notNull().default(false),
  merchantIds: integer('merchant_ids').array().notNull().default(sql`'{}'::integer[]`),
  passwordHash: text('password_hash').notNull(),
  /** A first password (seeded or set by another operator): the next sign-in must change it. */
  mustChangePassword: boolean('must_change_password').notNull().default(true),
  /** Base32 secret of the authenticator app; in force once `totpEnabledAt` is set. */
  totpSecret: text('totp_secret'),
  totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
  /** The 30-second step of the last code accepted: a code is never accepted twice. */
  totpLastStep: integer('totp_last_step'),
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  createdBy: integer('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Operators' sessions, apart from players'. Only the SHA-256 of a token is kept. A session opens at
 * the password and works for admin calls only once its `stage` is `done` (password changed when
 * forced, authenticator enrolled or its code shown).
 */
export const operatorSessions = pgTable(
  'operator_sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    /** change_password, enrol_totp, totp or done. */
    stage: text('stage').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Absolute end, whatever the activity (a pending stage gets minutes, a session hours). */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Last use; the idle timeout counts from it. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
  },
  (t) => [index('operator_sessions_operator_idx').on(t.operatorId)],
);

/** Personal API keys for scripts: hashed, revocable, acting with their operator's current role and scope. */
export const operatorApiKeys = pgTable(
  'operator_api_keys',
  {
    id: serial('id').primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    name: text('name').notNull(),
    /** The key's first characters, shown in lists to tell keys apart. */
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('operator_api_keys_operator_idx').on(t.operatorId)],
);
