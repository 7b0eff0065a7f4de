import { and, count, desc, eq, gt, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { memberRows } from '../members/members.service.ts';
import { inboxMessages, inboxReceipts } from './inbox.tables.ts';

export type InboxMessageRow = typeof inboxMessages.$inferSelect;
export type NewInboxMessageRow = typeof inboxMessages.$inferInsert;

/** The database channel the live inbox listens on. */
export const INBOX_CHANNEL = 'inbox';

type MemberSet = ReturnType<typeof memberRows>;

/** Whether a message reaches a member of `mb` now: published, not expired, and in its audience. */
function reaches(mb: MemberSet, now: Date): SQL {
  const m = inboxMessages;
  return and(
    isNull(m.withdrawnAt),
    lte(m.publishAt, now),
    or(isNull(m.expiresAt), gt(m.expiresAt, now)),
    or(
      and(eq(m.audience, 'member'), eq(m.memberId, mb.id)),
      and(eq(m.audience, 'merchant'), eq(m.merchantId, mb.merchantId)),
      and(eq(m.audience, 'vip'), eq(m.merchantId, mb.merchantId), sql`${mb.rankLevel} >= ${m.minRank}`),
      and(eq(m.audience, 'team'), eq(m.merchantId, mb.merchantId), eq(m.agentId, mb.uplineId)),
      and(eq(m.audience, 'country'), eq(m.merchantId, mb.merchantId), eq(m.countryDialingCode, mb.countryDialingCode)),
      eq(m.audience, 'all'),
    ),
  ) as SQL;
}

const receiptOf = (mb: MemberSet) => and(eq(inboxReceipts.messageId, inboxMessages.id), eq(inboxReceipts.memberId, mb.id));

export async function insertMessage(db: Db, values: NewInboxMessageRow): Promise<InboxMessageRow> {
  const [row] = await db.insert(inboxMessages).values(values).onConflictDoNothing().returning();
  if (row) return row;
  // Only a repeated idempotency key conflicts: the message of the first call is the answer.
  const [first] = await db
    .select()
    .from(inboxMessages)
    .where(eq(inboxMessages.dedupeKey, values.dedupeKey ?? ''));
  if (!first) throw new Error('inbox message conflicted without a dedupe key');
  return first;
}

export async function notifyInbox(db: Db, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${INBOX_CHANNEL}, ${payload})`);
}

/** A member's visible messages, newest first, with their read state. */
export async function findMemberMessages(db: Db, memberId: number, now: Date, q: { pageNo: number; pageSize: number; unread: boolean }) {
  const mb = memberRows(db);
  const where = and(
    eq(mb.id, memberId),
    reaches(mb, now),
    isNull(inboxReceipts.deletedAt),
    q.unread ? isNull(inboxReceipts.readAt) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ message: inboxMessages, readAt: inboxReceipts.readAt })
      .from(mb)
      .innerJoin(inboxMessages, sql`true`)
      .leftJoin(inboxReceipts, receiptOf(mb))
      .where(where)
      .orderBy(desc(inboxMessages.publishAt), desc(inboxMessages.id))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize),
    db.select({ n: count() }).from(mb).innerJoin(inboxMessages, sql`true`).leftJoin(inboxReceipts, receiptOf(mb)).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** One visible, not deleted message of a member. */
export async function findMemberMessage(db: Db, memberId: number, messageId: number, now: Date) {
  const mb = memberRows(db);
  const [row] = await db
    .select({ message: inboxMessages, readAt: inboxReceipts.readAt })
    .from(mb)
    .innerJoin(inboxMessages, eq(inboxMessages.id, messageId))
    .leftJoin(inboxReceipts, receiptOf(mb))
    .where(and(eq(mb.id, memberId), reaches(mb, now), isNull(inboxReceipts.deletedAt)));
  return row;
}

/** Unread messages per member, for the header badge and the live pushes (members with none are left out). */
export async function countUnread(db: Db, memberIds: readonly number[], now: Date): Promise<Map<number, number>> {
  if (memberIds.length === 0) return new Map();
  const mb = memberRows(db);
  const rows = await db
    .select({ memberId: mb.id, n: count() })
    .from(mb)
    .innerJoin(inboxMessages, reaches(mb, now))
    .leftJoin(inboxReceipts, receiptOf(mb))
    .where(and(inArray(mb.id, [...memberIds]), isNull(inboxReceipts.readAt), isNull(inboxReceipts.deletedAt)))
    .groupBy(mb.id);
  return new Map(rows.map((r) => [r.memberId, r.n]));
}

/** Sets read (and deleted) on a member's message; true when the message is one of theirs. */
export async function upsertReceipt(db: Db, memberId: number, messageId: number, now: Date, deleted: boolean): Promise<void> {
  await db
    .insert(inboxReceipts)
    .values({ messageId, memberId, readAt: now, deletedAt: deleted ? now : null })
    .onConflictDoUpdate({
      target: [inboxReceipts.messageId, inboxReceipts.memberId],
      set: deleted
        ? {
            readAt: sql`coalesce(${inboxReceipts.readAt}, excluded.read_at)`,
            deletedAt: sql`coalesce(${inboxReceipts.deletedAt}, excluded.deleted_at)`,
          }
        : { readAt: sql`coalesce(${inboxReceipts.readAt}, excluded.read_at)` },
    });
}

/** Marks every visible unread message of a member read. */
export async function markAllRead(db: Db, memberId: number, now: Date): Promise<number> {
  const mb = memberRows(db);
  const unread = await db
    .select({ id: inboxMessages.id })
    .from(mb)
    .innerJoin(inboxMessages, reaches(mb, now))
    .leftJoin(inboxReceipts, receiptOf(mb))
    .where(and(eq(mb.id, memberId), isNull(inboxReceipts.readAt), isNull(inboxReceipts.deletedAt)));
  if (unread.length === 0) return 0;
  await db
    .insert(inboxReceipts)
    .values(unread.map((m) => ({ messageId: m.id, memberId, readAt: now })))
    .onConflictDoUpdate({ target: [inboxReceipts.messageId, inboxReceipts.memberId], set: { readAt: now } });
  return unread.length;
}

/** Takes the messages that became due and were not yet announced: each is announced by exactly one node. */
export async function claimDueMessages(db: Db, now: Date) {
  return db
    .update(inboxMessages)
    .set({ announcedAt: now })
    .where(and(isNull(inboxMessages.announcedAt), lte(inboxMessages.publishAt, now)))
    .returning({
      id: inboxMessages.id,
      audience: inboxMessages.audience,
      merchantId: inboxMessages.merchantId,
      memberId: inboxMessages.memberId,
    });
}

export async function findMessageById(db: Db, id: number): Promise<InboxMessageRow | undefined> {
  const [row] = await db.select().from(inboxMessages).where(eq(inboxMessages.id, id));
  return row;
}

/** Messages sent, newest first, for operators: within the merchants of their scope (undefined: all). */
export async function findSentMessages(
  db: Db,
  scope: number[] | undefined,
  merchantId: number | undefined,
  q: { pageNo: number; pageSize: number },
) {
  const where = and(
    merchantId !== undefined ? eq(inboxMessages.merchantId, merchantId) : undefined,
    scope ? inArray(inboxMessages.merchantId, scope.length ? scope : [0]) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(inboxMessages)
      .where(where)
      .orderBy(desc(inboxMessages.createdAt), desc(inboxMessages.id))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize),
    db.select({ n: count() }).from(inboxMessages).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Marks a message withdrawn; false when it does not exist or already is. */
export async function markWithdrawn(db: Db, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(inboxMessages)
    .set({ withdrawnAt: now })
    .where(and(eq(inboxMessages.id, id), isNull(inboxMessages.withdrawnAt)))
    .returning({ id: inboxMessages.id });
  return rows.length > 0;
}
