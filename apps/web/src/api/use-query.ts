import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from './client.ts';
import { contextKey } from './request-context.ts';

interface Entry {
  /** Present while the request runs. */
  promise?: Promise<unknown>;
  /** Resolves once the request has settled; kept so late subscribers still hear about it. */
  settled: Promise<void>;
  data?: unknown;
  error?: ApiError;
}

/** Answers kept for the page's lifetime: this content changes rarely and a reload refreshes it. */
const cache = new Map<string, Entry>();

export interface QueryState<T> {
  data: T | undefined;
  error: ApiError | undefined;
  loading: boolean;
  /** Drops the cached answer and asks again. */
  reload: () => void;
}

function toApiError(err: unknown): ApiError {
  return err instanceof ApiError ? err : new ApiError(0, 'APP_ERR_INTERNAL', 'error.unknown');
}

function load<T>(key: string, fetcher: () => Promise<T>): Entry {
  let entry = cache.get(key);
  if (!entry) {
    const created = {} as Entry;
    created.settled = fetcher().then(
      (data) => {
        created.data = data;
        created.promise = undefined;
      },
      (err: unknown) => {
        created.error = toApiError(err);
        created.promise = undefined;
      },
    );
    created.promise = created.settled;
    cache.set(key, created);
    entry = created;
  }
  return entry;
}

/**
 * Reads one API answer, shared by every component asking with the same key. The key is scoped to
 * the current merchant and language, so switching language fetches the texts again; until the new
 * answer arrives the previous one stays on screen (no flash of empty menus). A null key waits.
 */
export function useQuery<T>(key: string | null, fetcher: () => Promise<T>): QueryState<T> {
  const fullKey = key === null ? null : `${key}#${contextKey()}`;
  const [, setTick] = useState(0);
  const entry = fullKey ? load(fullKey, fetcher) : undefined;
  const previous = useRef<{ key: string | null; data: unknown }>({ key: null, data: undefined });
  if (entry?.data !== undefined) previous.current = { key: key, data: entry.data };

  // Subscribe to the settled promise, not to `promise`: the request may finish between render and
  // this effect (or between StrictMode's two runs), and the component must still re-render.
  const rendered = entry?.promise !== undefined;
  useEffect(() => {
    if (!entry || !rendered) return;
    let live = true;
    entry.settled.then(() => live && setTick((n) => n + 1));
    return () => {
      live = false;
    };
  }, [entry, rendered]);

  const reload = useCallback(() => {
    if (!fullKey) return;
    const old = cache.get(fullKey);
    if (old?.promise) return;
    cache.delete(fullKey);
    setTick((n) => n + 1);
  }, [fullKey]);

  // Same logical key in another language or merchant: show the old answer while the new one loads.
  const stale = entry?.promise && previous.current.key === key ? previous.current.data : undefined;
  return {
    data: (entry?.data ?? stale) as T | undefined,
    error: entry?.error,
    loading: Boolean(entry?.promise),
    reload,
  };
}
