import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../api/client.ts';

export interface Loaded<T> {
  data: T | undefined;
  error: ApiError | undefined;
  loading: boolean;
  reload: () => void;
}

/**
 * Reads one answer for the current key and reads it again when the key changes or on reload; unlike
 * the shared query cache, lists that change with the player's actions (favourites, recent games)
 * stay fresh. A null key waits. The previous answer stays on screen while the next one loads.
 */
export function useLoad<T>(key: string | null, fetcher: () => Promise<T>): Loaded<T> {
  const [state, setState] = useState<{ data?: T; error?: ApiError; loading: boolean }>({ loading: key !== null });
  const [round, setRound] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key names everything the fetcher reads
  useEffect(() => {
    if (key === null) return;
    let live = true;
    setState((s) => ({ data: s.data, loading: true }));
    fetcher().then(
      (data) => live && setState({ data, loading: false }),
      (err: unknown) =>
        live &&
        setState((s) => ({
          data: s.data,
          loading: false,
          error: err instanceof ApiError ? err : new ApiError(0, 'APP_ERR_INTERNAL', 'error.unknown'),
        })),
    );
    return () => {
      live = false;
    };
  }, [key, round]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { data: state.data, error: state.error, loading: state.loading, reload };
}
