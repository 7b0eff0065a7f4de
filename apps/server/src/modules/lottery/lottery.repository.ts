import { and, asc, desc, eq, gt, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { lotteryDraws, lotteryGames } from './lottery.tables.ts';

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
