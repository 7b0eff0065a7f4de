import type { AdminFeature } from '../../app/features.ts';

export const feature: AdminFeature = {
  path: 'withdrawals',
  nav: 'nav.withdrawals',
  permission: 'withdrawals.read',
  order: 20,
  page: () => import('./WithdrawalsPage.tsx'),
};
