import type { BannerGroup } from '@platform/contract';
import type { TFunction } from 'i18next';
import { useMatches } from 'react-router';
import type { AuthTab } from './providers/ui-store.tsx';

export interface Chrome {
  header: boolean;
  side: boolean;
  footer: boolean;
}

/** Static facts of a route, readable before its code has loaded: chrome, banner group, title. */
export interface RouteHandle {
  /** Page name, as in the page root's data-testid="page-<name>". */
  page: string;
  chrome: Chrome;
  /** Banner group of the strip above the page; the strip shows only when the group has banners. */
  banner?: BannerGroup;
  /** Opens the login/register dialog over the page. */
  auth?: AuthTab;
  /** Left and top bars hidden unless the embeddedBars store flag is on (/seamless, /vnlottery). */
  embedded?: boolean;
  title: (t: TFunction) => string;
}

export function useRouteHandle(): RouteHandle | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as RouteHandle | undefined;
    if (handle?.page) return handle;
  }
  return undefined;
}
