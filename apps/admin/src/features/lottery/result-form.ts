import { type VietnamPrize, type VietnamRegion, validateResult, vietnamLayouts, vietnamPrizes } from '@platform/games/lottery';

/** The Vietnamese game families the form knows the layout of. */
export const regionOf = (family: string): VietnamRegion | null =>
  family === 'VN_NORTH' ? 'NORTH' : family === 'VN_SOUTH' ? 'SOUTH' : null;

/** The prizes of a region with their number count and length, in the order of the official sheet (special prize first). */
export function prizesOf(region: VietnamRegion): { prize: VietnamPrize; count: number; digits: number }[] {
  return vietnamPrizes.map((prize) => ({ prize, ...vietnamLayouts[region][prize] })).filter((p) => p.count > 0);
}

/** An empty sheet: one empty string per number of every prize. */
export function emptySheet(region: VietnamRegion): Record<VietnamPrize, string[]> {
  return Object.fromEntries(vietnamPrizes.map((p) => [p, new Array(vietnamLayouts[region][p].count).fill('')])) as Record<
    VietnamPrize,
    string[]
  >;
}

/** The field of one number: `DB.0`, `G7.3`. */
export const cellOf = (prize: VietnamPrize, index: number) => `${prize}.${index}`;

/**
 * The problems of a sheet before it is sent, by cell: a number must have exactly its prize's digits
 * (leading zeros kept). Each problem is a text key of the screen with its params. The server checks
 * the same rules again (packages/games validateVietnamResult); a sheet with no problem passes there.
 */
export function sheetProblems(
  region: VietnamRegion,
  sheet: Record<VietnamPrize, string[]>,
): Record<string, { key: string; digits: number }> {
  const out: Record<string, { key: string; digits: number }> = {};
  for (const { prize, count, digits } of prizesOf(region)) {
    for (let i = 0; i < count; i++) {
      const value = sheet[prize][i] ?? '';
      if (value === '') out[cellOf(prize, i)] = { key: 'lotteryResults.required', digits };
      else if (!new RegExp(`^\\d{${digits}}$`).test(value)) out[cellOf(prize, i)] = { key: 'lotteryResults.digits', digits };
    }
  }
  return out;
}

/** The sheet as the API takes it, once it has no problem; null otherwise. */
export function sheetResult(region: VietnamRegion, sheet: Record<VietnamPrize, string[]>): Record<VietnamPrize, string[]> | null {
  if (Object.keys(sheetProblems(region, sheet)).length > 0) return null;
  const result = Object.fromEntries(vietnamPrizes.map((p) => [p, sheet[p].slice(0, vietnamLayouts[region][p].count)])) as Record<
    VietnamPrize,
    string[]
  >;
  return validateResult(region === 'NORTH' ? 'VN_NORTH' : 'VN_SOUTH', result) ? null : result;
}
