import { and, asc, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../platform/db.ts';
import { envelopeOpens, envelopeRounds } from './envelopes.tables.ts';

export type EnvelopeRoundRow = typeof envelopeRounds.$inferSelect;
export type EnvelopeOpenRow = typeof envelopeOpens.$inferSelect;

export async function insertRounds(db: Db, rows: (typeof envelopeRounds.$inferInsert)[]): Promise<EnvelopeRoundRow[]> {
  if (rows.length === 0) return [];
  return db.insert(envelopeRounds).values(rows).returning();
}

export async function roundById(db: Db, id: number): Promise<EnvelopeRoundRow | undefined> {
  const [row] = await db.select().from(envelopeRounds).where(eq(envelopeRounds.id, id));
  return row;
}

/** The live round, else the next one: the earliest not yet ended. */
export async function currentRound(db: Db, merchantId: number, now: Date): Promise<EnvelopeRoundRow | undefined> {
  const [row] = await db
    .select()
    .from(envelopeRounds)
    .where(and(eq(envelopeRounds.merchantId, merchantId), gt(envelopeRounds.endsAt, now)))
    .orderBy(asc(envelopeRounds.startsAt), asc(envelopeRounds.id))
    .limit(1);
  return row;
}

/** The last rounds ended by `now`, newest first. */
export async function closedRounds(db: Db, merchantId: number, now: Date, limit: number): Promise<EnvelopeRoundRow[]> {
  return db
    .select()
    .from(envelopeRounds)
    .where(and(eq(envelopeRounds.merchantId, merchantId), lte(envelopeRounds.endsAt, now)))
    .orderBy(desc(envelopeRounds.endsAt), desc(envelopeRounds.id))
    .limit(limit);
}

/** The merchant's rounds ending after `since`, in the order they start. */
export async function roundsOfMerchant(db: Db, merchantId: number, since: Date, limit: number): Promise<EnvelopeRoundRow[]> {
  return db
    .select()
    .from(envelopeRounds)
    .where(and(eq(envelopeRounds.merchantId, merchantId), gt(envelopeRounds.endsAt, since)))
    .orderBy(asc(envelopeRounds.startsAt), asc(envelopeRounds.id))
    .limit(limit);
}

export async function anyRound(db: Db, merchantId: number): Promise<boolean> {
  const [row] = await db.select({ id: envelopeRounds.id }).from(envelopeRounds).where(eq(envelopeRounds.merchantId, merchantId)).limit(1);
  return row !== undefined;
}

/** The member's envelopes in these rounds. */
export async function opensOf(db: Db, memberId: number, roundIds: number[]): Promise<EnvelopeOpenRow[]> {
  if (roundIds.length === 0) return [];
  return db
    .select()
    .from(envelopeOpens)
    .where(and(eq(envelopeOpens.memberId, memberId), inArray(envelopeOpens.roundId, roundIds)));
}

/**
 * Takes the round's next envelope index: `opened` goes up by one only while below the count and
 * inside the window. The row lock of the update orders concurrent openers; rolled back with the
 * caller's transaction. Undefined when none is left or the window is not open.
 */
export async function takeIndex(db: Db, roundId: number, now: Date): Promise<number | undefined> {
  const [row] = await db
    .update(envelopeRounds)
    .set({ opened: sql`${envelopeRounds.opened} + 1` })
    .where(
      and(
        eq(envelopeRounds.id, roundId),
        sql`${envelopeRounds.opened} < ${envelopeRounds.count}`,
        lte(envelopeRounds.startsAt, now),
        gt(envelopeRounds.endsAt, now),
      ),
    )
    .returning({ opened: envelopeRounds.opened });
  return row ? row.opened - 1 : undefined;
}

/** Records the member's envelope; false when the member already has one in the round. */
export async function insertOpen(db: Db, row: typeof envelopeOpens.$inferInsert): Promise<boolean> {
  const created = await db
    .insert(envelopeOpens)
    .values(row)
    .onConflictDoNothing({ target: [envelopeOpens.roundId, envelopeOpens.memberId] })
    .returning({ idx: envelopeOpens.idx });
  return created.length > 0;
}

export async function addPaid(db: Db, roundId: number, amount: number): Promise<void> {
  await db
    .update(envelopeRounds)
    .set({ paid: sql`${envelopeRounds.paid} + ${amount}` })
    .where(eq(envelopeRounds.id, roundId));
}

/** Whether the member bet on the local day (the daily statistics the ledger feed's consumer keeps). */
export async function betOnDay(db: Db, merchantId: number, memberId: number, day: string): Promise<boolean> {
  const rows = await queryRows<{ bets: string }>(
    db,
    sql`select coalesce(sum(bets), 0) as bets from daily_member_stats
         where merchant_id = ${merchantId} and member_id = ${memberId} and day = ${day}::date`,
  );
  return Number(rows[0]?.bets ?? 0) > 0;
}
