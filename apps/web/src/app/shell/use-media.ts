import { useSyncExternalStore } from 'react';

/** True while the media query matches (for example the phone layout under 768 px). */
export function useMedia(query: string): boolean {
  return useSyncExternalStore(
    (listener) => {
      const list = matchMedia(query);
      list.addEventListener('change', listener);
      return () => list.removeEventListener('change', listener);
    },
    () => matchMedia(query).matches,
    () => false,
  );
}

export const phoneQuery = '(max-width: 767.98px)';
