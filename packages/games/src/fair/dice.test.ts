import { describe, expect, it } from 'vitest';
import {
  DICE_MAX_WINNING_ROLLS,
  DICE_MIN_WINNING_ROLLS,
  type DiceDirection,
  diceMultiplierBp,
  diceRtp,
  playDice,
  verifyDice,
} from './dice.ts';
import { fastFairStream } from './stream.ts';

const serverSeed = '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef';
const seeds = { serverSeed, clientSeed: 'player-seed', nonce: 7 };

describe('dice', () => {
  it('rolls the first two outcome bytes mod 10 000 when below 60 000 (known vector)', () => {
    // Block 0 starts 618c: 0x618c = 24972 → roll 49.72.
    expect(playDice({ stake: 1000, target: 5000, direction: 'under' }, seeds)).toEqual({
      roll: 4972,
      win: true,
      multiplierBp: 19_800,
      payout: 1980,
    });
    expect(playDice({ stake: 1000, target: 4972, direction: 'over' }, seeds)).toMatchObject({ roll: 4972, win: false, payout: 0 });
  });

  it('gives the same result for the same seeds and lets the player verify it', () => {
    const bet = { stake: 2500, target: 3000, direction: 'over' as const };
    const result = playDice(bet, seeds);
    expect(playDice(bet, seeds)).toEqual(result);
    expect(verifyDice(bet, seeds, result)).toBe(true);
    expect(verifyDice(bet, seeds, { ...result, roll: (result.roll + 1) % 10_000 })).toBe(false);
    expect(verifyDice(bet, seeds, { ...result, payout: result.payout + 1 })).toBe(false);
  });

  it('prices the multiplier at 99% over the win chance, floored to a basis point', () => {
    expect(diceMultiplierBp(5000, 'under')).toBe(19_800); // 50% → 1.98x
    expect(diceMultiplierBp(100, 'under')).toBe(990_000); // 1% → 99x
    expect(diceMultiplierBp(9899, 'over')).toBe(990_000);
    expect(diceMultiplierBp(700, 'under')).toBe(141_428); // 7%: 14.142857x floored
  });

  it('returns exactly 99% for every target, less the basis-point flooring', () => {
    for (const direction of ['over', 'under'] as DiceDirection[]) {
      for (let w = DICE_MIN_WINNING_ROLLS; w <= DICE_MAX_WINNING_ROLLS; w++) {
        const target = direction === 'under' ? w : 9999 - w;
        const rtp = diceRtp(target, direction);
        expect(rtp.num * 100n <= 99n * rtp.den).toBe(true);
        expect(rtp.value).toBeGreaterThan(0.99 - w / 1e8);
        if (99_000_000 % w === 0) expect(rtp.value).toBe(0.99);
      }
    }
  });

  it('refuses targets outside 1%..98% win chance and bad stakes', () => {
    expect(() => playDice({ stake: 100, target: 99, direction: 'under' }, seeds)).toThrow(RangeError);
    expect(() => playDice({ stake: 100, target: 9801, direction: 'under' }, seeds)).toThrow(RangeError);
    expect(() => playDice({ stake: 100, target: 9900, direction: 'over' }, seeds)).toThrow(RangeError);
    expect(() => playDice({ stake: 1.5, target: 5000, direction: 'over' }, seeds)).toThrow(RangeError);
    expect(() => playDice({ stake: 0, target: 5000, direction: 'over' }, seeds)).toThrow(RangeError);
  });

  it('rolls uniformly: 100 000 rolls fill ten bands evenly and win a 49.5% bet about half the time', () => {
    const stream = fastFairStream({ serverSeed, clientSeed: 'dice-sanity', nonce: 0 });
    const bands = new Array(10).fill(0);
    let wins = 0;
    for (let i = 0; i < 100_000; i++) {
      stream.reset(i);
      const roll = stream.nextInt(10_000);
      bands[Math.floor(roll / 1000)]++;
      if (roll < 4950) wins++;
    }
    const chi = bands.reduce((s, c) => s + (c - 10_000) ** 2 / 10_000, 0);
    expect(chi).toBeLessThan(27.88); // p = 0.001, 9 degrees of freedom
    expect(Math.abs(wins / 100_000 - 0.495)).toBeLessThan(0.006); // > 4 standard deviations
  });
});
