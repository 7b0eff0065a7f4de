import type { AdminFeature } from '../../app/features.ts';

export const feature: AdminFeature = {
  path: 'players',
  nav: 'nav.players',
  permission: 'members.read',
  order: 40,
  page: () => import('./PlayersPage.tsx'),
};
