/** An exact non-negative rational, kept reduced, with its nearest double for display and tolerances. */
export interface Fraction {
  num: bigint;
  den: bigint;
  /** num / den rounded to a double. */
  value: number;
}

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

const SHIFT = 64n;
const SCALE = 2 ** 64;

/** Builds the reduced fraction num / den (den > 0). */
export function fraction(num: bigint | number, den: bigint | number = 1n): Fraction {
  let n = BigInt(num);
  let d = BigInt(den);
  if (d <= 0n) throw new RangeError('fraction: the denominator must be positive');
  const g = gcd(n, d) || 1n;
  n /= g;
  d /= g;
  // Dividing with 64 extra bits keeps the double within one rounding of the true value even when
  // num and den are far beyond 2^53.
  return { num: n, den: d, value: Number((n << SHIFT) / d) / SCALE };
}

/** a + b, exactly. */
export function addFractions(a: Fraction, b: Fraction): Fraction {
  return fraction(a.num * b.den + b.num * a.den, a.den * b.den);
}

/** a × b, exactly. */
export function mulFractions(a: Fraction, b: Fraction): Fraction {
  return fraction(a.num * b.num, a.den * b.den);
}

/** a ÷ b, exactly (b > 0). */
export function divFractions(a: Fraction, b: Fraction): Fraction {
  return fraction(a.num * b.den, a.den * b.num);
}

/** True when a and b are the same rational number. */
export function sameFraction(a: Fraction, b: Fraction): boolean {
  return a.num * b.den === b.num * a.den;
}
