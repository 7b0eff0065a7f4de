import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { members } from '../members/members.tables.ts';

/**
 * A password login waiting for its second step (the merchant asks for one from an address the member
 * never logged in from). The id is random and travels to the site; it is bound to the address.
 */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    id: text('id').primaryKey(),
    merchantId: integer('merchant_id').notNull(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    ip: text('ip').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('login_challenges_member_idx').on(t.memberId)],
);

/** A member's authenticator app (TOTP): the shared secret, enabled once the member proved a code. */
export const memberTotp = pgTable('member_totp', {
  memberId: integer('member_id')
    .primaryKey()
    .references(() => members.id),
  secret: text('secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  /** The 30-second step of the last code accepted: a code is never accepted twice. */
  lastStep: integer('last_step'),
});
