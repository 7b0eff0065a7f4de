/**
 * Multipliers are integers in basis points of the stake (1.00x = 10 000 bp, 1.9800x = 19 800 bp) and
 * money is integer minor units, so a payout is floor(stake × multiplierBp / 10 000) computed without
 * floats: the rounding never favours the player by even one minor unit.
 */

/** 1.00x in basis points. */
export const ONE_X_BP = 10_000;

/** Throws unless the stake is a positive safe integer of minor units. */
export function assertStake(stake: number): void {
  if (!Number.isSafeInteger(stake) || stake <= 0) throw new RangeError('stake must be a positive integer of minor units');
}

/** floor(stake × multiplierBp / 10 000) in minor units, exact for any safe-integer inputs. */
export function payoutOf(stake: number, multiplierBp: number): number {
  const product = stake * multiplierBp;
  if (Number.isSafeInteger(product)) return (product - (product % ONE_X_BP)) / ONE_X_BP;
  const exact = (BigInt(stake) * BigInt(multiplierBp)) / BigInt(ONE_X_BP);
  if (exact > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError('payout exceeds the safe integer range');
  return Number(exact);
}

/** floor(a / b) for non-negative safe integers, without the rounding of a float division. */
export function divFloor(a: number, b: number): number {
  return (a - (a % b)) / b;
}
