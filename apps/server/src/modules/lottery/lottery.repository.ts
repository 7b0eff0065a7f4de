import { and, asc, desc, eq, gt, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { lotteryBets, lotteryDraws, lotteryFavourites, lotteryGames } from './lottery.tables.ts';

export type LotteryGameRow = typeof lotteryGames.$inferSelect;
export type DrawRow = typeof lotteryDraws.$inferSelect;
export type NewDrawRow = typeof lotteryDraws.$inferInsert;

export function enabledGames(db: Db): Promise<LotteryGameRow[]> {
  return db.select().from(lotteryGames).where(eq(lotteryGames.enabled, true)).orderBy(asc(lotteryGames.sort));
}

export async function insertGames(db: Db, rows: (typeof lotteryGames.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await db.insert(lotteryGames).values(rows).onConflictDoNothing();
}

/** Creates draws that do not exist yet (any node may, at once: the unique issue keeps one). */
export async function insertDraws(db: Db, rows: NewDrawRow[]): Promise<void> {
  if (rows.length > 0) await db.insert(lotteryDraws).values(rows).onConflictDoNothing();
}

/** The latest draw time already created per game (one index lookup per game). */
export async function lastScheduled(db: Db): Promise<Map<string, Date>> {
  const rows = await db
    .select({
      code: lotteryGames.code,
      last: sql<string | null>`(select max(d.draw_at) from ${lotteryDraws} d where d.game_code = ${lotteryGames.code})`,
    })
    .from(lotteryGames);
  return new Map(rows.flatMap((r) => (r.last ? [[r.code, new Date(r.last)] as const] : [])));
}

/** Open draws whose draw time has come. */
export function dueDraws(db: Db, codes: string[], now: Date, limit = 100): Promise<DrawRow[]> {
  return db
    .select()
    .from(lotteryDraws)
    .where(and(eq(lotteryDraws.status, 'open'), lte(lotteryDraws.drawAt, now), inArray(lotteryDraws.gameCode, codes.length ? codes : [''])))
    .orderBy(asc(lotteryDraws.drawAt))
    .limit(limit);
}

/** Records a draw's result once: only the node whose update finds it still open wins. */
export async function markDrawn(db: Db, id: number, result: unknown, now: Date): Promise<DrawRow | undefined> {
  const [row] = await db
    .update(lotteryDraws)
    .set({ status: 'drawn', result, drawnAt: now })
    .where(and(eq(lotteryDraws.id, id), eq(lotteryDraws.status, 'open')))
    .returning();
  return row;
}

export async function markCancelled(db: Db, id: number): Promise<DrawRow | undefined> {
  const [row] = await db
    .update(lotteryDraws)
    .set({ status: 'cancelled' })
    .where(and(eq(lotteryDraws.id, id), eq(lotteryDraws.status, 'open')))
    .returning();
  return row;
}

/** The draw now taking bets, per game: the earliest open one whose betting has not closed. */
export async function currentDraws(db: Db, now: Date): Promise<DrawRow[]> {
  return db
    .selectDistinctOn([lotteryDraws.gameCode])
    .from(lotteryDraws)
    .where(and(eq(lotteryDraws.status, 'open'), gt(lotteryDraws.closesAt, now)))
    .orderBy(lotteryDraws.gameCode, asc(lotteryDraws.drawAt));
}

/** The latest drawn (or settled) draw per game. */
export async function latestResults(db: Db): Promise<DrawRow[]> {
  return db
    .selectDistinctOn([lotteryDraws.gameCode])
    .from(lotteryDraws)
    .where(inArray(lotteryDraws.status, ['drawn', 'settled']))
    .orderBy(lotteryDraws.gameCode, desc(lotteryDraws.drawAt));
}

export async function resultsOf(
  db: Db,
  code: string,
  page: { limit: number; offset: number },
): Promise<{ rows: DrawRow[]; total: number }> {
  const where = and(eq(lotteryDraws.gameCode, code), inArray(lotteryDraws.status, ['drawn', 'settled', 'cancelled']));
  const rows = await db.select().from(lotteryDraws).where(where).orderBy(desc(lotteryDraws.drawAt)).limit(page.limit).offset(page.offset);
  const [count] = await db.select({ n: sql<number>`count(*)` }).from(lotteryDraws).where(where);
  return { rows, total: Number(count?.n ?? 0) };
}

/** A game's draw by its issue. */
/** The first operator's official result on an open issue nobody has confirmed yet; undefined otherwise. */
export async function enterResult(db: Db, id: number, result: unknown, operator: string): Promise<DrawRow | undefined> {
  const [row] = await db
    .update(lotteryDraws)
    .set({ enteredResult: result, enteredBy: operator })
    .where(and(eq(lotteryDraws.id, id), eq(lotteryDraws.status, 'open'), isNull(lotteryDraws.confirmedBy)))
    .returning();
  return row;
}

/** Draws an open issue with the result a second operator confirmed, if its entry is still `enteredBy`'s. */
export async function confirmResult(
  db: Db,
  id: number,
  enteredBy: string,
  result: unknown,
  operator: string,
  now: Date,
): Promise<DrawRow | undefined> {
  const [row] = await db
    .update(lotteryDraws)
    .set({ status: 'drawn', result, drawnAt: now, confirmedBy: operator })
    .where(and(eq(lotteryDraws.id, id), eq(lotteryDraws.status, 'open'), eq(lotteryDraws.enteredBy, enteredBy)))
    .returning();
  return row;
}

export async function drawByIssue(db: Db, code: string, issue: string): Promise<DrawRow | undefined> {
  const [row] = await db
    .select()
    .from(lotteryDraws)
    .where(and(eq(lotteryDraws.gameCode, code), eq(lotteryDraws.issue, issue)))
    .limit(1);
  return row;
}

/** Consecutive draws of a game from a draw time on. */
export function drawsFrom(db: Db, code: string, from: Date, count: number): Promise<DrawRow[]> {
  return db
    .select()
    .from(lotteryDraws)
    .where(and(eq(lotteryDraws.gameCode, code), gte(lotteryDraws.drawAt, from)))
    .orderBy(asc(lotteryDraws.drawAt))
    .limit(count);
}

/** Tells every node's open lottery pages that a draw changed (goes out with the surrounding transaction's commit). */
export async function notifyDraw(
  db: Db,
  event: { gameCode: string; issue: string; status: 'drawn' | 'settled' | 'cancelled' },
): Promise<void> {
  await db.execute(sql`select pg_notify('lottery', ${JSON.stringify(event)})`);
}

/**
 * Tickets and distinct players per game over the draws due from `since` on, for one merchant. It goes
 * from the draws (time index) to their tickets (draw index), so no index on the placing time is needed.
 */
export async function betsPerGame(db: Db, merchantId: number, since: Date): Promise<{ code: string; bets: number; players: number }[]> {
  const rows = await db
    .select({
      code: lotteryDraws.gameCode,
      bets: sql<string>`count(*)`,
      players: sql<string>`count(distinct ${lotteryBets.memberId})`,
    })
    .from(lotteryDraws)
    .innerJoin(lotteryBets, eq(lotteryBets.drawId, lotteryDraws.id))
    .where(and(gte(lotteryDraws.drawAt, since), eq(lotteryBets.merchantId, merchantId)))
    .groupBy(lotteryDraws.gameCode);
  return rows.map((r) => ({ code: r.code, bets: Number(r.bets), players: Number(r.players) }));
}

export interface WinRow {
  memberId: number;
  gameCode: string;
  issue: string;
  playType: string;
  payout: number;
  settledAt: Date | null;
}

/** Won tickets of one merchant on the draws due from `since` on: the newest or the biggest first. */
export function winsSince(db: Db, merchantId: number, since: Date, order: 'latest' | 'top', limit: number): Promise<WinRow[]> {
  return db
    .select({
      memberId: lotteryBets.memberId,
      gameCode: lotteryBets.gameCode,
      issue: lotteryBets.issue,
      playType: lotteryBets.playType,
      payout: lotteryBets.payout,
      settledAt: lotteryBets.settledAt,
    })
    .from(lotteryDraws)
    .innerJoin(lotteryBets, and(eq(lotteryBets.drawId, lotteryDraws.id), eq(lotteryBets.status, 'won')))
    .where(and(gte(lotteryDraws.drawAt, since), eq(lotteryBets.merchantId, merchantId)))
    .orderBy(...(order === 'top' ? [desc(lotteryBets.payout)] : []), desc(lotteryDraws.drawAt), desc(lotteryBets.id))
    .limit(limit);
}

/** The latest `limit` draws of a game that have a result, newest first. */
export function drawnResults(db: Db, code: string, limit: number): Promise<DrawRow[]> {
  return db
    .select()
    .from(lotteryDraws)
    .where(and(eq(lotteryDraws.gameCode, code), inArray(lotteryDraws.status, ['drawn', 'settled'])))
    .orderBy(desc(lotteryDraws.drawAt))
    .limit(limit);
}

export async function favouriteCodes(db: Db, memberId: number): Promise<string[]> {
  const rows = await db
    .select({ code: lotteryFavourites.gameCode })
    .from(lotteryFavourites)
    .where(eq(lotteryFavourites.memberId, memberId))
    .orderBy(asc(lotteryFavourites.createdAt), asc(lotteryFavourites.gameCode));
  return rows.map((r) => r.code);
}

export async function addFavourite(db: Db, memberId: number, gameCode: string): Promise<void> {
  await db.insert(lotteryFavourites).values({ memberId, gameCode }).onConflictDoNothing();
}

export async function removeFavourite(db: Db, memberId: number, gameCode: string): Promise<void> {
  await db.delete(lotteryFavourites).where(and(eq(lotteryFavourites.memberId, memberId), eq(lotteryFavourites.gameCode, gameCode)));
}
