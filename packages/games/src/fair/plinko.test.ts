import { describe, expect, it } from 'vitest';
import {
  PLINKO_MAX_ROWS,
  PLINKO_MIN_ROWS,
  PLINKO_RTP_BAND,
  playPlinko,
  plinkoPathFrom,
  plinkoRisks,
  plinkoRtp,
  plinkoSlotWeights,
  plinkoTable,
  verifyPlinko,
} from './plinko.ts';
import { fastFairStream } from './stream.ts';

const serverSeed = '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef';
const seeds = { serverSeed, clientSeed: 'player-seed', nonce: 7 };
const allTables = plinkoRisks.flatMap((risk) =>
  Array.from({ length: PLINKO_MAX_ROWS - PLINKO_MIN_ROWS + 1 }, (_, i) => ({ rows: i + 8, risk })),
);

describe('plinko', () => {
  it('turns right on each 1 bit of the outcome bytes (known vector)', () => {
    // 0x61 0x8c = 0110 0001 1000 1100: six right turns.
    const result = playPlinko({ stake: 1000, rows: 16, risk: 'high' }, seeds);
    expect(result).toEqual({ path: [0, 1, 1, 0, 0, 0, 0, 1, 1, 0, 0, 0, 1, 1, 0, 0], slot: 6, multiplierBp: 2200, payout: 220 });
    expect(verifyPlinko({ stake: 1000, rows: 16, risk: 'high' }, seeds, result)).toBe(true);
    expect(verifyPlinko({ stake: 1000, rows: 16, risk: 'low' }, seeds, result)).toBe(false);
    expect(playPlinko({ stake: 1000, rows: 8, risk: 'low' }, seeds).path).toEqual([0, 1, 1, 0, 0, 0, 0, 1]);
  });

  it('has symmetric tables that never fall from the centre to the edges', () => {
    for (const { rows, risk } of allTables) {
      const table = plinkoTable(rows, risk);
      expect(table).toHaveLength(rows + 1);
      expect([...table].reverse()).toEqual(table);
      for (let k = 1; k <= rows / 2; k++) expect(table[k - 1]).toBeGreaterThanOrEqual(table[k] as number);
    }
  });

  it('returns between 98.95% and 99.00% on every table, computed exactly from the binomial weights', () => {
    const report: string[] = [];
    for (const { rows, risk } of allTables) {
      const rtp = plinkoRtp(rows, risk);
      expect(rtp.num * 100n <= 99n * rtp.den).toBe(true);
      expect(rtp.value).toBeGreaterThanOrEqual(PLINKO_RTP_BAND.min);
      expect(rtp.value).toBeLessThanOrEqual(PLINKO_RTP_BAND.max);
      report.push(`${risk}/${rows} ${(rtp.value * 100).toFixed(4)}%`);
    }
    expect(report).toHaveLength(27);
  });

  it('lands in slot k with frequency C(n, k) / 2^n (12 rows, 40 000 balls)', () => {
    const stream = fastFairStream({ serverSeed, clientSeed: 'plinko-sanity', nonce: 0 });
    const counts = new Array(13).fill(0);
    for (let i = 0; i < 40_000; i++) {
      stream.reset(i);
      counts[plinkoPathFrom(stream, 12).reduce((s, b) => s + b, 0)]++;
    }
    const weights = plinkoSlotWeights(12).map(Number);
    // Pool the thin outer slots (expected < 5) into their neighbours before the chi-square.
    const pooled = (arr: number[]) => [arr.slice(0, 2).reduce((a, b) => a + b), ...arr.slice(2, 11), arr.slice(11).reduce((a, b) => a + b)];
    const expected = pooled(weights.map((w) => (40_000 * w) / 4096));
    const chi = pooled(counts).reduce((s, c, i) => s + (c - (expected[i] as number)) ** 2 / (expected[i] as number), 0);
    expect(chi).toBeLessThan(29.59); // p = 0.001, 10 degrees of freedom
  });

  it('refuses rows outside 8..16', () => {
    expect(() => playPlinko({ stake: 100, rows: 7, risk: 'low' }, seeds)).toThrow(RangeError);
    expect(() => playPlinko({ stake: 100, rows: 17, risk: 'low' }, seeds)).toThrow(RangeError);
  });
});
