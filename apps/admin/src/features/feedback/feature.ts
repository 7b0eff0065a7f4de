import type { AdminFeature } from '../../app/features.ts';

export const feature: AdminFeature = {
  path: 'feedback',
  nav: 'nav.feedback',
  permission: 'feedback.read',
  order: 24,
  page: () => import('./FeedbackPage.tsx'),
};
