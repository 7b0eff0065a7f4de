import { createHmac, randomBytes } from 'node:crypto';
import type { DrawResult, FieldError, LotteryGame, PlaceLotteryBetsBody, VietnamRegion } from '@platform/contract';
import { lottery } from '@platform/games';
import type { Db } from '../../platform/db.ts';
import { sha256Hex } from '../../platform/digest.ts';
import { AppError } from '../../platform/errors.ts';
import { localText } from '../../platform/http.ts';
import {
  currentDraws,
  type DrawRow,
  drawByIssue,
  drawsFrom,
  dueDraws,
  enabledGames,
  insertDraws,
  type LotteryGameRow,
  lastScheduled,
  latestResults,
  markCancelled,
  markDrawn,
  notifyDraw,
  resultsOf,
} from './lottery.repository.ts';
import { type DrawSlot, drawsBetween, longestGapMs } from './lottery.schedule.ts';

/** How far ahead draws are created, so the current and the next issues always exist. */
export const SCHEDULE_AHEAD_MS = 15 * 60_000;
/** An official draw still without a confirmed result this long after its time is cancelled (and refunded). */
export const OFFICIAL_RESULT_GRACE_MS = 6 * 3600_000;

const hmac: lottery.HmacSha256 = (key, message) => new Uint8Array(createHmac('sha256', key).update(message).digest());
export const seedHashOf = (seed: string) => sha256Hex(seed);

/** The result our seed commits to for a draw of a game family. */
export function resultOfSeed(family: string, seed: string, issue: string): unknown {
  return lottery.resultFromSeed(family as lottery.GameCode, seed, hmac, issue);
}

/** A draw of a game at a slot of its schedule, with a fresh committed seed when we draw it ourselves. */
function newDraw(game: LotteryGameRow, slot: DrawSlot) {
  const seed = game.resultSource === 'rng' ? randomBytes(32).toString('hex') : null;
  return {
    gameCode: game.code,
    issue: slot.issue,
    opensAt: slot.opensAt,
    closesAt: new Date(slot.drawAt.getTime() - game.closeSeconds * 1000),
    drawAt: slot.drawAt,
    seed,
    seedHash: seed ? seedHashOf(seed) : null,
  };
}

/** `count` consecutive draws of the game from `start` on, created when they do not exist yet (a chase's issues). */
export async function issuesFrom(db: Db, game: LotteryGameRow, start: DrawRow, count: number): Promise<DrawRow[]> {
  const span = (count + 1) * longestGapMs(game.schedule);
  const slots = drawsBetween(game.schedule, new Date(start.drawAt.getTime() - 1), new Date(start.drawAt.getTime() + span)).slice(0, count);
  await insertDraws(
    db,
    slots.map((slot) => newDraw(game, slot)),
  );
  return drawsFrom(db, game.code, start.drawAt, count);
}

/**
 * One pass of the lottery clock, safe on any number of nodes at once: creates the coming draws
 * (the unique issue keeps one of each), draws those whose time has come (a conditional update lets
 * one node record each result) and cancels official draws left without a result.
 */
export async function lotteryTick(db: Db, now = new Date()): Promise<{ created: number; drawn: DrawRow[]; cancelled: DrawRow[] }> {
  const games = await enabledGames(db);
  const scheduled = await lastScheduled(db);
  let created = 0;
  for (const game of games) {
    const from = scheduled.get(game.code) ?? now;
    // Far enough ahead that the issue after the current one always exists for fast games; for daily
    // and weekly draws, the next one (a day, or up to a week, and two hours more).
    const gap = longestGapMs(game.schedule);
    const ahead = game.schedule.kind === 'interval' ? Math.max(SCHEDULE_AHEAD_MS, 2 * gap) : gap + 2 * 3600_000;
    const slots = drawsBetween(game.schedule, from > now ? from : now, new Date(now.getTime() + ahead));
    const rows = slots.map((slot) => newDraw(game, slot));
    await insertDraws(db, rows);
    created += rows.length;
  }
  const byCode = new Map(games.map((g) => [g.code, g]));
  const drawn: DrawRow[] = [];
  const cancelled: DrawRow[] = [];
  for (const draw of await dueDraws(db, [...byCode.keys()], now)) {
    const game = byCode.get(draw.gameCode) as LotteryGameRow;
    if (game.resultSource === 'rng' && draw.seed) {
      const row = await markDrawn(db, draw.id, resultOfSeed(game.family, draw.seed, draw.issue), now);
      if (row) {
        drawn.push(row);
        await notifyDraw(db, { gameCode: row.gameCode, issue: row.issue, status: 'drawn' });
      }
    } else if (draw.drawAt.getTime() + OFFICIAL_RESULT_GRACE_MS <= now.getTime()) {
      const row = await markCancelled(db, draw.id);
      if (row) {
        cancelled.push(row);
        await notifyDraw(db, { gameCode: row.gameCode, issue: row.issue, status: 'cancelled' });
      }
    }
  }
  return { created, drawn, cancelled };
}

