import type { LotteryGame } from '@platform/contract';
import { useCallback, useEffect, useState } from 'react';
import { lotteryGames, watchDraws } from './lottery-api.ts';

/** Loads with `fetcher` now and on every `reload()`; a null fetcher waits. Keeps the last answer while reloading. */
export function useLoad<T>(fetcher: (() => Promise<T>) | null): { data: T | undefined; error: unknown; reload: () => void } {
  const [state, setState] = useState<{ data: T | undefined; error: unknown }>({ data: undefined, error: undefined });
  const [version, setVersion] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` asks again
  useEffect(() => {
    if (!fetcher) {
      setState({ data: undefined, error: undefined });
      return;
    }
    let live = true;
    fetcher().then(
      (data) => live && setState({ data, error: undefined }),
      (error: unknown) => live && setState((s) => ({ data: s.data, error })),
    );
    return () => {
      live = false;
    };
  }, [fetcher, version]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { ...state, reload };
}

/**
 * The lottery games with their current issue and latest result, kept live: read again on the server's
 * news (a draw drawn, settled or cancelled) and when an issue's betting closes, so countdowns move on.
 */
export function useLiveGames(): { data: LotteryGame[] | undefined; error: unknown; reload: () => void } {
  const games = useLoad(useCallback(() => lotteryGames(), []));
  const reload = games.reload;
  useEffect(() => watchDraws(() => reload()), [reload]);
  useEffect(() => {
    const at = Date.now();
    let wake = at + 30_000;
    for (const g of games.data ?? []) {
      if (!g.current) continue;
      const closes = Date.parse(g.current.closesAt);
      wake = Math.min(wake, closes > at ? closes + 300 : at + 2_000);
    }
    const timer = setTimeout(reload, Math.max(500, wake - at));
    return () => clearTimeout(timer);
  }, [games.data, reload]);
  return games;
}
