import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { kycDocumentFiles, kycDocuments, kycVerifications } from './verification.tables.ts';

export type VerificationRow = typeof kycVerifications.$inferSelect;
export type DocumentRow = typeof kycDocuments.$inferSelect;

/** A member's verification row (none: never sent); `lock` takes it for update. */
export async function findVerification(db: Db, memberId: number, lock = false): Promise<VerificationRow | undefined> {
  const q = db.select().from(kycVerifications).where(eq(kycVerifications.memberId, memberId));
  const [row] = await (lock ? q.for('update') : q);
  return row;
}

/** Whether the member's identity is verified (approved). */
export async function isVerified(db: Db, memberId: number): Promise<boolean> {
  const [row] = await db.select({ status: kycVerifications.status }).from(kycVerifications).where(eq(kycVerifications.memberId, memberId));
  return row?.status === 'approved';
}

export async function documentsOf(db: Db, memberId: number): Promise<DocumentRow[]> {
  return db.select().from(kycDocuments).where(eq(kycDocuments.memberId, memberId)).orderBy(asc(kycDocuments.id));
}

export async function documentsOfMany(db: Db, memberIds: number[]): Promise<DocumentRow[]> {
  if (memberIds.length === 0) return [];
  return db.select().from(kycDocuments).where(inArray(kycDocuments.memberId, memberIds)).orderBy(asc(kycDocuments.id));
}

/** Stores a document of a kind, replacing the member's earlier one of that kind (row and bytes). */
export async function replaceDocument(
  db: Db,
  values: { memberId: number; kind: string; contentType: string; size: number; createdAt: Date },
  bytes: Buffer,
): Promise<DocumentRow> {
  await db.delete(kycDocuments).where(and(eq(kycDocuments.memberId, values.memberId), eq(kycDocuments.kind, values.kind)));
  const [row] = await db.insert(kycDocuments).values(values).returning();
  if (!row) throw new Error('no document row');
  await db.insert(kycDocumentFiles).values({ documentId: row.id, bytes });
  return row;
}

/** A document's bytes, only for the member it belongs to. */
export async function findDocumentFile(db: Db, memberId: number, id: number) {
  const [row] = await db
    .select({ bytes: kycDocumentFiles.bytes, contentType: kycDocuments.contentType })
    .from(kycDocuments)
    .innerJoin(kycDocumentFiles, eq(kycDocumentFiles.documentId, kycDocuments.id))
    .where(and(eq(kycDocuments.id, id), eq(kycDocuments.memberId, memberId)));
  return row;
}

/** Writes the member's verification state (insert or update). */
export async function writeVerification(db: Db, row: typeof kycVerifications.$inferInsert): Promise<VerificationRow> {
  const [written] = await db
    .insert(kycVerifications)
    .values(row)
    .onConflictDoUpdate({
      target: kycVerifications.memberId,
      set: {
        status: row.status,
        reason: row.reason ?? null,
        submittedAt: row.submittedAt ?? null,
        reviewedBy: row.reviewedBy ?? null,
        reviewedAt: row.reviewedAt ?? null,
      },
    })
    .returning();
  if (!written) throw new Error('no verification row');
  return written;
}

/** A page of verifications in a state within the operator's merchants: pending oldest first, decided newest first. */
export async function findVerificationPage(
  db: Db,
  scope: number[] | undefined,
  q: { status: string; merchantId?: number; pageNo: number; pageSize: number },
) {
  const v = kycVerifications;
  const where = and(
    eq(v.status, q.status),
    scope ? inArray(v.merchantId, scope.length ? scope : [0]) : undefined,
    q.merchantId !== undefined ? eq(v.merchantId, q.merchantId) : undefined,
  );
  const order = q.status === 'pending' ? [asc(v.submittedAt), asc(v.memberId)] : [desc(v.reviewedAt), desc(v.memberId)];
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(v)
      .where(where)
      .orderBy(...order)
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize),
    db.select({ n: count() }).from(v).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}
