import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { currencies, currencyOf, formatAmount, formatMoney, isWholeMinor, parseMoney, toAmount, toMinor } from './currencies.ts';

/** The site's languages as the site passes them to Intl (EN PT FR CN VI ID). */
const siteLocales = ['en', 'pt', 'fr', 'zh-Hans', 'vi', 'id'];
const codes = [...currencies.keys()];
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('currencies', () => {
  it('holds the ISO 4217 exponents: XOF has no minor unit, BRL has centavos', () => {
    expect(currencyOf('XOF').exponent).toBe(0);
    expect(currencyOf('BRL').exponent).toBe(2);
    expect(() => currencyOf('ZZZ')).toThrow();
  });

  it('converts between the edge amount and minor units with the exponent', () => {
    expect(toAmount(5000, 'XOF')).toBe(5000);
    expect(toMinor(5000, 'XOF')).toBe(5000);
    expect(toAmount(20, 'BRL')).toBe(0.2);
    expect(toMinor(0.2, 'BRL')).toBe(20);
    expect(isWholeMinor(0.5, 'XOF')).toBe(false);
    expect(isWholeMinor(0.07, 'BRL')).toBe(true);
    expect(isWholeMinor(0.075, 'BRL')).toBe(false);
  });

  it('shows whole francs for XOF and centavos for BRL', () => {
    expect(plain(formatMoney(4950, 'XOF', 'fr'))).toBe('4 950 F CFA');
    expect(plain(formatMoney(123456789, 'BRL', 'pt'))).toBe('R$ 1.234.567,89');
    expect(formatMoney(20, 'BRL', 'en')).toBe('R$0.20');
    expect(formatMoney(-250, 'BRL', 'en')).toBe('-R$2.50');
    expect(plain(formatAmount(50000, 'XOF', 'fr'))).toBe('50 000');
  });

  it('reads what people type and refuses decimals the currency does not have', () => {
    expect(parseMoney('5 000', 'XOF', 'fr')).toEqual({ minor: 5000 });
    expect(parseMoney('5000 F CFA', 'XOF', 'fr')).toEqual({ minor: 5000 });
    expect(parseMoney('0,5', 'XOF', 'fr')).toEqual({ problem: 'validation.amount_decimals' });
    expect(parseMoney('0,20', 'BRL', 'pt')).toEqual({ minor: 20 });
    expect(parseMoney('0.20', 'BRL', 'fr')).toEqual({ minor: 20 });
    expect(parseMoney('1.000', 'BRL', 'pt')).toEqual({ minor: 100000 });
    expect(parseMoney('1,234.5', 'BRL', 'en')).toEqual({ minor: 123450 });
    expect(parseMoney('0,001', 'BRL', 'pt')).toEqual({ problem: 'validation.amount_decimals' });
    expect(parseMoney('', 'BRL', 'pt')).toEqual({ problem: 'validation.required' });
    expect(parseMoney('abc', 'BRL', 'pt')).toEqual({ problem: 'validation.amount_invalid' });
    expect(parseMoney('1,2,3', 'BRL', 'pt')).toEqual({ problem: 'validation.amount_invalid' });
  });

  it('round-trips display strings and minor units for every currency and every site language', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...codes),
        fc.constantFrom(...siteLocales),
        fc.oneof(fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }), fc.integer({ min: 0, max: 999 })),
        (code, locale, minor) => {
          expect(parseMoney(formatMoney(minor, code, locale), code, locale)).toEqual({ minor });
          if (minor >= 0) expect(parseMoney(formatAmount(minor, code, locale), code, locale)).toEqual({ minor });
          expect(toMinor(toAmount(minor, code), code)).toBe(minor);
        },
      ),
      { numRuns: 3000 },
    );
  });
});
