import type { AdminFeature } from '../../app/features.ts';

export const feature: AdminFeature = {
  path: 'operators',
  nav: 'nav.operators',
  permission: 'operators.read',
  order: 90,
  page: () => import('./OperatorsPage.tsx'),
};
