import { formatMajor } from '@platform/ui/format-money.ts';
import { locale } from '../../i18n/index.ts';

/** Basis points as a percentage in the reader's language: 150 → "1.5 %". */
export const percent = (bp: number) =>
  (bp / 10_000).toLocaleString(locale(), { style: 'percent', minimumFractionDigits: 0, maximumFractionDigits: 2 });

/** Major units of the merchant's currency, or a dash before the currency is known. */
export const moneyIn = (currency: string) => (amount: number) => (currency ? formatMajor(amount, currency, locale()) : '—');

export const dateTime = (ms: number | null) => (ms === null ? '—' : new Date(ms).toLocaleString(locale()));
