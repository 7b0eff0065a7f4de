import { type Fraction, fraction } from './fraction.ts';
import { assertStake, ONE_X_BP, payoutOf } from './payout.ts';
import type { RoundSeeds } from './seeds.ts';
import { type FairStream, fairStream } from './stream.ts';

/**
 * Crash: a multiplier climbs from 1.00x and busts at the crash point; a bet cashed out at or below
 * the crash point wins stake × cash-out multiplier. Multipliers are hundredths (2.00x = 200).
 *
 * The crash point comes from h, the first 52 bits of the bet's outcome bytes (E = 2^52):
 *
 *   crashPoint = min(CRASH_MAX_POINT, max(100, floor(99 × E / (E - h))))
 *
 * i.e. floor(100 × 0.99 / (1 - r)) for r = h / E uniform in [0, 1). It is computed in integers.
 * For any cash-out target M (hundredths, 101..CRASH_MAX_POINT), crashPoint ≥ M exactly when
 * E - h ≤ floor(99E / M), which has probability floor(99E / M) / E ≈ 0.99 / (M / 100): every target
 * returns 99% (less than M / (100 E) below it). One round in 100 (r < 0.01) busts before 1.00x and
 * shows 1.00x; with the rounds that crash between 1.00x and 1.01x, 1.98% of rounds pay no cash-out.
 */

export interface CrashBet {
  /** Minor units. */
  stake: number;
  /** Auto cash-out in hundredths, CRASH_MIN_CASH_OUT..CRASH_MAX_POINT. */
  autoCashOut: number;
}

export interface CrashResult {
  /** Hundredths, 100..CRASH_MAX_POINT. */
  crashPoint: number;
  cashedOut: boolean;
  /** The cash-out multiplier in basis points (autoCashOut × 100). */
  multiplierBp: number;
  /** Minor units, 0 when the round crashed first. */
  payout: number;
}

/** Lowest cash-out, 1.01x. */
export const CRASH_MIN_CASH_OUT = 101;
/** Highest crash point and cash-out, 1 000 000.00x: the cap only touches points no target can reach. */
export const CRASH_MAX_POINT = 100_000_000;
/** The multiplier curve: e^(CRASH_GROWTH_PER_MS × elapsed ms), 2.00x after about 11.55 s. */
export const CRASH_GROWTH_PER_MS = 0.00006;

const E = 2n ** 52n;

/** The crash point, in hundredths, from the next 52 bits of the stream. */
export function crashPointFrom(stream: FairStream): number {
  const h = BigInt(stream.nextUint52());
  const point = (99n * E) / (E - h);
  if (point < 100n) return 100;
  return point > BigInt(CRASH_MAX_POINT) ? CRASH_MAX_POINT : Number(point);
}

/** The crash point of a bet, in hundredths. */
export function crashPoint(seeds: RoundSeeds): number {
  return crashPointFrom(fairStream(seeds));
}

function assertCashOut(multiplier: number): void {
  if (!Number.isInteger(multiplier) || multiplier < CRASH_MIN_CASH_OUT || multiplier > CRASH_MAX_POINT) {
    throw new RangeError('crash: cash-out must be 1.01x to 1 000 000.00x in hundredths');
  }
}

/** Plays one crash bet with an auto cash-out from its seeds. */
export function playCrash(bet: CrashBet, seeds: RoundSeeds): CrashResult {
  assertStake(bet.stake);
  assertCashOut(bet.autoCashOut);
  const point = crashPoint(seeds);
  const cashedOut = bet.autoCashOut <= point;
  const multiplierBp = bet.autoCashOut * (ONE_X_BP / 100);
  return { crashPoint: point, cashedOut, multiplierBp, payout: cashedOut ? payoutOf(bet.stake, multiplierBp) : 0 };
}

/** Re-derives a crash bet from its revealed seeds and tells whether the claimed result is the one they give. */
export function verifyCrash(bet: CrashBet, seeds: RoundSeeds, claimed: CrashResult): boolean {
  const actual = playCrash(bet, seeds);
  return (
    actual.crashPoint === claimed.crashPoint &&
    actual.cashedOut === claimed.cashedOut &&
    actual.multiplierBp === claimed.multiplierBp &&
    actual.payout === claimed.payout
  );
}

/** Exact return to player of an auto cash-out target (hundredths), per unit staked. */
export function crashRtp(autoCashOut: number): Fraction {
  assertCashOut(autoCashOut);
  const m = BigInt(autoCashOut);
  return fraction(m * ((99n * E) / m), 100n * E);
}

/** Exact probability that a round reaches `multiplier` (hundredths ≥ 101). */
export function crashReachProbability(multiplier: number): Fraction {
  assertCashOut(multiplier);
  return fraction((99n * E) / BigInt(multiplier), E);
}

/** The multiplier shown `elapsedMs` into a round, in hundredths: floor(100 × e^(0.00006 t)). */
export function crashMultiplierAt(elapsedMs: number): number {
  if (!(elapsedMs >= 0)) return 100;
  return Math.floor(100 * Math.exp(CRASH_GROWTH_PER_MS * elapsedMs));
}

/** The first whole millisecond at which the shown multiplier reaches `multiplier` (hundredths ≥ 100). */
export function crashTimeToReach(multiplier: number): number {
  if (multiplier <= 100) return 0;
  // The logarithm lands within a millisecond; the checks make the answer agree with crashMultiplierAt.
  let t = Math.max(0, Math.ceil(Math.log(multiplier / 100) / CRASH_GROWTH_PER_MS) - 1);
  while (crashMultiplierAt(t) >= multiplier && t > 0) t--;
  while (crashMultiplierAt(t) < multiplier) t++;
  return t;
}

/**
 * A manual cash-out request `elapsedMs` into a round that crashes at `crashPoint`: valid when it
 * arrives no later than the bust (the moment the curve reaches the crash point) and the multiplier
 * is at least 1.01x; it then pays the multiplier shown at that moment, never more than the crash point.
 */
export function crashCashOut(crashPoint: number, elapsedMs: number): { valid: boolean; multiplier: number } {
  const multiplier = Math.min(crashMultiplierAt(elapsedMs), crashPoint);
  const valid = elapsedMs >= 0 && elapsedMs <= crashTimeToReach(crashPoint) && multiplier >= CRASH_MIN_CASH_OUT;
  return { valid, multiplier };
}
