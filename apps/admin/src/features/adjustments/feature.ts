import type { AdminFeature } from '../../app/features.ts';

/** Manual adjustment requests waiting for a second operator (decision 0047), beside the withdrawals queue. */
export const feature: AdminFeature = {
  path: 'adjustments',
  nav: 'nav.adjustments',
  permission: 'ledger.read',
  order: 21,
  page: () => import('./AdjustmentsPage.tsx'),
};
