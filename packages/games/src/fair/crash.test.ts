import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CRASH_MAX_POINT,
  crashCashOut,
  crashMultiplierAt,
  crashPoint,
  crashReachProbability,
  crashRtp,
  crashTimeToReach,
  playCrash,
  verifyCrash,
} from './crash.ts';

const serverSeed = '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef';
const seeds = { serverSeed, clientSeed: 'player-seed', nonce: 7 };

/** The verify page's recipe, written independently: 13 hex digits, then floor(99·E / (E − h)). */
function crashByHand(nonce: number): number {
  const hex = createHmac('sha256', serverSeed).update(`player-seed:${nonce}`).digest('hex');
  const h = BigInt(`0x${hex.slice(0, 13)}`);
  const e = 2n ** 52n;
  const point = Number((99n * e) / (e - h));
  return Math.min(CRASH_MAX_POINT, Math.max(100, point));
}

describe('crash', () => {
  it('derives the crash point from the first 52 bits (known vectors)', () => {
    expect([0, 1, 2, 3, 4].map((nonce) => crashPoint({ ...seeds, nonce }))).toEqual([407, 1096, 463, 158, 114]);
    for (let nonce = 0; nonce < 200; nonce++) expect(crashPoint({ ...seeds, nonce })).toBe(crashByHand(nonce));
  });

  it('pays the auto cash-out when the round reaches it, and is verifiable', () => {
    expect(crashPoint({ ...seeds, nonce: 1 })).toBe(1096);
    const won = playCrash({ stake: 1000, autoCashOut: 1096 }, { ...seeds, nonce: 1 });
    expect(won).toEqual({ crashPoint: 1096, cashedOut: true, multiplierBp: 109_600, payout: 10_960 });
    const lost = playCrash({ stake: 1000, autoCashOut: 1097 }, { ...seeds, nonce: 1 });
    expect(lost).toMatchObject({ cashedOut: false, payout: 0 });
    expect(verifyCrash({ stake: 1000, autoCashOut: 1096 }, { ...seeds, nonce: 1 }, won)).toBe(true);
    expect(verifyCrash({ stake: 1000, autoCashOut: 1096 }, { ...seeds, nonce: 2 }, won)).toBe(false);
  });

  it('returns 99% for every cash-out target', () => {
    for (let target = 101; target <= 10_000; target++) {
      const rtp = crashRtp(target);
      expect(rtp.num * 100n <= 99n * rtp.den).toBe(true);
      expect(rtp.value).toBeGreaterThan(0.99 - 1e-12);
    }
    fc.assert(
      fc.property(fc.integer({ min: 101, max: CRASH_MAX_POINT }), (target) => {
        expect(Math.abs(crashRtp(target).value - 0.99)).toBeLessThan(1e-9);
      }),
    );
  });

  it('busts one round in 100 below 1.00x and reaches 2.00x in 49.5% of rounds', () => {
    expect(crashReachProbability(200).value).toBeCloseTo(0.495, 12);
    expect(1 - crashReachProbability(101).value).toBeCloseTo(1 - 0.99 / 1.01, 12);
    let busts = 0;
    let doubles = 0;
    const rounds = 20_000;
    for (let nonce = 0; nonce < rounds; nonce++) {
      const point = crashPoint({ serverSeed, clientSeed: 'crash-sanity', nonce });
      if (point < 101) busts++;
      if (point >= 200) doubles++;
    }
    expect(Math.abs(busts / rounds - 0.0198)).toBeLessThan(0.005);
    expect(Math.abs(doubles / rounds - 0.495)).toBeLessThan(0.015);
  });

  it('draws the curve e^(0.00006 t) and finds the first millisecond at each multiplier', () => {
    expect(crashMultiplierAt(0)).toBe(100);
    expect(crashMultiplierAt(11_553)).toBe(200);
    expect(crashMultiplierAt(11_552)).toBe(199);
    for (const m of [101, 150, 200, 1096, 10_000, 1_000_000]) {
      const t = crashTimeToReach(m);
      expect(crashMultiplierAt(t)).toBeGreaterThanOrEqual(m);
      expect(crashMultiplierAt(t - 1)).toBeLessThan(m);
    }
  });

  it('accepts a manual cash-out up to the bust, never above the crash point', () => {
    const bust = crashTimeToReach(1096);
    expect(crashCashOut(1096, bust)).toEqual({ valid: true, multiplier: 1096 });
    expect(crashCashOut(1096, bust + 1).valid).toBe(false);
    expect(crashCashOut(1096, 11_553)).toEqual({ valid: true, multiplier: 200 });
    expect(crashCashOut(1096, 10).valid).toBe(false); // still 1.00x
    expect(crashCashOut(100, 0).valid).toBe(false);
  });

  it('refuses cash-outs below 1.01x or above the cap', () => {
    expect(() => playCrash({ stake: 100, autoCashOut: 100 }, seeds)).toThrow(RangeError);
    expect(() => playCrash({ stake: 100, autoCashOut: CRASH_MAX_POINT + 1 }, seeds)).toThrow(RangeError);
  });
});
