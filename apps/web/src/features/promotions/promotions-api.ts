import { apiPaths, type Promotion } from '@platform/contract';
import { apiGet } from '../../api/client.ts';
import { type QueryState, useQuery } from '../../api/use-query.ts';

/** Promotions of the merchant, all categories or one. */
export function usePromotions(category: string | null): QueryState<Promotion[]> {
  return useQuery(`promotions:${category ?? 'all'}`, () => apiGet(apiPaths.promotions, { query: { category: category ?? undefined } }));
}

/** One promotion; a null id (not a positive whole number) asks nothing. */
export function usePromotion(id: number | null): QueryState<Promotion> {
  return useQuery(id === null ? null : `promotion:${id}`, () => apiGet(apiPaths.promotionDetail, { params: { id: id ?? 0 } }));
}

/** Category keys the dictionaries name; anything else reads as "other". */
export const knownCategories = ['new_player', 'deposit', 'cashback', 'referral', 'lottery', 'vip'] as const;
export type KnownCategory = (typeof knownCategories)[number] | 'other';

export function categoryKey(category: string): KnownCategory {
  return (knownCategories as readonly string[]).includes(category) ? (category as KnownCategory) : 'other';
}
