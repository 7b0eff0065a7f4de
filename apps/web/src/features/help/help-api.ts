import { apiPaths, type HelpArticle } from '@platform/contract';
import { apiGet } from '../../api/client.ts';
import { type QueryState, useQuery } from '../../api/use-query.ts';

export function useHelpArticles(): QueryState<HelpArticle[]> {
  return useQuery('helpCenter', () => apiGet(apiPaths.helpCenter));
}

export const knownHelpCategories = ['account', 'payments', 'responsible', 'agreement'] as const;

export function helpCategoryKey(category: string): (typeof knownHelpCategories)[number] | 'other' {
  return (knownHelpCategories as readonly string[]).includes(category) ? (category as (typeof knownHelpCategories)[number]) : 'other';
}
