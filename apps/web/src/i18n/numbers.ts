import i18next from 'i18next';
import { bcp47, textLanguage } from './languages.ts';

/**
 * A number with exactly `digits` decimals as the reader's language writes it (98,00 in French and
 * Portuguese, 98.00 in English), no grouping: the games' rolls, chances and multipliers.
 */
export function fixed(n: number, digits: number): string {
  const locale = bcp47(textLanguage(i18next.language ?? 'EN'));
  return new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false }).format(n);
}

/** Decimal text of a number without trailing zeros, in `locale` (the lottery's odds and the stake's units). */
export const decimal = (n: number, locale: string) => new Intl.NumberFormat(locale, { maximumFractionDigits: 4 }).format(n);
