import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from './client.ts';

export interface Feed<T> {
  items: T[];
  error: ApiError | undefined;
  loading: boolean;
  /** True while a next page exists. */
  hasMore: boolean;
  /** Loads the next page and appends it (ignored while one is loading or none is left). */
  more: () => void;
  reload: () => void;
}

/**
 * Pages read one after the other into one growing list (infinite scroll). A new key starts again at
 * page 1; an answer for an older key is dropped.
 */
export function useFeed<T>(key: string | null, fetchPage: (pageNo: number) => Promise<{ items: T[]; totalPages: number }>): Feed<T> {
  const [state, setState] = useState<{
    key: string | null;
    items: T[];
    pageNo: number;
    totalPages: number;
    loading: boolean;
    error?: ApiError;
  }>({ key: null, items: [], pageNo: 0, totalPages: 1, loading: false });
  const [round, setRound] = useState(0);
  const current = useRef(key);
  current.current = key;
  const fetcher = useRef(fetchPage);
  fetcher.current = fetchPage;

  const load = useCallback((forKey: string, pageNo: number) => {
    setState((s) => ({
      ...(s.key === forKey ? s : { key: forKey, items: [], pageNo: 0, totalPages: 1 }),
      loading: true,
      error: undefined,
    }));
    fetcher.current(pageNo).then(
      (page) =>
        current.current === forKey &&
        setState((s) => ({
          key: forKey,
          items: pageNo === 1 ? page.items : [...s.items, ...page.items],
          pageNo,
          totalPages: page.totalPages,
          loading: false,
        })),
      (err: unknown) =>
        current.current === forKey &&
        setState((s) => ({
          ...s,
          loading: false,
          error: err instanceof ApiError ? err : new ApiError(0, 'APP_ERR_INTERNAL', 'error.unknown'),
        })),
    );
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` asks for page 1 again
  useEffect(() => {
    if (key !== null) load(key, 1);
  }, [key, round, load]);

  const fresh = state.key === key;
  const hasMore = fresh && state.pageNo < state.totalPages;
  const more = useCallback(() => {
    if (key === null || !fresh || state.loading || state.pageNo >= state.totalPages) return;
    load(key, state.pageNo + 1);
  }, [key, fresh, state.loading, state.pageNo, state.totalPages, load]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  return {
    items: fresh ? state.items : [],
    error: fresh ? state.error : undefined,
    loading: !fresh || state.loading,
    hasMore,
    more,
    reload,
  };
}
