import { parseMoney, toAmount } from '@platform/contract';

/**
 * A typed amount as the API takes it (major units of the currency), or the key of what is wrong
 * with it, checked before anything is sent: read with the currency's own decimals and the reader's
 * separators ("5 000" F CFA; "0,20" R$), so 0,5 F CFA is refused, not rounded (decision 0019).
 * Without a currency yet (its page still loading) at most two decimals, the most any currency has.
 */
export function parseAmount(text: string, currency?: string, locale = 'en'): { amount: number } | { problem: string } {
  if (currency) {
    const read = parseMoney(text, currency, locale);
    if ('problem' in read) return read;
    if (read.minor <= 0) return { problem: 'validation.amount_positive' };
    return { amount: toAmount(read.minor, currency) };
  }
  const value = text.trim().replace(',', '.');
  if (!value) return { problem: 'validation.required' };
  if (!/^\d+(\.\d+)?$/.test(value)) return { problem: 'validation.amount_invalid' };
  const amount = Number(value);
  if (!(amount > 0)) return { problem: 'validation.amount_positive' };
  if (!/^\d+(\.\d{1,2})?$/.test(value)) return { problem: 'validation.amount_decimals' };
  return { amount };
}

/** Round amounts a player would pick, kept to those the channel accepts. */
const presetSteps = [10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000, 200_000, 500_000];
export const amountPresets = (min: number, max: number) => presetSteps.filter((a) => a >= min && a <= max).slice(0, 6);
