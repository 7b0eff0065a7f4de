/**
 * Exact non-negative-or-signed rationals on BigInt, so probabilities, prizes and house edges are
 * computed without floating point; a Ratio is always reduced with a positive denominator.
 */
export interface Ratio {
  readonly num: bigint;
  readonly den: bigint;
}

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

/** Builds the reduced fraction num/den (den must not be 0). */
export function ratio(num: bigint | number, den: bigint | number = 1n): Ratio {
  let n = BigInt(num);
  let d = BigInt(den);
  if (d === 0n) throw new RangeError('ratio: zero denominator');
  if (d < 0n) [n, d] = [-n, -d];
  const g = gcd(n, d) || 1n;
  return { num: n / g, den: d / g };
}

/** a + b. */
export function addRatio(a: Ratio, b: Ratio): Ratio {
  return ratio(a.num * b.den + b.num * a.den, a.den * b.den);
}

/** a − b. */
export function subRatio(a: Ratio, b: Ratio): Ratio {
  return ratio(a.num * b.den - b.num * a.den, a.den * b.den);
}

/** a × b. */
export function mulRatio(a: Ratio, b: Ratio): Ratio {
  return ratio(a.num * b.num, a.den * b.den);
}

/** a ÷ b (b must not be 0). */
export function divRatio(a: Ratio, b: Ratio): Ratio {
  return ratio(a.num * b.den, a.den * b.num);
}

/** True when a and b are the same number. */
export function ratioEquals(a: Ratio, b: Ratio): boolean {
  return a.num === b.num && a.den === b.den;
}

/** The nearest double, for display and reports only (never for money). */
export function ratioToNumber(r: Ratio): number {
  return Number(r.num) / Number(r.den);
}

/** Floor of r as a BigInt (rounds towards −∞). */
export function floorRatio(r: Ratio): bigint {
  const q = r.num / r.den;
  return r.num < 0n && q * r.den !== r.num ? q - 1n : q;
}

const decimalPattern = /^\d{1,12}(\.\d{1,8})?$/;

/** Parses a plain decimal string such as '1.98' or '42.55' exactly; throws on anything else. */
export function parseDecimal(text: string): Ratio {
  if (!decimalPattern.test(text)) throw new RangeError(`not a plain decimal: ${text}`);
  const [whole = '0', fraction = ''] = text.split('.');
  return ratio(BigInt(whole + fraction), 10n ** BigInt(fraction.length));
}

/** Writes r with `digits` decimals, rounded down (for reports and odds display). */
export function formatRatio(r: Ratio, digits = 2): string {
  const scaled = floorRatio(mulRatio(r, ratio(10n ** BigInt(digits))));
  const negative = scaled < 0n;
  const text = (negative ? -scaled : scaled).toString().padStart(digits + 1, '0');
  const body = digits > 0 ? `${text.slice(0, -digits)}.${text.slice(-digits)}` : text;
  return negative ? `-${body}` : body;
}
