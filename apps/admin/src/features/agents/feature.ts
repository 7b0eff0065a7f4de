import type { AdminFeature } from '../../app/features.ts';

export const feature: AdminFeature = {
  path: 'agents',
  nav: 'nav.agents',
  permission: 'agents.read',
  order: 45,
  page: () => import('./AgentsPage.tsx'),
};
