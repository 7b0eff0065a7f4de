import type { ComponentType } from 'react';

/**
 * One screen of the back office. A feature folder registers itself by exporting `feature` from its
 * `feature.ts` (src/features/<name>/feature.ts): the router and the menu pick it up, nothing else
 * changes. Its page is a lazy chunk, so a screen costs nothing until it is opened.
 */
export interface AdminFeature {
  /** Route below /admin, e.g. 'operators'. */
  path: string;
  /** Translation key of its menu entry. */
  nav: string;
  /** The server's action the screen needs (operators.permissions.ts); the menu hides it otherwise. */
  permission: string;
  /** Position in the menu. */
  order: number;
  page: () => Promise<{ default: ComponentType }>;
}

const modules = import.meta.glob<{ feature: AdminFeature }>('../features/*/feature.ts', { eager: true });

export const features: AdminFeature[] = Object.values(modules)
  .map((m) => m.feature)
  .sort((a, b) => a.order - b.order);
