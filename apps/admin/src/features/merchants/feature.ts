import type { AdminFeature } from '../../app/features.ts';

export const feature: AdminFeature = {
  path: 'merchants',
  nav: 'nav.merchants',
  permission: 'merchants.read',
  order: 30,
  page: () => import('./MerchantsPage.tsx'),
};
