import { formatMoney as formatMinor, toMinor } from '@platform/contract';

/**
 * Formats an amount held in integer minor units of the currency (centavos for BRL, whole francs for
 * XOF) with exactly the currency's decimals, the reader's separators and the currency table's
 * symbol (decision 0019): "4 950 F CFA", "R$ 0,20".
 */
export function formatMoney(minorUnits: number, currency: string, locale: string): string {
  return formatMinor(minorUnits, currency, locale);
}

/** The same for an amount of the API (major units: 5000 F CFA, 0.2 reais). */
export function formatMajor(amount: number, currency: string, locale: string): string {
  return formatMinor(toMinor(amount, currency), currency, locale);
}
