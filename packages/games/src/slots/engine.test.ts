import { describe, expect, it } from 'vitest';
import { fastFairStream } from '../fair/stream.ts';
import { jungleGems, replaySlotRound, slotConfigs } from './configs.ts';
import {
  compileSlot,
  drawStops,
  evaluate,
  fillWindow,
  playSlot,
  replaySlot,
  type SlotConfig,
  scoreLines,
  slotReplayOf,
  verifySlot,
} from './engine.ts';
import { toySlot } from './toy-slot.ts';

const serverSeed = '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef';

describe('evaluate', () => {
  it('pays full lines of a symbol and a line of five wilds as wilds', () => {
    const spin = evaluate(toySlot, [0, 0, 0, 0, 0], 3);
    expect(spin.window).toEqual([
      ['A', 'A', 'A', 'A', 'A'],
      ['W', 'W', 'W', 'W', 'W'],
      ['B', 'B', 'B', 'B', 'B'],
    ]);
    expect(spin.lineWins).toEqual([
      { line: 0, symbol: 'W', count: 5, win: 300 },
      { line: 1, symbol: 'A', count: 5, win: 150 },
      { line: 2, symbol: 'B', count: 5, win: 60 },
    ]);
    expect(spin).toMatchObject({ scatterCount: 0, scatterWin: 0, freeSpinsAwarded: 0, multiplier: 1, totalWin: 510 });
  });

  it('pays leading wilds as the better of the wild run and the symbol run they extend', () => {
    // Middle row W W W A B: A × 4 pays 20, W × 3 pays 25.
    const spin = evaluate(toySlot, [0, 0, 0, 6, 1], 1);
    expect(spin.window[1]).toEqual(['W', 'W', 'W', 'A', 'B']);
    expect(spin.lineWins).toEqual([
      { line: 0, symbol: 'W', count: 3, win: 25 },
      { line: 1, symbol: 'A', count: 3, win: 10 },
      { line: 2, symbol: 'B', count: 4, win: 10 },
    ]);
    expect(spin.totalWin).toBe(45);
    // Middle row W W A A A: the wilds join the A run, A × 5 = 50.
    expect(evaluate(toySlot, [0, 0, 6, 6, 6], 1).lineWins[0]).toEqual({ line: 0, symbol: 'A', count: 5, win: 50 });
  });

  it('stops a run at the scatter, which the wild never replaces', () => {
    const spin = evaluate(toySlot, [0, 0, 0, 0, 3], 1);
    expect(spin.window[1]).toEqual(['W', 'W', 'W', 'W', 'S']);
    expect(spin.lineWins[0]).toEqual({ line: 0, symbol: 'W', count: 4, win: 40 });
    expect(spin.totalWin).toBe(40 + 20 + 10);
    expect(spin.scatterCount).toBe(1);
  });

  it('pays scatters anywhere by count times the total bet and awards free spins', () => {
    const spin = evaluate(toySlot, [3, 3, 3, 2, 4], 2);
    expect(spin.window).toEqual([
      ['C', 'C', 'C', 'B', 'S'],
      ['S', 'S', 'S', 'C', 'C'],
      ['A', 'B', 'C', 'S', 'A'],
    ]);
    expect(spin.lineWins).toEqual([{ line: 1, symbol: 'C', count: 3, win: 4 }]);
    expect(spin).toMatchObject({ scatterCount: 5, scatterWin: 50 * 10, freeSpinsAwarded: 3, totalWin: 504 });
    expect(evaluate(toySlot, [3, 3, 3, 2, 4], 2, 2)).toMatchObject({ scatterWin: 1000, totalWin: 1008 });
  });

  it('pays two of a kind where the paytable has them', () => {
    const spin = evaluate(toySlot, [2, 2, 6, 6, 6], 1);
    expect(spin.window[1]).toEqual(['C', 'C', 'A', 'A', 'A']);
    expect(spin.lineWins).toEqual([
      { line: 0, symbol: 'C', count: 2, win: 1 },
      { line: 1, symbol: 'B', count: 4, win: 10 },
    ]);
    expect(spin).toMatchObject({ scatterCount: 2, scatterWin: 5, freeSpinsAwarded: 0, totalWin: 16 });
  });

  it('refuses stops off the reels and bets that are not whole minor units', () => {
    expect(() => evaluate(toySlot, [0, 0, 0, 0, 7], 1)).toThrow(RangeError);
    expect(() => evaluate(toySlot, [0, 0, 0, 0], 1)).toThrow(RangeError);
    expect(() => evaluate(toySlot, [0, 0, 0, 0, 0], 0.5)).toThrow(RangeError);
  });

  it('refuses configurations with unknown symbols or missing wild/scatter', () => {
    const bad: SlotConfig = { ...toySlot, reels: ['A W B C S A X', ...toySlot.reels.slice(1)] };
    expect(() => evaluate(bad, [0, 0, 0, 0, 0], 1)).toThrow(/unknown symbol X/);
    const noWild: SlotConfig = { ...toySlot, symbols: toySlot.symbols.filter((s) => s.kind !== 'wild') };
    expect(() => evaluate(noWild, [0, 0, 0, 0, 0], 1)).toThrow(/one wild/);
  });
});

