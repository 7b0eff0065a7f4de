import type { AdminFeature } from '../../app/features.ts';

export const feature: AdminFeature = {
  path: 'support',
  nav: 'nav.support',
  permission: 'support.chat',
  order: 40,
  page: () => import('./SupportPage.tsx'),
};
