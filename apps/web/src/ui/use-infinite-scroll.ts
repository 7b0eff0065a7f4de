import { useEffect, useRef } from 'react';

/** The spec's infinite-scroll defaults: at most one load per 200 ms, triggered at the very end (distance 0). */
export const infiniteScrollThrottleMs = 200;
export const infiniteScrollDistancePx = 0;

/**
 * Calls `onMore` whenever the returned sentinel element scrolls into view while `enabled` (there is a
 * next page and none is loading), at most once per throttle period. Put the sentinel after the last
 * item; an IntersectionObserver watches it, so nothing runs on scroll events.
 */
export function useInfiniteScroll<E extends HTMLElement>(
  onMore: () => void,
  enabled: boolean,
  { throttleMs = infiniteScrollThrottleMs, distancePx = infiniteScrollDistancePx } = {},
) {
  const sentinel = useRef<E>(null);
  const latest = useRef(onMore);
  latest.current = onMore;
  useEffect(() => {
    const node = sentinel.current;
    if (!enabled || !node) return;
    let last = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const fire = () => {
      last = Date.now();
      latest.current();
    };
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        const wait = last + throttleMs - Date.now();
        clearTimeout(timer);
        if (wait <= 0) fire();
        else timer = setTimeout(fire, wait);
      },
      { rootMargin: `0px 0px ${distancePx}px 0px` },
    );
    observer.observe(node);
    return () => {
      clearTimeout(timer);
      observer.disconnect();
    };
  }, [enabled, throttleMs, distancePx]);
  return sentinel;
}
