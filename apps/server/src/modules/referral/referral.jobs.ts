import fp from 'fastify-plugin';
import type { Config } from '../../platform/config.ts';
import type { Database } from '../../platform/db.ts';
import { every } from '../../platform/jobs.ts';
import { runReferralRewards } from './referral.service.ts';

/**
 * Referral rewards with jobs on: each minute, after the statistics caught up, the friends whose
 * deposits qualify pay their referrer (each friend taken by one conditional UPDATE: once on any
 * number of nodes). With jobs off (tests), call `runReferralRewards(db)`.
 */
export const referralJobs = fp<{ database: Database; config: Pick<Config, 'jobs'> }>(
  async (app, { database, config }) => {
    if (config.jobs) every(app, 'referral-rewards', 60_000, () => runReferralRewards(database.db), { atStart: true });
  },
  { name: 'referral-jobs' },
);
