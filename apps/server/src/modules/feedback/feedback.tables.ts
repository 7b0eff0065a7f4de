import { customType, index, integer, pgTable, primaryKey, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { members } from '../members/members.tables.ts';
import { merchants } from '../merchants/merchants.tables.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => Buffer.from(v),
});

/** What a player wrote in the feedback dialog, and the operator's answer (sent to them as a platform message). */
export const feedback = pgTable(
  'feedback',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    /** Plain text as written (at most 140 characters); shown as text, never as HTML. */
    content: text('content').notNull(),
    language: text('language').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    answer: text('answer'),
    answeredBy: text('answered_by'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [index('feedback_merchant_idx').on(t.merchantId, t.createdAt)],
);

/** The images sent with a feedback (png or jpg by their bytes, at most 3 of 5 MB). */
export const feedbackImages = pgTable(
  'feedback_images',
  {
    feedbackId: integer('feedback_id')
      .notNull()
      .references(() => feedback.id),
    n: smallint('n').notNull(),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.feedbackId, t.n] })],
);
