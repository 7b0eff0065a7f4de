import type { AdminFeature } from '../../app/features.ts';

export const feature: AdminFeature = {
  path: 'verifications',
  nav: 'nav.verifications',
  permission: 'verifications.read',
  order: 22,
  page: () => import('./VerificationsPage.tsx'),
};
