import { and, count, desc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { feedback, feedbackImages } from './feedback.tables.ts';

export type FeedbackRow = typeof feedback.$inferSelect;

export async function insertFeedback(
  db: Db,
  row: typeof feedback.$inferInsert,
  images: { contentType: string; bytes: Buffer }[],
): Promise<FeedbackRow> {
  const [created] = await db.insert(feedback).values(row).returning();
  if (!created) throw new Error('feedback insert returned nothing');
  if (images.length > 0) await db.insert(feedbackImages).values(images.map((img, n) => ({ feedbackId: created.id, n, ...img })));
  return created;
}

export async function findFeedback(db: Db, id: number, lock = false): Promise<FeedbackRow | undefined> {
  const q = db.select().from(feedback).where(eq(feedback.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function findFeedbackPage(
  db: Db,
  scope: number[] | undefined,
  q: { pageNo: number; pageSize: number; merchantId?: number; answered?: boolean },
) {
  const where = and(
    scope ? inArray(feedback.merchantId, scope.length ? scope : [0]) : undefined,
    q.merchantId !== undefined ? eq(feedback.merchantId, q.merchantId) : undefined,
    q.answered === undefined ? undefined : q.answered ? isNotNull(feedback.answeredAt) : isNull(feedback.answeredAt),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(feedback)
      .where(where)
      .orderBy(desc(feedback.createdAt), desc(feedback.id))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize),
    db.select({ n: count() }).from(feedback).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function imageCounts(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: feedbackImages.feedbackId, n: count() })
    .from(feedbackImages)
    .where(inArray(feedbackImages.feedbackId, ids))
    .groupBy(feedbackImages.feedbackId);
  return new Map(rows.map((r) => [r.id, r.n]));
}

export async function findImage(db: Db, id: number, n: number) {
  const [row] = await db
    .select()
    .from(feedbackImages)
    .where(and(eq(feedbackImages.feedbackId, id), eq(feedbackImages.n, n)));
  return row;
}

export async function setAnswer(db: Db, id: number, answer: string, by: string, at: Date): Promise<void> {
  await db.update(feedback).set({ answer, answeredBy: by, answeredAt: at }).where(eq(feedback.id, id));
}