describe('scoreLines', () => {
  it('sums the same line pays as evaluate, skipping only lines that cannot pay', () => {
    for (const config of [toySlot, ...slotConfigs]) {
      const c = compileSlot(config);
      const stream = fastFairStream({ serverSeed, clientSeed: 'lines', nonce: 0 });
      const stops = new Array<number>(c.reelCount);
      const window = new Int32Array(c.reelCount * c.rows);
      for (let i = 0; i < 3000; i++) {
        drawStops(c, stream, stops);
        fillWindow(c, stops, window);
        const lineWins = evaluate(config, stops, 1).lineWins.reduce((sum, w) => sum + w.win, 0);
        expect(scoreLines(c, stops, window)).toBe(lineWins);
      }
    }
  });
});

describe('slot rounds', () => {
  it('play the same for the same seeds, stops drawn from the fair stream', () => {
    const seeds = { serverSeed, clientSeed: 'player-seed', nonce: 7 };
    const round = playSlot(jungleGems, 5, seeds);
    expect(playSlot(jungleGems, 5, seeds)).toEqual(round);
    // Bytes 61 8c ed 98 1f: each below its rejection limit, taken mod the strip length.
    expect(round.spins[0]?.stops).toEqual([0x61 % 31, 0x8c % 31, 0xed % 31, 0x98 % 32, 0x1f % 33]);
    expect(round.totalBet).toBe(100);
  });

  it('play awarded free spins in the same round with the multiplier, retriggers included', () => {
    let nonce = 0;
    let round = playSlot(toySlot, 1, { serverSeed, clientSeed: 'free', nonce });
    while (round.spins.length < 3) round = playSlot(toySlot, 1, { serverSeed, clientSeed: 'free', nonce: ++nonce });
    const awarded = round.spins.reduce((sum, s) => sum + s.freeSpinsAwarded, 0);
    expect(round.spins).toHaveLength(1 + awarded);
    expect(round.spins[0]?.multiplier).toBe(1);
    for (const spin of round.spins.slice(1)) expect(spin.multiplier).toBe(2);
    expect(round.totalWin).toBe(round.spins.reduce((sum, s) => sum + s.totalWin, 0));
  });

  it('replay from (config id, bet, stops) to the same round, for every configuration', () => {
    for (const config of [toySlot, ...slotConfigs]) {
      for (let nonce = 0; nonce < 300; nonce++) {
        const seeds = { serverSeed, clientSeed: 'replay', nonce };
        const round = playSlot(config, 3, seeds);
        const record = JSON.parse(JSON.stringify(slotReplayOf(round)));
        expect(replaySlot(config, record)).toEqual(round);
        if (config !== toySlot) expect(replaySlotRound(record)).toEqual(round);
        if (nonce < 20) expect(verifySlot(config, record, seeds)).toBe(true);
      }
    }
  });

  it('reject a replay whose spins do not match the awards, or whose stops differ from the seeds', () => {
    let nonce = 0;
    let round = playSlot(toySlot, 1, { serverSeed, clientSeed: 'free', nonce });
    while (round.spins.length < 2) round = playSlot(toySlot, 1, { serverSeed, clientSeed: 'free', nonce: ++nonce });
    const record = slotReplayOf(round);
    expect(() => replaySlot(toySlot, { ...record, stops: record.stops.slice(0, 1) })).toThrow(/fewer spins/);
    expect(() => replaySlot(toySlot, { ...record, stops: [...record.stops, [0, 0, 0, 0, 0]] })).toThrow(/more spins/);
    expect(() => replaySlot(jungleGems, record)).toThrow(/replay is for toy/);
    const tampered = { ...record, stops: [[0, 0, 0, 0, 0], ...record.stops.slice(1)] };
    expect(verifySlot(toySlot, tampered, { serverSeed, clientSeed: 'free', nonce })).toBe(false);
  });
});
