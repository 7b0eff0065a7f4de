import type { AdminFeature } from '../../app/features.ts';

export const feature: AdminFeature = {
  path: 'lottery',
  nav: 'nav.lottery',
  permission: 'lottery.results',
  order: 50,
  page: () => import('./LotteryResultsPage.tsx'),
};
