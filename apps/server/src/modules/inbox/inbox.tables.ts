import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members } from '../members/members.tables.ts';
import { merchants } from '../merchants/merchants.tables.ts';

/**
 * Platform messages. One row per message whatever its audience: a message to a segment is never
 * copied per player, so a message to every player of a merchant is one insert, and a player who
 * registers later still sees it. Who it reaches is decided when a player reads (inbox.repository.ts).
 */
export const inboxMessages = pgTable(
  'inbox_messages',
  {
    id: serial('id').primaryKey(),
    /** 'system' (sent by a module through sendSystemMessage) or 'notice' (written by an operator). */
    kind: text('kind').notNull(),
    /** member | merchant | vip | team | country | all */
    audience: text('audience').notNull(),
    /** Null only for audience 'all' (every player of every merchant). */
    merchantId: integer('merchant_id').references(() => merchants.id),
    memberId: integer('member_id').references(() => members.id),
    /** audience 'vip': players of this rank or above. */
    minRank: integer('min_rank'),
    /** audience 'team': the agent whose direct downlines get it. */
    agentId: integer('agent_id').references(() => members.id),
    /** audience 'country': the dialling code of the players' bound mobile, e.g. +55. */
    countryDialingCode: text('country_dialing_code'),
    /** Plain text per language (never HTML: the site shows it as text). */
    title: jsonb('title').$type<Record<string, string>>().notNull(),
    content: jsonb('content').$type<Record<string, string>>().notNull(),
    publishAt: timestamp('publish_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** When the live channel was told (at once, or by the job once a scheduled message is due). */
    announcedAt: timestamp('announced_at', { withTimezone: true }),
    /** The operator's account, or the sending module's name. */
    createdBy: text('created_by').notNull(),
    /** A system message's idempotency key: the same event never sends two messages. */
    dedupeKey: text('dedupe_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Withdrawn by an operator: no player sees it any more; the row stays for the audit trail. */
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  },
  (t) => [
    index('inbox_messages_member_idx').on(t.memberId, t.publishAt).where(sql`${t.audience} = 'member'`),
    index('inbox_messages_segment_idx').on(t.merchantId, t.publishAt).where(sql`${t.audience} <> 'member'`),
    index('inbox_messages_unannounced_idx').on(t.publishAt).where(sql`${t.announcedAt} is null`),
    uniqueIndex('inbox_messages_dedupe_uq').on(t.dedupeKey),
  ],
);

/** A player's state of one message: read, deleted (hidden from them). No row: unread. */
export const inboxReceipts = pgTable(
  'inbox_receipts',
  {
    messageId: integer('message_id')
      .notNull()
      .references(() => inboxMessages.id, { onDelete: 'cascade' }),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    readAt: timestamp('read_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.memberId] }), index('inbox_receipts_member_idx').on(t.memberId)],
);
