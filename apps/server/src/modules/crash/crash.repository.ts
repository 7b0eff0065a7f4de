import { and, desc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { memberRows } from '../members/members.service.ts';
import { crashBets, crashRounds } from './crash.tables.ts';

export type RoundRow = typeof crashRounds.$inferSelect;
export type NewRoundRow = typeof crashRounds.$inferInsert;
export type BetRow = typeof crashBets.$inferSelect;

/** The last `limit` rounds, newest first. */
export function latestRounds(db: Db, limit: number): Promise<RoundRow[]> {
  return db.select().from(crashRounds).orderBy(desc(crashRounds.sequence)).limit(limit);
}

/** Creates a round unless its sequence exists (any node may try at once: one wins). */
export async function insertRound(db: Db, row: NewRoundRow): Promise<RoundRow | undefined> {
  const [created] = await db.insert(crashRounds).values(row).onConflictDoNothing().returning();
  return created;
}

/** The bets of rounds with their player's merchant (whose currency their amounts are in). */
export async function betsOfRounds(db: Db, roundIds: number[]): Promise<(BetRow & { merchantId: number })[]> {
  if (roundIds.length === 0) return [];
  const member = memberRows(db);
  const rows = await db
    .select({ bet: crashBets, merchantId: member.merchantId })
    .from(crashBets)
    .innerJoin(member, eq(member.id, crashBets.memberId))
    .where(inArray(crashBets.roundId, roundIds));
  return rows.map((r) => ({ ...r.bet, merchantId: r.merchantId }));
}

/** The round taking bets at this instant. */
export async function roundTakingBets(db: Db, now: Date): Promise<RoundRow | undefined> {
  const [round] = await db
    .select()
    .from(crashRounds)
    .where(and(lte(crashRounds.bettingOpensAt, now), gt(crashRounds.startsAt, now)))
    .limit(1);
  return round;
}

/** The round flying at this instant (started, not crashed). */
export async function roundFlying(db: Db, now: Date): Promise<RoundRow | undefined> {
  const [round] = await db
    .select()
    .from(crashRounds)
    .where(and(lte(crashRounds.startsAt, now), gt(crashRounds.crashesAt, now)))
    .limit(1);
  return round;
}

/** A member's bet in a round; undefined when it already has one (one bet per member and round). */
export async function insertBet(db: Db, row: typeof crashBets.$inferInsert): Promise<BetRow | undefined> {
  const [bet] = await db.insert(crashBets).values(row).onConflictDoNothing().returning();
  return bet;
}

export async function deleteBet(db: Db, id: number): Promise<void> {
  await db.delete(crashBets).where(eq(crashBets.id, id));
}

/** Deletes a bet not yet paid (a paid one is the wallet's record and stays). */
export async function deleteUnpaidBet(db: Db, id: number): Promise<void> {
  await db.delete(crashBets).where(and(eq(crashBets.id, id), eq(crashBets.paid, false)));
}

export async function memberBetInRound(db: Db, roundId: number, memberId: number): Promise<BetRow | undefined> {
  const [bet] = await db
    .select()
    .from(crashBets)
    .where(and(eq(crashBets.roundId, roundId), eq(crashBets.memberId, memberId)))
    .limit(1);
  return bet;
}

/** Cashes out a bet that is still open; undefined when it no longer is. */
export async function cashOutOpenBet(db: Db, id: number, cashOut: number, payout: number): Promise<BetRow | undefined> {
  const [bet] = await db
    .update(crashBets)
    .set({ status: 'cashed', cashOut, payout })
    .where(and(eq(crashBets.id, id), eq(crashBets.status, 'open')))
    .returning();
  return bet;
}

/** Crashed rounds not yet settled, oldest first. */
export function roundsToSettle(db: Db, now: Date, limit = 20): Promise<RoundRow[]> {
  return db
    .select()
    .from(crashRounds)
    .where(and(lte(crashRounds.crashesAt, now), isNull(crashRounds.settledAt)))
    .orderBy(crashRounds.sequence)
    .limit(limit);
}

/** A crashed round's open bets: cashed at their auto cash-out when the round reached it, the others lost. */
export async function closeOpenBets(db: Db, round: Pick<RoundRow, 'id' | 'crashPoint'>): Promise<void> {
  await db.execute(sql`update crash_bets set status = 'cashed', cash_out = auto_cash_out,
                         payout = floor(stake::numeric * auto_cash_out / 100)
                       where round_id = ${round.id} and status = 'open' and auto_cash_out is not null and auto_cash_out <= ${round.crashPoint}`);
  await db
    .update(crashBets)
    .set({ status: 'lost' })
    .where(and(eq(crashBets.roundId, round.id), eq(crashBets.status, 'open')));
}

export function unpaidBets(db: Db, roundId: number): Promise<BetRow[]> {
  return db
    .select()
    .from(crashBets)
    .where(and(eq(crashBets.roundId, roundId), eq(crashBets.paid, false)));
}

export async function markRoundSettled(db: Db, roundId: number, now: Date): Promise<void> {
  await db.update(crashRounds).set({ settledAt: now }).where(eq(crashRounds.id, roundId));
}

export async function markBetPaid(db: Db, id: number): Promise<void> {
  await db.update(crashBets).set({ paid: true }).where(eq(crashBets.id, id));
}
