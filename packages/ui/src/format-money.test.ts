import { describe, expect, it } from 'vitest';
import { formatMoney } from './format-money.ts';

const plain = (s: string) => s.replace(/\s/g, ' ');

describe('formatMoney', () => {
  it('shows minor units with two decimals, thousands separators and the currency', () => {
    expect(plain(formatMoney(123456789, 'BRL', 'pt-BR'))).toMatch(/^R\$ ?1\.234\.567,89$/);
    expect(formatMoney(123456789, 'BRL', 'en')).toBe('R$1,234,567.89');
  });

  it('keeps two decimals for XOF, whose usual format has none', () => {
    expect(plain(formatMoney(1500000, 'XOF', 'fr'))).toMatch(/^15 000,00 ?F ?CFA$/);
  });

  it('formats zero and negative amounts', () => {
    expect(formatMoney(0, 'BRL', 'en')).toBe('R$0.00');
    expect(formatMoney(-250, 'BRL', 'en')).toBe('-R$2.50');
  });
});
