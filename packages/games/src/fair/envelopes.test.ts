import { describe, expect, it } from 'vitest';
import { envelopeAmounts, envelopeWeight } from './envelopes.ts';

const seed = 'a'.repeat(64);

describe('envelopeAmounts', () => {
  it('gives every envelope at least the minimum and never more than the budget in total', () => {
    for (let r = 0; r < 200; r++) {
      const serverSeed = r.toString(16).padStart(64, '0');
      const count = 1 + (r % 37);
      const minAmount = 1 + (r % 5);
      const budget = count * minAmount + r * 13;
      const amounts = envelopeAmounts(serverSeed, `envelope-round-${r}`, { budget, count, minAmount });
      expect(amounts).toHaveLength(count);
      expect(amounts.every((a) => a >= minAmount)).toBe(true);
      expect(amounts.reduce((s, a) => s + a, 0)).toBeLessThanOrEqual(budget);
      expect(amounts.reduce((s, a) => s + a, 0)).toBeGreaterThan(budget - count);
    }
  });

  it('is the same for the same seeds and changes with them', () => {
    const terms = { budget: 5_000, count: 20, minAmount: 50 };
    expect(envelopeAmounts(seed, 'envelope-round-1', terms)).toEqual(envelopeAmounts(seed, 'envelope-round-1', terms));
    expect(envelopeAmounts(seed, 'envelope-round-1', terms)).not.toEqual(envelopeAmounts(seed, 'envelope-round-2', terms));
    expect(envelopeWeight(seed, 'envelope-round-1', 0)).toBeGreaterThanOrEqual(1);
    expect(envelopeWeight(seed, 'envelope-round-1', 0)).toBeLessThanOrEqual(100);
  });

  it('refuses terms the budget cannot cover', () => {
    expect(() => envelopeAmounts(seed, 'x', { budget: 99, count: 10, minAmount: 10 })).toThrow(RangeError);
    expect(() => envelopeAmounts(seed, 'x', { budget: 100, count: 0, minAmount: 1 })).toThrow(RangeError);
  });
});
