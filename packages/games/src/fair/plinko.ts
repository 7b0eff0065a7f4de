import { type Fraction, fraction } from './fraction.ts';
import { assertStake, ONE_X_BP, payoutOf } from './payout.ts';
import type { RoundSeeds } from './seeds.ts';
import { type FairStream, fairStream } from './stream.ts';

/**
 * Plinko: a ball falls through `rows` rows of pegs (8..16), going right on a 1 bit and left on a 0
 * bit of the stream (one bit per row, most significant first, from the first ceil(rows / 8) bytes),
 * and lands in slot k = number of right turns, 0..rows, with probability C(rows, k) / 2^rows.
 * Each (rows, risk) has its own symmetric table of slot multipliers; every table's exact return
 * lies in PLINKO_RTP_BAND, i.e. a house edge of 1.00% to 1.05%.
 */

export type PlinkoRisk = 'low' | 'medium' | 'high';

export interface PlinkoBet {
  /** Minor units. */
  stake: number;
  /** 8..16. */
  rows: number;
  risk: PlinkoRisk;
}

export interface PlinkoResult {
  /** One entry per row: 0 left, 1 right. */
  path: number[];
  /** 0..rows. */
  slot: number;
  multiplierBp: number;
  /** Minor units. */
  payout: number;
}

/** Fewest rows. */
export const PLINKO_MIN_ROWS = 8;
/** Most rows. */
export const PLINKO_MAX_ROWS = 16;
/** Every table's exact RTP lies in [min, max]. */
export const PLINKO_RTP_BAND = { min: 0.9895, max: 0.99 } as const;

/** The risk levels. */
export const plinkoRisks: readonly PlinkoRisk[] = ['low', 'medium', 'high'];

// Half tables, edge slot first and centre slot last; the other half mirrors them. Tuned with our
// own shape per risk (edge value, then a power curve down to the centre, then the centre slots
// adjusted by 0.01x steps) until the exact RTP fell in the band.
const halfTables: Record<PlinkoRisk, Record<number, readonly number[]>> = {
  low: {
    8: [6, 2.9, 1.32, 0.7, 0.61],
    9: [7, 3.7, 1.79, 0.87, 0.6],
    10: [8, 4.5, 2.3, 1.11, 0.68, 0.59],
    11: [9, 5.3, 2.9, 1.46, 0.8, 0.61],
    12: [10, 6.2, 3.5, 1.89, 1, 0.65, 0.62],
    13: [12, 7.5, 4.4, 2.4, 1.27, 0.76, 0.6],
    14: [14, 9, 5.4, 3.1, 1.62, 0.9, 0.62, 0.62],
    15: [16, 11, 6.5, 3.8, 2.1, 1.13, 0.7, 0.6],
    16: [18, 12, 7.7, 4.6, 2.6, 1.43, 0.82, 0.64, 0.6],
  },
  medium: {
    8: [12, 4.5, 1.35, 0.48, 0.4],
    9: [16, 6.4, 2.1, 0.64, 0.4],
    10: [22, 9.2, 3.1, 0.92, 0.44, 0.4],
    11: [30, 13, 4.7, 1.4, 0.49, 0.41],
    12: [40, 18, 6.8, 2.2, 0.68, 0.4, 0.4],
    13: [55, 25, 9.9, 3.3, 0.98, 0.43, 0.41],
    14: [75, 35, 14, 4.9, 1.47, 0.54, 0.41, 0.41],
    15: [100, 48, 20, 7.3, 2.3, 0.72, 0.42, 0.4],
    16: [130, 64, 28, 11, 3.5, 1.06, 0.45, 0.4, 0.4],
  },
  high: {
    8: [25, 6.4, 1.08, 0.23, 0.21],
    9: [40, 10, 1.9, 0.31, 0.23],
    10: [60, 17, 3.3, 0.52, 0.2, 0.19],
    11: [90, 26, 5.8, 0.91, 0.23, 0.2],
    12: [140, 42, 9.7, 1.6, 0.27, 0.22, 0.18],
    13: [220, 67, 16, 2.8, 0.44, 0.2, 0.2],
    14: [350, 105, 26, 4.9, 0.71, 0.22, 0.22, 0.19],
    15: [550, 170, 43, 8.4, 1.24, 0.27, 0.21, 0.19],
    16: [888, 275, 70, 14, 2.2, 0.36, 0.22, 0.21, 0.18],
  },
};

function assertTable(rows: number, risk: PlinkoRisk): void {
  if (!Number.isInteger(rows) || rows < PLINKO_MIN_ROWS || rows > PLINKO_MAX_ROWS) throw new RangeError('plinko: rows must be 8..16');
  if (!plinkoRisks.includes(risk)) throw new RangeError('plinko: risk must be low, medium or high');
}

/** The slot multipliers of a table in basis points, slot 0 to slot `rows`. */
export function plinkoTable(rows: number, risk: PlinkoRisk): number[] {
  assertTable(rows, risk);
  const half = halfTables[risk][rows] ?? [];
  return Array.from({ length: rows + 1 }, (_, k) => Math.round((half[Math.min(k, rows - k)] as number) * ONE_X_BP));
}

/** The path from the stream: one bit per row, 1 = right. */
export function plinkoPathFrom(stream: FairStream, rows: number): number[] {
  return stream.nextBits(rows);
}

/** Plays one plinko ball from its seeds. */
export function playPlinko(bet: PlinkoBet, seeds: RoundSeeds): PlinkoResult {
  assertStake(bet.stake);
  const table = plinkoTable(bet.rows, bet.risk);
  const path = plinkoPathFrom(fairStream(seeds), bet.rows);
  const slot = path.reduce((sum, bit) => sum + bit, 0);
  const multiplierBp = table[slot] as number;
  return { path, slot, multiplierBp, payout: payoutOf(bet.stake, multiplierBp) };
}

/** Re-derives a plinko ball from its revealed seeds and tells whether the claimed result is the one they give. */
export function verifyPlinko(bet: PlinkoBet, seeds: RoundSeeds, claimed: PlinkoResult): boolean {
  const actual = playPlinko(bet, seeds);
  return (
    actual.path.join() === claimed.path.join() &&
    actual.slot === claimed.slot &&
    actual.multiplierBp === claimed.multiplierBp &&
    actual.payout === claimed.payout
  );
}

/** Probability of each slot as an exact count out of 2^rows: C(rows, k). */
export function plinkoSlotWeights(rows: number): bigint[] {
  const weights = [1n];
  for (let k = 1; k <= rows; k++) weights.push(((weights[k - 1] as bigint) * BigInt(rows - k + 1)) / BigInt(k));
  return weights;
}

/** Exact return to player of a table: Σ C(rows, k) × multiplier(k) / 2^rows, per unit staked. */
export function plinkoRtp(rows: number, risk: PlinkoRisk): Fraction {
  const table = plinkoTable(rows, risk);
  const weights = plinkoSlotWeights(rows);
  const sum = weights.reduce((acc, w, k) => acc + w * BigInt(table[k] as number), 0n);
  return fraction(sum, (1n << BigInt(rows)) * BigInt(ONE_X_BP));
}
