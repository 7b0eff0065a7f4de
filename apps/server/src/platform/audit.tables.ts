import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Append-only record of what operators did: who, what, when, why. Hash-chained (platform/audit.ts):
 * each row carries the hash of the row before it (`prev_hash`, '' for the first) and its own hash over
 * that and its contents, so an edit or a deletion breaks the chain where it happened. The unique
 * `prev_hash` keeps it one chain: two rows can never follow the same row.
 */
export const operatorAudit = pgTable(
  'operator_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    operator: text('operator').notNull(),
    action: text('action').notNull(),
    merchantId: integer('merchant_id'),
    target: text('target').notNull(),
    reason: text('reason').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [
    index('operator_audit_target_idx').on(t.target),
    uniqueIndex('operator_audit_prev_hash_idx').on(t.prevHash),
    index('operator_audit_operator_idx').on(t.operator, t.id),
    index('operator_audit_action_idx').on(t.action, t.id),
  ],
);
