import { type Fraction, fraction } from './fraction.ts';
import { assertStake, divFloor, ONE_X_BP, payoutOf } from './payout.ts';
import type { RoundSeeds } from './seeds.ts';
import { type FairStream, fairStream } from './stream.ts';

/**
 * Dice: a roll of 0.00 to 99.99 (10 000 equally likely values, kept as hundredths 0..9999), and a
 * bet that it lands over or under a target. Winning rolls W = 9999 - target (over) or target
 * (under); the multiplier is (100% - 1%) / (W / 10 000), floored to a basis point, so the return
 * is 99% when 99 000 000 is divisible by W and a hair under otherwise (by less than W / 10^8).
 */

export type DiceDirection = 'over' | 'under';

export interface DiceBet {
  /** Minor units. */
  stake: number;
  /** Hundredths, 0..9999: 50.50 is 5050. */
  target: number;
  direction: DiceDirection;
}

export interface DiceResult {
  /** Hundredths, 0..9999: 5050 shows as 50.50. */
  roll: number;
  win: boolean;
  /** The bet's multiplier in basis points, paid only on a win. */
  multiplierBp: number;
  /** Minor units, 0 on a loss. */
  payout: number;
}

/** House edge in basis points of the stake. */
export const DICE_HOUSE_EDGE_BP = 100;
/** Fewest winning rolls a bet may have: 1% chance, 99x. */
export const DICE_MIN_WINNING_ROLLS = 100;
/** Most winning rolls a bet may have: 98% chance, 1.0102x. */
export const DICE_MAX_WINNING_ROLLS = 9800;

const ROLLS = 10_000;

/** How many of the 10 000 rolls win the bet. */
export function diceWinningRolls(target: number, direction: DiceDirection): number {
  return direction === 'over' ? ROLLS - 1 - target : target;
}

/** Throws unless the stake is valid and the target gives a win chance from 1% to 98%. */
export function assertDiceBet(bet: DiceBet): void {
  assertStake(bet.stake);
  if (bet.direction !== 'over' && bet.direction !== 'under') throw new RangeError('dice: direction must be over or under');
  if (!Number.isInteger(bet.target) || bet.target < 0 || bet.target >= ROLLS)
    throw new RangeError('dice: target must be 0..9999 hundredths');
  const w = diceWinningRolls(bet.target, bet.direction);
  if (w < DICE_MIN_WINNING_ROLLS || w > DICE_MAX_WINNING_ROLLS) throw new RangeError('dice: win chance must be 1% to 98%');
}

/** The multiplier in basis points: floor((10 000 - edge) × 10 000 / W). */
export function diceMultiplierBp(target: number, direction: DiceDirection): number {
  return divFloor((ONE_X_BP - DICE_HOUSE_EDGE_BP) * ROLLS, diceWinningRolls(target, direction));
}

/** The roll, hundredths 0..9999, as the stream's first unbiased integer below 10 000. */
export function rollDice(stream: FairStream): number {
  return stream.nextInt(ROLLS);
}

/** True when the roll wins the bet. */
export function diceWins(roll: number, target: number, direction: DiceDirection): boolean {
  return direction === 'over' ? roll > target : roll < target;
}

/** Plays one dice bet from its seeds. */
export function playDice(bet: DiceBet, seeds: RoundSeeds): DiceResult {
  assertDiceBet(bet);
  const roll = rollDice(fairStream(seeds));
  const win = diceWins(roll, bet.target, bet.direction);
  const multiplierBp = diceMultiplierBp(bet.target, bet.direction);
  return { roll, win, multiplierBp, payout: win ? payoutOf(bet.stake, multiplierBp) : 0 };
}

/** Re-derives a dice bet from its revealed seeds and tells whether the claimed result is the one they give. */
export function verifyDice(bet: DiceBet, seeds: RoundSeeds, claimed: DiceResult): boolean {
  const actual = playDice(bet, seeds);
  return (
    actual.roll === claimed.roll &&
    actual.win === claimed.win &&
    actual.multiplierBp === claimed.multiplierBp &&
    actual.payout === claimed.payout
  );
}

/** Exact return to player of a target, per unit staked (before the stake's rounding to minor units). */
export function diceRtp(target: number, direction: DiceDirection): Fraction {
  const w = diceWinningRolls(target, direction);
  return fraction(BigInt(w) * BigInt(diceMultiplierBp(target, direction)), BigInt(ROLLS) * BigInt(ONE_X_BP));
}
