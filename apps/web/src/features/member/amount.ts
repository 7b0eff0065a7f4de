/**
 * A typed amount as the API takes it (a number with at most two decimals), or the key of what is
 * wrong with it: the same rules as the contract's amount schema, checked before anything is sent.
 */
export function parseAmount(text: string): { amount: number } | { problem: string } {
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
