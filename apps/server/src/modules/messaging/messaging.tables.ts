import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every SMS and email the platform sends, as the default provider delivers them: into this table,
 * where the demo and the tests read them. A real provider would send and still record here.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id').notNull(),
    /** sms or email. */
    channel: text('channel').notNull(),
    /** E.164 number or email address. */
    to: text('to').notNull(),
    subject: text('subject').notNull().default(''),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_merchant_created_idx').on(t.merchantId, t.createdAt)],
);
