import { apiPaths, type CountryCode, type GameCategory, type GameVendor, gameCategories } from '@platform/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { apiGet } from './client.ts';
import { sortedCountryCodes } from './country-names.ts';
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

/** Country dialling codes with their flags, for every phone form, by country name in the reader's language. */
export function useCountryCodes(): QueryState<CountryCode[]> {
  const { i18n } = useTranslation();
  const query = useQuery('countryCodes', () => apiGet(apiPaths.countryCodes));
  const sorted = useMemo(() => (query.data ? sortedCountryCodes(query.data, i18n.language) : undefined), [query.data, i18n.language]);
  return { ...query, data: sorted };
}