/**
 * The Vietnamese region of a game: VN_NORTH is the North; a VN_SOUTH game (one province) is of the
 * Central region when its code starts with XSMT (Xổ số Miền Trung), of the South otherwise (XSMN).
 * Central provinces play the southern rules (18 numbers), so the code carries the region (decision 8).
 */
export function vietnamRegionOf(game: Pick<LotteryGameRow, 'code' | 'family'>): VietnamRegion | null {
  if (game.family === 'VN_NORTH') return 'NORTH';
  if (game.family !== 'VN_SOUTH') return null;
  return game.code.startsWith('XSMT') ? 'CENTRAL' : 'SOUTH';
}

function resultOf(d: DrawRow): DrawResult {
  const revealed = d.status === 'drawn' || d.status === 'settled';
  return {
    issue: d.issue,
    drawAt: d.drawAt.toISOString(),
    status: d.status as DrawResult['status'],
    result: d.result ?? null,
    seed: revealed ? d.seed : null,
    seedHash: d.seedHash,
  };
}

/** The lottery menu: every game with the draw taking bets and the latest result. */
export async function lotteryGamesOf(db: Db, lang: string, now = new Date()): Promise<LotteryGame[]> {
  const [games, current, latest] = await Promise.all([enabledGames(db), currentDraws(db, now), latestResults(db)]);
  const currentBy = new Map(current.map((d) => [d.gameCode, d]));
  const latestBy = new Map(latest.map((d) => [d.gameCode, d]));
  return games.map((g) => {
    const c = currentBy.get(g.code);
    const l = latestBy.get(g.code);
    return {
      code: g.code,
      family: g.family,
      name: localText(g.name, lang, ['EN']),
      resultSource: g.resultSource as 'rng' | 'official',
      intervalSeconds: g.schedule.kind === 'interval' ? g.schedule.seconds : null,
      region: vietnamRegionOf(g),
      weekdays: g.schedule.kind === 'weekly' ? [...g.schedule.days].sort((a, b) => a - b) : null,
      current: c
        ? {
            issue: c.issue,
            opensAt: c.opensAt.toISOString(),
            closesAt: c.closesAt.toISOString(),
            drawAt: c.drawAt.toISOString(),
            seedHash: c.seedHash,
            yearAnimal: lottery.drawContextOf(g.family, c.drawAt).yearAnimal ?? null,
          }
        : null,
      last: l ? resultOf(l) : null,
    };
  });
}

export async function lotteryResults(db: Db, code: string, page: { pageNo: number; pageSize: number }) {
  const games = await enabledGames(db);
  if (!games.some((g) => g.code === code)) throw new AppError('APP_ERR_LOTTERY_GAME_UNKNOWN');
  const { rows, total } = await resultsOf(db, code, { limit: page.pageSize, offset: (page.pageNo - 1) * page.pageSize });
  return { list: rows.map(resultOf), totalPages: Math.ceil(total / page.pageSize) };
}

/**
 * Refuses bets whose selection names a fact of the draw that is not the draw's: a Mark Six 生肖
 * selection carries the year animal it was priced with, and settlement reads the animals of the
 * special number from it, so it must be the lunar year of every issue the slip buys (a chase across
 * Lunar New Year is refused). An unknown game or issue is left to the slip's own checks.
 */
export async function checkDrawContext(db: Db, body: PlaceLotteryBetsBody): Promise<void> {
  const named = body.bets.flatMap((bet, i) => {
    const s = bet.selection;
    return s && typeof s === 'object' && 'yearAnimal' in s ? [{ i, yearAnimal: (s as { yearAnimal: unknown }).yearAnimal }] : [];
  });
  if (named.length === 0) return;
  const game = (await enabledGames(db)).find((g) => g.code === body.gameCode);
  const draw = game ? await drawByIssue(db, game.code, body.issue) : undefined;
  if (!game || !draw) return;
  const issues = body.chase ? await issuesFrom(db, game, draw, body.chase.issues) : [draw];
  // A year animal changes once a year, so the first and the last issue decide.
  const years = [draw, issues[issues.length - 1] ?? draw].map((d) => lottery.drawContextOf(game.family, d.drawAt).yearAnimal);
  const fields: FieldError[] = named
    .filter((n) => years.some((year) => year !== n.yearAnimal))
    .map((n) => ({ field: `bets.${n.i}.selection.yearAnimal`, message: 'lottery.year_animal_mismatch' }));
  if (fields.length > 0) throw new AppError('APP_ERR_VALIDATION', fields);
}
