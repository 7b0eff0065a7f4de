import { lottery } from '@platform/games';
import type { Db } from '../../platform/db.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { addExposure, settingsOf, subtractExposure, upsertCaps } from './lottery-bets.repository.ts';

/** The caps of a merchant without its own setting: 100,000.00 on a number, 1,000,000.00 on an issue, in its currency. */
export const DEFAULT_CAPS = { numberCap: 10_000_000, drawCap: 100_000_000 };

export interface LotteryCaps {
  /** The most the house may owe on one number of one play on one issue, in minor units. */
  numberCap: number;
  /** The most the house may owe on one issue (every ticket's largest payout added up), in minor units. */
  drawCap: number;
}

export async function capsOf(db: Db, merchantId: number): Promise<LotteryCaps> {
  const row = await settingsOf(db, merchantId);
  return row ? { numberCap: row.numberCap, drawCap: row.drawCap } : DEFAULT_CAPS;
}

export async function setCaps(db: Db, merchantId: number, caps: Partial<LotteryCaps>): Promise<LotteryCaps> {
  const next = { ...(await capsOf(db, merchantId)), ...caps };
  await upsertCaps(db, merchantId, next);
  return next;
}

/** The line of a draw's whole liability in lottery_number_exposure. */
export const WHOLE_DRAW = '*';

/** A ticket as the limits see it: its draw, play and stake, and the slip's bet it came from. */
export interface ExposedTicket {
  drawId: number;
  playType: string;
  selection: unknown;
  unit: number;
  multiple: number;
  prizeMode: string;
  /** Index of the slip's bet, for the field error. */
  bet?: number;
}

interface Line {
  drawId: number;
  playType: string;
  number: string;
  payout: number;
  bets: Set<number>;
}

/**
 * The exposure lines of tickets: per draw, play and number, and per draw as a whole, summed, in a
 * fixed order (locks are taken in it).
 */
function linesOf(tickets: ExposedTicket[]): Line[] {
  const lines = new Map<string, Line>();
  const add = (drawId: number, playType: string, number: string, payout: number, bet: number | undefined) => {
    const key = `${drawId}|${playType}|${number}`;
    const line = lines.get(key) ?? { drawId, playType, number, payout: 0, bets: new Set<number>() };
    line.payout += payout;
    if (bet !== undefined) line.bets.add(bet);
    lines.set(key, line);
  };
  for (const t of tickets) {
    const play = lottery.findPlayType(t.playType);
    if (!play) continue;
    const stake = { unit: t.unit, multiple: t.multiple };
    const mode = t.prizeMode as lottery.PrizeMode;
    for (const [number, payout] of lottery.numberExposure(play, t.selection, stake, mode) ?? [])
      add(t.drawId, t.playType, number, payout, t.bet);
    add(t.drawId, WHOLE_DRAW, WHOLE_DRAW, lottery.maxTicketPayout(play, t.selection, stake, mode), t.bet);
  }
  return [...lines.values()].sort(
    (a, b) => a.drawId - b.drawId || a.playType.localeCompare(b.playType) || a.number.localeCompare(b.number),
  );
}

/** The liability lines of tickets, in the order their rows are locked. */
export function exposureLines(tickets: ExposedTicket[]): { drawId: number; playType: string; number: string; payout: number }[] {
  return linesOf(tickets).map(({ drawId, playType, number, payout }) => ({ drawId, playType, number, payout }));
}

/** How a number reads to a player: a position's number as `position n: number` is the board's business, so just the number. */
const shown = (number: string) => number.slice(number.indexOf(':') + 1);

/**
 * Adds tickets' exposures to their draws' numbers and to the draws' whole liability, inside the
 * slip's transaction. When a number would go over the merchant's number cap, the slip is refused at
 * the bet that asked for it; when the draw would go over the draw cap, at the issue (the transaction
 * rolls back: nothing debited, nothing added). The rows stay locked until the slip commits, so
 * concurrent slips on one number or draw are counted one after the other.
 */
export async function reserveExposure(tx: Db, merchantId: number, tickets: ExposedTicket[]): Promise<void> {
  const lines = linesOf(tickets);
  if (lines.length === 0) return;
  const caps = await capsOf(tx, merchantId);
  const over = await addExposure(tx, merchantId, lines, caps, WHOLE_DRAW);
  if (over.length === 0) return;
  if (over.some((o) => o.play_type === WHOLE_DRAW)) {
    throw new AppError('APP_ERR_LOTTERY_DRAW_LIMIT', [fieldError('issue', 'error.lottery_draw_limit')]);
  }
  const fields = over.flatMap((o) => {
    const line = lines.find((l) => l.drawId === Number(o.draw_id) && l.playType === o.play_type && l.number === o.number);
    return [...(line?.bets ?? [0])].map((bet) =>
      fieldError(`bets.${bet}.selection`, 'error.lottery_number_limit', { number: shown(o.number) }),
    );
  });
  throw new AppError('APP_ERR_LOTTERY_NUMBER_LIMIT', fields);
}

/** Takes cancelled tickets' exposures off their draws' numbers (a stopped chase's later issues). */
export async function releaseExposure(tx: Db, merchantId: number, tickets: ExposedTicket[]): Promise<void> {
  const lines = linesOf(tickets);
  if (lines.length === 0) return;
  await subtractExposure(tx, merchantId, lines);
}
