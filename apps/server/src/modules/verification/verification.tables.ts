import { sql } from 'drizzle-orm';
import { check, customType, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members } from '../members/members.tables.ts';
import { merchants } from '../merchants/merchants.tables.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => Buffer.from(v),
});

/**
 * A member's identity verification (KYC): no row means nothing was ever sent (`none`). `pending`
 * waits for an operator; `approved` is the verified level; `rejected` carries the operator's reason
 * and lets the player send again.
 */
export const kycVerifications = pgTable(
  'kyc_verifications',
  {
    memberId: integer('member_id')
      .primaryKey()
      .references(() => members.id),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    status: text('status').notNull(),
    reason: text('reason'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    reviewedBy: text('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [
    check('kyc_verifications_status_ck', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    index('kyc_verifications_queue_idx').on(t.merchantId, t.status, t.submittedAt),
  ],
);

/** The documents a member uploaded: one per kind (a new upload of a kind replaces the old one). */
export const kycDocuments = pgTable(
  'kyc_documents',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    kind: text('kind').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('kyc_documents_member_kind_uq').on(t.memberId, t.kind)],
);

/** The bytes of each document (png or jpg by their first bytes, at most 5 MB), apart so the state and list reads never carry them (as the support chat's images). */
export const kycDocumentFiles = pgTable('kyc_document_files', {
  documentId: integer('document_id')
    .primaryKey()
    .references(() => kycDocuments.id, { onDelete: 'cascade' }),
  bytes: bytea('bytes').notNull(),
});
