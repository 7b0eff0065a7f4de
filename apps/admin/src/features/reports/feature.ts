import type { AdminFeature } from '../../app/features.ts';

export const feature: AdminFeature = {
  path: 'reports',
  nav: 'nav.reports',
  permission: 'reports.read',
  order: 25,
  page: () => import('./ReportsPage.tsx'),
};
