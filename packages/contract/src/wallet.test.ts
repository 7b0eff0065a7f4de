import { describe, expect, it } from 'vitest';
import { amountSchema, toAmount, toMinor, transferFundBodySchema } from './wallet.ts';

const messageOf = (v: unknown) => amountSchema.safeParse(v).error?.issues[0]?.message;

describe('amounts at the edge', () => {
  it('takes positive numbers with at most two decimals', () => {
    expect(amountSchema.parse(10)).toBe(10);
    expect(amountSchema.parse(0.01)).toBe(0.01);
    expect(amountSchema.parse(1234.56)).toBe(1234.56);
    expect(toMinor(1234.56, 'BRL')).toBe(123_456);
    expect(toMinor(0.29, 'BRL')).toBe(29);
    expect(toAmount(123_456, 'BRL')).toBe(1234.56);
    // XOF has no minor unit: the edge's amount is the number of francs.
    expect(toMinor(5000, 'XOF')).toBe(5000);
    expect(toAmount(4950, 'XOF')).toBe(4950);
  });

  it('names what is wrong with a bad amount', () => {
    expect(messageOf(0)).toBe('validation.amount_positive');
    expect(messageOf(-5)).toBe('validation.amount_positive');
    expect(messageOf(1.005)).toBe('validation.amount_decimals');
    expect(messageOf('10')).toBe('validation.amount_invalid');
    expect(messageOf(Number.NaN)).toBe('validation.amount_invalid');
    expect(messageOf(2_000_000_000)).toBe('validation.amount_too_large');
  });

  it('needs an amount for a transfer unless everything is moved', () => {
    const base = { vendor: 'JDB', direction: 'in', requestId: 'abcdefgh' };
    expect(transferFundBodySchema.safeParse({ ...base, all: true }).success).toBe(true);
    expect(transferFundBodySchema.safeParse(base).error?.issues[0]).toMatchObject({ path: ['amount'], message: 'validation.required' });
  });
});
