import type { AdminFeature } from '../../app/features.ts';

export const feature: AdminFeature = {
  path: 'audit',
  nav: 'nav.audit',
  permission: 'audit.read',
  order: 100,
  page: () => import('./AuditPage.tsx'),
};
