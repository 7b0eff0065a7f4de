import { isDeepStrictEqual } from 'node:util';
import { lottery } from '@platform/games';
import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { appendAudit } from '../../platform/audit.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { confirmResult, type DrawRow, drawByIssue, enabledGames, enterResult } from './lottery.repository.ts';
import { lotteryBets, lotteryDraws, lotteryGames } from './lottery.tables.ts';

const view = (d: DrawRow) => ({
  gameCode: d.gameCode,
  issue: d.issue,
  status: d.status,
  enteredBy: d.enteredBy,
  confirmedBy: d.confirmedBy,
  result: d.status === 'drawn' || d.status === 'settled' ? d.result : d.enteredResult,
});

async function officialDraw(db: Db, gameCode: string, issue: string, now: Date) {
  const game = (await enabledGames(db)).find((g) => g.code === gameCode && g.resultSource === 'official');
  if (!game) throw new AppError('APP_ERR_LOTTERY_GAME_UNKNOWN');
  const draw = await drawByIssue(db, gameCode, issue);
  if (!draw) throw new AppError('APP_ERR_LOTTERY_DRAW_UNKNOWN');
  if (draw.status !== 'open' || draw.drawAt > now) throw new AppError('APP_ERR_LOTTERY_RESULT_STATE');
  return { game, draw };
}

/** The first operator enters an official result; it must fit the game's shape. Entering again replaces an unconfirmed entry. */
export async function enterOfficialResult(db: Db, operator: string, gameCode: string, issue: string, result: unknown, now = new Date()) {
  const { game, draw } = await officialDraw(db, gameCode, issue, now);
  const problem = lottery.validateResult(game.family as lottery.GameCode, result);
  if (problem) {
    // Result checks name their fields from `result` already (result.DB); others from inside it.
    const field = problem.field.startsWith('result') ? problem.field : `result${problem.field ? `.${problem.field}` : ''}`;
    throw new AppError('APP_ERR_VALIDATION', [{ field, message: problem.message }]);
  }
  const row = await enterResult(db, draw.id, result, operator);
  if (!row) throw new AppError('APP_ERR_LOTTERY_RESULT_STATE');
  await appendAudit(db, {
    operator,
    action: 'lottery.result.enter',
    target: `lottery:${gameCode}:${issue}`,
    reason: 'official result entered',
    details: { result },
  });
  return view(row);
}

/**
 * A second operator confirms the entered result by entering it again: the same result from another
 * operator draws the issue (settlement follows); a different one is refused and changes nothing.
 */
export async function confirmOfficialResult(db: Db, operator: string, gameCode: string, issue: string, result: unknown, now = new Date()) {
  const { draw } = await officialDraw(db, gameCode, issue, now);
  if (!draw.enteredBy || draw.enteredResult === null) throw new AppError('APP_ERR_LOTTERY_RESULT_STATE');
  if (draw.enteredBy === operator) throw new AppError('APP_ERR_LOTTERY_SAME_OPERATOR');
  if (!isDeepStrictEqual(draw.enteredResult, result)) throw new AppError('APP_ERR_LOTTERY_RESULT_MISMATCH');
  const row = await confirmResult(db, draw.id, draw.enteredBy, result, operator, now);
  if (!row) throw new AppError('APP_ERR_LOTTERY_RESULT_STATE');
  await appendAudit(db, {
    operator,
    action: 'lottery.result.confirm',
    target: `lottery:${gameCode}:${issue}`,
    reason: 'official result confirmed',
    details: { result },
  });
  return view(row);
}

/**
 * The official draws for the back office: `awaiting` are open draws whose time has come (oldest first,
 * the ones to enter now), `drawn` the latest drawn, settled or cancelled ones. Each with its tickets
 * (all, and those not settled yet) counted on the draw's index. The first operator's entry is left
 * out: the second operator must type the result again, not copy it.
 */
export async function listOfficialDraws(db: Db, state: 'awaiting' | 'drawn', gameCode: string | undefined, now = new Date()) {
  const official = and(
    eq(lotteryGames.resultSource, 'official'),
    eq(lotteryGames.enabled, true),
    gameCode ? eq(lotteryDraws.gameCode, gameCode) : undefined,
  );
  const where =
    state === 'awaiting'
      ? and(official, eq(lotteryDraws.status, 'open'), lte(lotteryDraws.drawAt, now))
      : and(official, inArray(lotteryDraws.status, ['drawn', 'settled', 'cancelled']));
  const rows = await db
    .select({
      gameCode: lotteryDraws.gameCode,
      gameName: lotteryGames.name,
      family: lotteryGames.family,
      issue: lotteryDraws.issue,
      drawAt: lotteryDraws.drawAt,
      status: lotteryDraws.status,
      enteredBy: lotteryDraws.enteredBy,
      confirmedBy: lotteryDraws.confirmedBy,
      result: lotteryDraws.result,
      drawnAt: lotteryDraws.drawnAt,
      paidAt: lotteryDraws.paidAt,
      tickets: sql<number>`(select count(*) from ${lotteryBets} b where b.draw_id = ${lotteryDraws.id})`,
      pendingTickets: sql<number>`(select count(*) from ${lotteryBets} b where b.draw_id = ${lotteryDraws.id} and b.status = 'pending')`,
    })
    .from(lotteryDraws)
    .innerJoin(lotteryGames, eq(lotteryGames.code, lotteryDraws.gameCode))
    .where(where)
    .orderBy(state === 'awaiting' ? asc(lotteryDraws.drawAt) : desc(lotteryDraws.drawAt), asc(lotteryDraws.gameCode))
    .limit(state === 'awaiting' ? 200 : 50);
  return rows.map((r) => ({
    ...r,
    drawAt: r.drawAt.toISOString(),
    drawnAt: r.drawnAt?.toISOString() ?? null,
    paidAt: r.paidAt?.toISOString() ?? null,
    result: r.status === 'open' ? null : r.result,
    tickets: Number(r.tickets),
    pendingTickets: Number(r.pendingTickets),
  }));
}
