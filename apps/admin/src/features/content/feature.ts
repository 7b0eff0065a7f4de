import type { AdminFeature } from '../../app/features.ts';

export const feature: AdminFeature = {
  path: 'content',
  nav: 'nav.content',
  permission: 'content.manage',
  order: 45,
  page: () => import('./BannersPage.tsx'),
};
