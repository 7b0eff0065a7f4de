import { isDeepStrictEqual } from 'node:util';
import { lottery } from '@platform/games';
import { appendAudit } from '../../platform/audit.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { confirmResult, type DrawRow, drawByIssue, enabledGames, enterResult } from './lottery.repository.ts';

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
