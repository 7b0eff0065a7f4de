import { and, desc, eq, gte, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { offeredVendors } from '../games/games.service.ts';
import { favouriteGames, gameLaunches, games, merchantGamesOff } from './catalog.tables.ts';

export type GameRow = typeof games.$inferSelect;
export type NewGameRow = typeof games.$inferInsert;
/** A game as a merchant offers it: with its vendor's launchability and its own availability there. */
export type OfferedGame = GameRow & { launchable: boolean; available: boolean };

export interface GameFilter {
  merchantId: number;
  /** The visitor's country, '' when unknown (then country limits are not applied). */
  country: string;
  gameType?: string | undefined;
  vendorCode?: string | undefined;
  gameClassify?: string | undefined;
  /** Words of the name, in the reader's language or English. */
  name?: { text: string; lang: string } | undefined;
  minBet?: number | undefined;
  minLines?: number | undefined;
  hot?: boolean;
  ids?: number[];
}

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Games of the vendors the merchant offers and has switched on, with the filter applied. */
function offered(db: Db, f: GameFilter) {
  const conditions: SQL[] = [];
  if (f.gameType) conditions.push(eq(games.gameType, f.gameType));
  if (f.vendorCode) conditions.push(eq(games.vendorCode, f.vendorCode));
  if (f.gameClassify) conditions.push(eq(games.gameClassify, f.gameClassify));
  if (f.minBet !== undefined) conditions.push(gte(games.minBet, f.minBet));
  if (f.minLines !== undefined) conditions.push(gte(games.lines, f.minLines));
  if (f.hot) conditions.push(eq(games.hot, true));
  if (f.ids) conditions.push(inArray(games.id, f.ids.length > 0 ? f.ids : [0]));
  if (f.name) {
    const pattern = `%${likeEscape(f.name.text)}%`;
    conditions.push(sql`(${games.name}->>${f.name.lang} ilike ${pattern} or ${games.name}->>'EN' ilike ${pattern})`);
  }
  if (f.country) conditions.push(sql`(cardinality(${games.countries}) = 0 or ${f.country} = any(${games.countries}))`);
  const switchedOff = sql<boolean>`exists (select 1 from ${merchantGamesOff} o where o.merchant_id = ${f.merchantId} and o.game_id = ${games.id})`;
  const vendors = offeredVendors(db, f.merchantId);
  return db
    .select({
      game: games,
      launchable: vendors.launchable,
      available: sql<boolean>`${games.enabled} and not ${switchedOff}`,
      total: sql<number>`count(*) over ()`,
    })
    .from(games)
    .innerJoin(vendors, eq(vendors.code, games.vendorCode))
    .where(and(...conditions))
    .$dynamic();
}

const toOffered = (r: { game: GameRow; launchable: boolean; available: boolean }): OfferedGame => ({
  ...r.game,
  launchable: r.launchable,
  available: Boolean(r.available),
});

export async function findGames(
  db: Db,
  f: GameFilter,
  page: { limit: number; offset: number },
): Promise<{ games: OfferedGame[]; total: number }> {
  const rows = await offered(db, f).orderBy(desc(games.hot), games.sort, games.id).limit(page.limit).offset(page.offset);
  return { games: rows.map(toOffered), total: Number(rows[0]?.total ?? 0) };
}

export async function findOfferedGame(db: Db, merchantId: number, gameId: number): Promise<OfferedGame | undefined> {
  const [row] = await offered(db, { merchantId, country: '', ids: [gameId] }).limit(1);
  return row ? toOffered(row) : undefined;
}

export async function insertGames(db: Db, rows: NewGameRow[]): Promise<void> {
  if (rows.length > 0) await db.insert(games).values(rows);
}

export async function setGameEnabled(db: Db, gameId: number, enabled: boolean): Promise<void> {
  await db.update(games).set({ enabled }).where(eq(games.id, gameId));
}

export async function addFavourite(db: Db, memberId: number, gameId: number): Promise<void> {
  await db.insert(favouriteGames).values({ memberId, gameId }).onConflictDoNothing();
}

export async function removeFavourite(db: Db, memberId: number, gameId: number): Promise<void> {
  await db.delete(favouriteGames).where(and(eq(favouriteGames.memberId, memberId), eq(favouriteGames.gameId, gameId)));
}

/** The member's favourite game ids, newest first. */
export async function favouriteIds(db: Db, memberId: number): Promise<number[]> {
  const rows = await db
    .select({ id: favouriteGames.gameId })
    .from(favouriteGames)
    .where(eq(favouriteGames.memberId, memberId))
    .orderBy(desc(favouriteGames.createdAt));
  return rows.map((r) => r.id);
}

export async function recordLaunch(db: Db, memberId: number, gameId: number, demo: boolean, at: Date): Promise<void> {
  await db.insert(gameLaunches).values({ memberId, gameId, demo, launchedAt: at });
}

/** The games the member launched, most recent first (each once). */
export async function recentGameIds(db: Db, memberId: number, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: gameLaunches.gameId, last: sql`max(${gameLaunches.launchedAt})` })
    .from(gameLaunches)
    .where(eq(gameLaunches.memberId, memberId))
    .groupBy(gameLaunches.gameId)
    .orderBy(desc(sql`max(${gameLaunches.launchedAt})`))
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * Per vendor the merchant offers and has switched on: whether one of its playable games (enabled, not
 * switched off by the merchant, offered in the visitor's country) is hot, and the kinds of those games.
 */
export function vendorGameFacts(
  db: Db,
  merchantId: number,
  country: string,
): Promise<{ vendorCode: string; hot: boolean; classifies: string[] }[]> {
  const conditions: SQL[] = [
    eq(games.enabled, true),
    sql`not exists (select 1 from ${merchantGamesOff} o where o.merchant_id = ${merchantId} and o.game_id = ${games.id})`,
  ];
  if (country) conditions.push(sql`(cardinality(${games.countries}) = 0 or ${country} = any(${games.countries}))`);
  const vendors = offeredVendors(db, merchantId);
  return db
    .select({
      vendorCode: games.vendorCode,
      hot: sql<boolean>`bool_or(${games.hot})`,
      classifies: sql<string[]>`array_agg(distinct ${games.gameClassify} order by ${games.gameClassify})`,
    })
    .from(games)
    .innerJoin(vendors, eq(vendors.code, games.vendorCode))
    .where(and(...conditions))
    .groupBy(games.vendorCode);
}

/** Codes of a vendor's games the merchant offers and has not switched off (enabled games of a vendor it has on). */
export async function playableGameCodes(db: Db, merchantId: number, vendorCode: string): Promise<string[]> {
  const vendors = offeredVendors(db, merchantId);
  const rows = await db
    .select({ code: games.gameCode })
    .from(games)
    .innerJoin(vendors, eq(vendors.code, games.vendorCode))
    .where(
      and(
        eq(games.vendorCode, vendorCode),
        eq(games.enabled, true),
        sql`not exists (select 1 from ${merchantGamesOff} o where o.merchant_id = ${merchantId} and o.game_id = ${games.id})`,
      ),
    );
  return rows.map((r) => r.code);
}
