import { apiPaths, type CountryCode, type GameCategory, type GameVendor, gameCategories } from '@platform/contract';
import { apiGet } from './client.ts';
import { type QueryState, useQuery } from './use-query.ts';

/** Game vendors of the merchant: read by the side menu, the footer, the home page and the lobbies. */
export function useGameVendors(): QueryState<GameVendor[]> {
  return useQuery('gameVendors', () => apiGet(apiPaths.gameVendors));
}

/** Navigation order of the categories; a category shows only when it has at least one vendor. */
export const navigationCategories: readonly GameCategory[] = [
  'ELOTT',
  'LOTT',
  'LIVE',
  'SPORTS',
  'FISH',
  'RNG',
  'PVP',
  'ESPORTS',
  'COCKFIGHT',
];

export interface CategoryVendors {
  category: GameCategory;
  vendors: GameVendor[];
}

/** Groups vendors by category in navigation order; BGS is left out of RNG as the spec asks. */
export function categoriesWithVendors(vendors: readonly GameVendor[]): CategoryVendors[] {
  const known = new Set<string>(gameCategories);
  return navigationCategories
    .filter((category) => known.has(category))
    .map((category) => ({
      category,
      vendors: vendors.filter((v) => v.gameType === category && !(category === 'RNG' && v.vassalage === 'BGS')),
    }))
    .filter((group) => group.vendors.length > 0);
}

/** Country dialling codes with their flags, for every phone form. */
export function useCountryCodes(): QueryState<CountryCode[]> {
  return useQuery('countryCodes', () => apiGet(apiPaths.countryCodes));
}

/** A country's name in the reader's language (Intl), falling back to its code. */
export function countryName(language: string, countryCode: string): string {
  try {
    return (
      new Intl.DisplayNames([language.toLowerCase() === 'cn' ? 'zh' : language.toLowerCase()], { type: 'region' }).of(countryCode) ??
      countryCode
    );
  } catch {
    return countryCode;
  }
}
