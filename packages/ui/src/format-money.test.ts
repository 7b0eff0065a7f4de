import { describe, expect, it } from 'vitest';
import { formatMajor, formatMoney } from './format-money.ts';

const plain = (s: string) => s.replace(/\s/g, ' ');

describe('formatMoney', () => {
  it('shows centavos for BRL with the reader’s separators', () => {
    expect(plain(formatMoney(123456789, 'BRL', 'pt-BR'))).toBe('R$ 1.234.567,89');
    expect(formatMoney(123456789, 'BRL', 'en')).toBe('R$1,234,567.89');
  });

  it('shows whole francs for XOF, which has no minor unit', () => {
    expect(plain(formatMoney(15000, 'XOF', 'fr'))).toBe('15 000 F CFA');
    expect(plain(formatMajor(4950, 'XOF', 'fr'))).toBe('4 950 F CFA');
  });

  it('formats zero and negative amounts', () => {
    expect(formatMoney(0, 'BRL', 'en')).toBe('R$0.00');
    expect(formatMoney(-250, 'BRL', 'en')).toBe('-R$2.50');
    expect(formatMajor(0.2, 'BRL', 'en')).toBe('R$0.20');
  });
});
