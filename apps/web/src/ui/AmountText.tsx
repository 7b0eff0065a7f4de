import { formatMoney } from './format-money.ts';

/** An amount in minor units, in tabular figures so columns and balances line up. */
export function AmountText({ minor, currency, locale }: { minor: number; currency: string; locale: string }) {
  return <span className="amount">{formatMoney(minor, currency, locale)}</span>;
}
