import { type Fraction, fraction } from './fraction.ts';
import { assertStake, divFloor, payoutOf } from './payout.ts';
import type { RoundSeeds } from './seeds.ts';
import { type FairStream, fairStream } from './stream.ts';

/**
 * Mines: a 5 × 5 grid (cells 0..24, row-major) hides `mines` mines. The player reveals cells one by
 * one and may cash out after any safe reveal; a mine loses the stake. After k safe reveals the
 * multiplier is 0.99 × C(25, k) / C(25 - mines, k), floored to a basis point: exactly the fair odds
 * of surviving k reveals (C(25 - m, k) / C(25, k)) less 1%, so every (mines, k) returns 99% less the
 * flooring (under 0.01%).
 *
 * Layout: a partial Fisher-Yates shuffle of [0..24] from the stream. For i = 0 .. mines - 1,
 * j = i + nextInt(25 - i), swap cells i and j; the first `mines` cells are the mines. Each set of
 * mine cells is equally likely.
 */

export interface MinesBet {
  /** Minor units. */
  stake: number;
  /** 1..24. */
  mines: number;
  /** Cells revealed in order (distinct, 0..24, at least one, at most 25 - mines); the bet cashes out after the last. */
  picks: number[];
}

export interface MinesResult {
  /** The mine cells, ascending. */
  mineCells: number[];
  /** Safe cells revealed, in order. */
  revealed: number[];
  /** The mine that ended the round, or null when it was cashed out. */
  hitMine: number | null;
  /** Basis points of the cash-out, 0 when a mine was hit. */
  multiplierBp: number;
  /** Minor units. */
  payout: number;
}

/** Cells in the grid. */
export const MINES_CELLS = 25;
/** House edge in basis points. */
export const MINES_HOUSE_EDGE_BP = 100;

const binomials: number[][] = [];
for (let n = 0; n <= MINES_CELLS; n++) {
  const row: number[] = [1];
  for (let k = 1; k <= n; k++) row.push((binomials[n - 1]?.[k - 1] ?? 0) + (binomials[n - 1]?.[k] ?? 0));
  binomials.push(row);
}

function binomial(n: number, k: number): number {
  return binomials[n]?.[k] ?? 0;
}

function assertMines(mines: number, reveals: number): void {
  if (!Number.isInteger(mines) || mines < 1 || mines >= MINES_CELLS) throw new RangeError('mines: mines must be 1..24');
  if (!Number.isInteger(reveals) || reveals < 1 || reveals > MINES_CELLS - mines) {
    throw new RangeError('mines: reveals must be 1..25 - mines');
  }
}

/** The cash-out multiplier after `reveals` safe cells, in basis points: floor(9 900 × C(25, k) / C(25 - mines, k)). */
export function minesMultiplierBp(mines: number, reveals: number): number {
  assertMines(mines, reveals);
  return divFloor((10_000 - MINES_HOUSE_EDGE_BP) * binomial(MINES_CELLS, reveals), binomial(MINES_CELLS - mines, reveals));
}

/** The mine cells, ascending, drawn from the stream by a partial Fisher-Yates shuffle. */
export function minesLayoutFrom(stream: FairStream, mines: number): number[] {
  const cells = Array.from({ length: MINES_CELLS }, (_, i) => i);
  for (let i = 0; i < mines; i++) {
    const j = i + stream.nextInt(MINES_CELLS - i);
    const swap = cells[i] as number;
    cells[i] = cells[j] as number;
    cells[j] = swap;
  }
  return cells.slice(0, mines).sort((a, b) => a - b);
}

/** The mine cells of a bet, ascending. */
export function minesLayout(seeds: RoundSeeds, mines: number): number[] {
  assertMines(mines, 1);
  return minesLayoutFrom(fairStream(seeds), mines);
}

/** Plays a mines bet: reveals the picks in order, stopping at the first mine, and cashes out otherwise. */
export function playMines(bet: MinesBet, seeds: RoundSeeds): MinesResult {
  assertStake(bet.stake);
  assertMines(bet.mines, bet.picks.length);
  if (new Set(bet.picks).size !== bet.picks.length || bet.picks.some((c) => !Number.isInteger(c) || c < 0 || c >= MINES_CELLS)) {
    throw new RangeError('mines: picks must be distinct cells 0..24');
  }
  const mineCells = minesLayout(seeds, bet.mines);
  const mineSet = new Set(mineCells);
  const revealed: number[] = [];
  for (const cell of bet.picks) {
    if (mineSet.has(cell)) return { mineCells, revealed, hitMine: cell, multiplierBp: 0, payout: 0 };
    revealed.push(cell);
  }
  const multiplierBp = minesMultiplierBp(bet.mines, revealed.length);
  return { mineCells, revealed, hitMine: null, multiplierBp, payout: payoutOf(bet.stake, multiplierBp) };
}

/** Re-derives a mines bet from its revealed seeds and tells whether the claimed result is the one they give. */
export function verifyMines(bet: MinesBet, seeds: RoundSeeds, claimed: MinesResult): boolean {
  const actual = playMines(bet, seeds);
  return (
    actual.mineCells.join() === claimed.mineCells.join() &&
    actual.revealed.join() === claimed.revealed.join() &&
    actual.hitMine === claimed.hitMine &&
    actual.multiplierBp === claimed.multiplierBp &&
    actual.payout === claimed.payout
  );
}

/** Exact return to player of cashing out after `reveals` safe cells with `mines` mines, per unit staked. */
export function minesRtp(mines: number, reveals: number): Fraction {
  const survive = BigInt(binomial(MINES_CELLS - mines, reveals));
  return fraction(survive * BigInt(minesMultiplierBp(mines, reveals)), BigInt(binomial(MINES_CELLS, reveals)) * 10_000n);
}
