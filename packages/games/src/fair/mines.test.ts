import { describe, expect, it } from 'vitest';
import { MINES_CELLS, minesLayout, minesMultiplierBp, minesRtp, playMines, verifyMines } from './mines.ts';

const serverSeed = '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef';
const seeds = { serverSeed, clientSeed: 'player-seed', nonce: 7 };

describe('mines', () => {
  it('places the mines by a Fisher-Yates shuffle of the stream (known vector)', () => {
    // Bytes 61 8c ed: 0x61 % 25 = 22, 0x8c % 24 = 20 (+1 = 21), 0xed % 23 = 7 (+2 = 9) → cells 22, 21, 9.
    expect(minesLayout(seeds, 3)).toEqual([9, 21, 22]);
    expect(playMines({ stake: 1000, mines: 3, picks: [0, 1, 2] }, seeds)).toEqual({
      mineCells: [9, 21, 22],
      revealed: [0, 1, 2],
      hitMine: null,
      multiplierBp: 14_785,
      payout: 1478,
    });
  });

  it('ends the round at the first mine with nothing paid, and is verifiable', () => {
    const bet = { stake: 1000, mines: 3, picks: [0, 9, 1] };
    const result = playMines(bet, seeds);
    expect(result).toEqual({ mineCells: [9, 21, 22], revealed: [0], hitMine: 9, multiplierBp: 0, payout: 0 });
    expect(verifyMines(bet, seeds, result)).toBe(true);
    expect(verifyMines(bet, seeds, { ...result, mineCells: [1, 21, 22] })).toBe(false);
  });

  it('prices k safe reveals at 0.99 × C(25, k) / C(25 − m, k)', () => {
    expect(minesMultiplierBp(1, 1)).toBe(10_312); // 0.99 × 25/24
    expect(minesMultiplierBp(24, 1)).toBe(247_500); // 0.99 × 25
    expect(minesMultiplierBp(3, 22)).toBe(22_770_000); // 0.99 × C(25, 22) / C(22, 22) = 2277x
  });

  it('returns 99% for every mine count and every number of reveals', () => {
    for (let m = 1; m < MINES_CELLS; m++) {
      for (let k = 1; k <= MINES_CELLS - m; k++) {
        const rtp = minesRtp(m, k);
        expect(rtp.num * 100n <= 99n * rtp.den).toBe(true);
        expect(rtp.value).toBeGreaterThan(0.99 - 1e-4);
      }
    }
  });

  it('puts each cell under a mine equally often (5 mines, 20 000 layouts)', () => {
    const hits = new Array(MINES_CELLS).fill(0);
    for (let nonce = 0; nonce < 20_000; nonce++) {
      const cells = minesLayout({ serverSeed, clientSeed: 'mines-sanity', nonce }, 5);
      expect(new Set(cells).size).toBe(5);
      for (const c of cells) hits[c]++;
    }
    const expected = (20_000 * 5) / MINES_CELLS;
    const chi = hits.reduce((s, h) => s + (h - expected) ** 2 / expected, 0);
    expect(chi).toBeLessThan(51.18); // p = 0.001, 24 degrees of freedom
  });

  it('refuses bad mine counts and picks', () => {
    expect(() => playMines({ stake: 100, mines: 0, picks: [1] }, seeds)).toThrow(RangeError);
    expect(() => playMines({ stake: 100, mines: 25, picks: [1] }, seeds)).toThrow(RangeError);
    expect(() => playMines({ stake: 100, mines: 3, picks: [] }, seeds)).toThrow(RangeError);
    expect(() => playMines({ stake: 100, mines: 3, picks: [1, 1] }, seeds)).toThrow(RangeError);
    expect(() => playMines({ stake: 100, mines: 3, picks: [25] }, seeds)).toThrow(RangeError);
    expect(() => playMines({ stake: 100, mines: 24, picks: [1, 2] }, seeds)).toThrow(RangeError);
  });
});
