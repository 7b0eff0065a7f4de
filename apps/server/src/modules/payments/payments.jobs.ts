import fp from 'fastify-plugin';
import type { Config } from '../../platform/config.ts';
import { every } from '../../platform/jobs.ts';
import { reconcileOverdueDeposits } from './deposits.service.ts';
import { autoConfirmWithdrawals } from './payments.repository.ts';
import type { PaymentsWiring } from './payments.ts';
import { finishPayingWithdrawals } from './withdrawal-requests.service.ts';

/**
 * The payments module's jobs with jobs on, on every node: deposits whose webhook never came are
 * settled from the provider's status, withdrawals the player never confirmed count as received once
 * their time is up, and payouts a stopped node left `paying` are finished (at start too). Each claims
 * its rows with a conditional update, so any number of nodes do each once.
 */
export const paymentsJobs = fp<{ wiring: PaymentsWiring; config: Pick<Config, 'jobs'> }>(
  async (app, { wiring, config }) => {
    if (!config.jobs) return;
    const { deps, providers } = wiring;
    every(app, 'reconcile-deposits', 30_000, () => reconcileOverdueDeposits({ db: deps.db, providers }));
    every(app, 'auto-confirm-withdrawals', 60_000, () => autoConfirmWithdrawals(deps.db, new Date()));
    every(app, 'finish-paying-withdrawals', 60_000, () => finishPayingWithdrawals(deps), { atStart: true });
  },
  { name: 'payments-jobs' },
);
