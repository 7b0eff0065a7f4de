/**
 * Randomness enters the package only as a byte source. Draws and quick picks map bytes to numbers by
 * rejection sampling, so every value in range is exactly equally likely whatever the range size.
 */

/** Returns `n` fresh random bytes: the server passes `crypto.randomBytes`, a verifier a seeded stream. */
export type RandomBytes = (n: number) => Uint8Array;

/** HMAC-SHA256(key, message): injected so the package needs no crypto module (browser-safe). */
export type HmacSha256 = (key: Uint8Array, message: Uint8Array) => Uint8Array;

const maxRange = 2 ** 32;

/** A uniformly distributed integer in [0, n) for 1 ≤ n ≤ 2³², rejecting the biased top of the byte range. */
export function randomInt(randomBytes: RandomBytes, n: number): number {
  if (!Number.isInteger(n) || n < 1 || n > maxRange) throw new RangeError(`randomInt: bad range ${n}`);
  if (n === 1) return 0;
  let size = 1;
  while (256 ** size < n) size++;
  const span = 256 ** size;
  // Values at or above `limit` would make the low residues more likely than the high ones.
  const limit = span - (span % n);
  for (;;) {
    const bytes = randomBytes(size);
    if (bytes.length < size) throw new RangeError('randomInt: the byte source returned too few bytes');
    let value = 0;
    for (let i = 0; i < size; i++) value = value * 256 + (bytes[i] as number);
    if (value < limit) return value % n;
  }
}

/** `count` distinct values of `pool` in random order (a partial Fisher–Yates shuffle). */
export function sampleDistinct<T>(randomBytes: RandomBytes, pool: readonly T[], count: number): T[] {
  if (!Number.isInteger(count) || count < 0 || count > pool.length) throw new RangeError('sampleDistinct: bad count');
  const items = [...pool];
  for (let i = 0; i < count; i++) {
    const j = i + randomInt(randomBytes, items.length - i);
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items.slice(0, count);
}

/** Parses an even-length hex string into bytes; throws on anything else. */
export function hexToBytes(hex: string): Uint8Array {
  if (!/^(?:[0-9a-fA-F]{2})+$/.test(hex)) throw new RangeError('hexToBytes: not an even-length hex string');
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

/** Shortest server seed accepted for commit–reveal, in bytes (128 bits). */
export const minSeedBytes = 16;

/**
 * A deterministic byte source for commit–reveal: the concatenation of HMAC-SHA256(seed, `${context}|${counter}`)
 * for counter 0, 1, 2… Anyone holding the revealed seed can replay it and check the published result.
 */
export function seededBytes(seedHex: string, hmac: HmacSha256, context = ''): RandomBytes {
  const key = hexToBytes(seedHex);
  if (key.length < minSeedBytes) throw new RangeError(`seededBytes: a seed needs at least ${minSeedBytes} bytes`);
  const encoder = new TextEncoder();
  let counter = 0;
  let block: Uint8Array = new Uint8Array(0);
  let offset = 0;
  return (n) => {
    const out = new Uint8Array(n);
    for (let i = 0; i < n; i++) {
      if (offset >= block.length) {
        block = hmac(key, encoder.encode(`${context}|${counter++}`));
        offset = 0;
        if (block.length === 0) throw new RangeError('seededBytes: empty HMAC output');
      }
      out[i] = block[offset++] as number;
    }
    return out;
  };
}
