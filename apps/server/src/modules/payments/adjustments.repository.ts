import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { adjustmentRequests } from './payments.tables.ts';

export type AdjustmentRequestRow = typeof adjustmentRequests.$inferSelect;

/**
 * Inserts a request unless the merchant already has one under the maker's request id; the row
 * inserted, or undefined when one was there (read it with `adjustmentRequestByKey`).
 */
export async function insertAdjustmentRequest(
  db: Db,
  row: typeof adjustmentRequests.$inferInsert,
): Promise<AdjustmentRequestRow | undefined> {
  const [created] = await db
    .insert(adjustmentRequests)
    .values(row)
    .onConflictDoNothing({ target: [adjustmentRequests.merchantId, adjustmentRequests.requestId] })
    .returning();
  return created;
}

export async function adjustmentRequestByKey(db: Db, merchantId: number, requestId: string): Promise<AdjustmentRequestRow | undefined> {
  const [row] = await db
    .select()
    .from(adjustmentRequests)
    .where(and(eq(adjustmentRequests.merchantId, merchantId), eq(adjustmentRequests.requestId, requestId)))
    .limit(1);
  return row;
}

/** A request by id; `lock` holds its row until the transaction ends, so one decision at a time reads its status. */
export async function adjustmentRequestById(db: Db, id: number, lock = false): Promise<AdjustmentRequestRow | undefined> {
  const q = db.select().from(adjustmentRequests).where(eq(adjustmentRequests.id, id)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function updateAdjustmentRequest(
  db: Db,
  id: number,
  set: Partial<typeof adjustmentRequests.$inferInsert>,
): Promise<AdjustmentRequestRow> {
  const [row] = await db.update(adjustmentRequests).set(set).where(eq(adjustmentRequests.id, id)).returning();
  if (!row) throw new Error('adjustment request vanished');
  return row;
}

/**
 * A page of requests in the given merchants: pending ones first, oldest first (the queue), then the
 * decided ones newest first; with the count of matching rows up to `cap`.
 */
export async function adjustmentRequestPage(
  db: Db,
  filter: { merchantIds: number[]; status?: string; memberId?: number },
  page: { limit: number; offset: number; cap: number },
): Promise<{ rows: AdjustmentRequestRow[]; total: number }> {
  // Guard against an `in ()` when the operator acts for no merchant.
  if (filter.merchantIds.length === 0) return { rows: [], total: 0 };
  const t = adjustmentRequests;
  const where = and(
    inArray(t.merchantId, filter.merchantIds),
    filter.status ? eq(t.status, filter.status) : undefined,
    filter.memberId ? eq(t.memberId, filter.memberId) : undefined,
  );
  const capped = db.select({ one: sql`1` }).from(t).where(where).limit(page.cap).as('capped');
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(t)
      .where(where)
      .orderBy(sql`${t.status} <> 'pending'`, sql`case when ${t.status} = 'pending' then ${t.id} end`, sql`${t.id} desc`)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(capped),
  ]);
  return { rows, total: counted?.n ?? 0 };
}
