import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { drawResult, findPlayType, playTypes, resultFromSeed, validateResult } from './games.ts';
import { gameCodes } from './play.ts';
import { testBytes } from './play-oracle.ts';
import { hexToBytes, type RandomBytes, randomInt, sampleDistinct, seededBytes } from './random.ts';

const hmac = (key: Uint8Array, message: Uint8Array) => new Uint8Array(createHmac('sha256', key).update(message).digest());
const seed = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';

/** Serves the given bytes in order and counts how many were read. */
function scripted(bytes: number[]): RandomBytes & { read: number } {
  const source = Object.assign(
    (n: number) => {
      const out = Uint8Array.from(bytes.slice(source.read, source.read + n));
      source.read += n;
      return out;
    },
    { read: 0 },
  );
  return source;
}

describe('randomInt', () => {
  it('rejects the biased top of the byte range and reads again', () => {
    // For n = 10 bytes 250–255 would favour 0–5, so they are skipped.
    const source = scripted([255, 250, 249, 3]);
    expect(randomInt(source, 10)).toBe(9);
    expect(source.read).toBe(3);
  });

  it('maps the accepted byte values onto every value exactly equally often (1 and 2 byte ranges)', () => {
    for (const n of [2, 3, 7, 10, 11, 49, 100, 1000, 4097]) {
      const size = n <= 256 ? 1 : 2;
      const counts = new Map<number, number>();
      for (let v = 0; v < 256 ** size; v++) {
        const bytes = size === 1 ? [v] : [v >> 8, v & 0xff];
        const source = scripted([...bytes, ...new Array(size).fill(0)]);
        const value = randomInt(source, n);
        if (source.read > size) continue; // rejected: the value came from the next read
        counts.set(value, (counts.get(value) ?? 0) + 1);
      }
      expect(counts.size).toBe(n);
      expect(new Set(counts.values()).size).toBe(1);
    }
  });

  it('refuses ranges it cannot serve and sources that run dry', () => {
    expect(() => randomInt(testBytes(1), 0)).toThrow(RangeError);
    expect(() => randomInt(testBytes(1), 2 ** 32 + 1)).toThrow(RangeError);
    expect(() => randomInt(() => new Uint8Array(0), 10)).toThrow(RangeError);
    expect(randomInt(scripted([]), 1)).toBe(0);
  });
});

describe('sampleDistinct', () => {
  it('returns distinct members of the pool with every ordered pair about equally often', () => {
    const rb = testBytes(29);
    const counts = new Map<string, number>();
    for (let i = 0; i < 24_000; i++) {
      const pick = sampleDistinct(rb, [1, 2, 3, 4], 2);
      expect(new Set(pick).size).toBe(2);
      counts.set(pick.join(), (counts.get(pick.join()) ?? 0) + 1);
    }
    expect(counts.size).toBe(12);
    for (const c of counts.values()) expect(Math.abs(c - 2000)).toBeLessThan(200);
  });
});

describe('commit–reveal draws', () => {
  it('streams the same bytes whatever the read sizes, and different bytes per context', () => {
    const whole = seededBytes(seed, hmac, 'SSC|1')(100);
    const pieces = seededBytes(seed, hmac, 'SSC|1');
    const joined = [...pieces(1), ...pieces(31), ...pieces(68)];
    expect(joined).toEqual([...whole]);
    expect([...seededBytes(seed, hmac, 'SSC|2')(32)]).not.toEqual([...whole.slice(0, 32)]);
    // The first block is HMAC-SHA256(seed, "SSC|1|0").
    expect([...whole.slice(0, 32)]).toEqual([...hmac(hexToBytes(seed), new TextEncoder().encode('SSC|1|0'))]);
  });

  it('refuses short or malformed seeds', () => {
    expect(() => seededBytes('abcd', hmac)).toThrow(RangeError);
    expect(() => seededBytes(`${seed}x`, hmac)).toThrow(RangeError);
  });

  it('derives the same valid result from the same seed, game and issue (pinned so a change is noticed)', () => {
    expect(resultFromSeed('SSC', seed, hmac, '20250101-001')).toEqual(resultFromSeed('SSC', seed, hmac, '20250101-001'));
    expect(resultFromSeed('SSC', seed, hmac, '20250101-001')).toMatchInlineSnapshot(`
      [
        3,
        9,
        3,
        2,
        3,
      ]
    `);
    expect(resultFromSeed('PK10', seed, hmac, '20250101-001')).toMatchInlineSnapshot(`
      [
        2,
        4,
        5,
        10,
        6,
        7,
        3,
        8,
        1,
        9,
      ]
    `);
    expect(resultFromSeed('LHC', seed, hmac, '25/001')).toMatchInlineSnapshot(`
      {
        "numbers": [
          35,
          37,
          36,
          40,
          5,
          11,
        ],
        "special": 33,
      }
    `);
    for (const game of gameCodes) expect(validateResult(game, resultFromSeed(game, seed, hmac, 'x'))).toBeNull();
  });

  it('lets anyone recompute an SSC result by hand: the bytes of HMAC(seed, "SSC|issue|0") below 250, mod 10', () => {
    const block = hmac(hexToBytes(seed), new TextEncoder().encode('SSC|20250101-001|0'));
    const digits = [...block]
      .filter((b) => b < 250)
      .map((b) => b % 10)
      .slice(0, 5);
    expect(resultFromSeed('SSC', seed, hmac, '20250101-001')).toEqual(digits);
  });
});

describe('games', () => {
  it('draws valid results for every game', () => {
    const rb = testBytes(31);
    for (const game of gameCodes) for (let i = 0; i < 50; i++) expect(validateResult(game, drawResult(game, rb))).toBeNull();
  });

  it('lists every play type once, each under a known game', () => {
    expect(new Set(playTypes.map((p) => p.id)).size).toBe(playTypes.length);
    for (const p of playTypes) {
      expect(gameCodes).toContain(p.game);
      expect(findPlayType(p.id)).toBe(p);
    }
    expect(findPlayType('NOPE')).toBeUndefined();
  });
});
