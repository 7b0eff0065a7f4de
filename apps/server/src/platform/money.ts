import { isWholeMinor, toMinor } from '@platform/contract';
import { failField } from './errors.ts';

/**
 * An amount of the API edge (major units) as minor units of the merchant's currency, refusing at
 * its field what the currency cannot hold (0.5 F CFA, R$ 0,005) instead of rounding it away.
 */
export function minorOf(amount: number, currency: string, field = 'amount'): number {
  if (!isWholeMinor(amount, currency)) failField(field, 'validation.amount_decimals');
  return toMinor(amount, currency);
}
