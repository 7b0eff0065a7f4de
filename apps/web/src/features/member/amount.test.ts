import { describe, expect, it } from 'vitest';
import { amountPresets, parseAmount } from './amount.ts';

describe('parseAmount', () => {
  it('takes amounts with up to two decimals, with a dot or a comma', () => {
    expect(parseAmount('100')).toEqual({ amount: 100 });
    expect(parseAmount(' 12.5 ')).toEqual({ amount: 12.5 });
    expect(parseAmount('12,34')).toEqual({ amount: 12.34 });
  });

  it('names what is wrong with the same keys the API sends', () => {
    expect(parseAmount('')).toEqual({ problem: 'validation.required' });
    expect(parseAmount('abc')).toEqual({ problem: 'validation.amount_invalid' });
    expect(parseAmount('-5')).toEqual({ problem: 'validation.amount_invalid' });
    expect(parseAmount('0')).toEqual({ problem: 'validation.amount_positive' });
    expect(parseAmount('1.234')).toEqual({ problem: 'validation.amount_decimals' });
  });

  it('reads the currency’s own decimals in the reader’s format: whole F CFA, centavos', () => {
    expect(parseAmount('5 000', 'XOF', 'fr')).toEqual({ amount: 5000 });
    expect(parseAmount('100,5', 'XOF', 'fr')).toEqual({ problem: 'validation.amount_decimals' });
    expect(parseAmount('0,20', 'BRL', 'pt')).toEqual({ amount: 0.2 });
    expect(parseAmount('1.000,50', 'BRL', 'pt')).toEqual({ amount: 1000.5 });
    expect(parseAmount('0', 'BRL', 'pt')).toEqual({ problem: 'validation.amount_positive' });
    expect(parseAmount('-5', 'XOF', 'fr')).toEqual({ problem: 'validation.amount_positive' });
  });
});

describe('amountPresets', () => {
  it('offers round amounts inside the channel’s limits, at most six', () => {
    expect(amountPresets(10, 50_000)).toEqual([10, 20, 50, 100, 200, 500]);
    expect(amountPresets(500, 1_000_000)).toEqual([500, 1_000, 2_000, 5_000, 10_000, 20_000]);
    expect(amountPresets(30, 40)).toEqual([]);
  });
});
