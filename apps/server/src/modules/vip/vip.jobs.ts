import fp from 'fastify-plugin';
import type { Config } from '../../platform/config.ts';
import type { Database } from '../../platform/db.ts';
import { every } from '../../platform/jobs.ts';
import { runVipLevels } from './vip.service.ts';

/**
 * VIP levels with jobs on: each minute, every merchant's ended hours not yet done (a period job per
 * merchant: each hour done once across nodes) raise the members who played that day, after the
 * statistics caught up. With jobs off (tests), call `runVipLevels(db, clock)`.
 */
export const vipJobs = fp<{ database: Database; config: Pick<Config, 'jobs'> }>(
  async (app, { database, config }) => {
    if (!config.jobs) return;
    every(
      app,
      'vip-levels',
      60_000,
      async () => {
        for (const o of await runVipLevels(database.db))
          if (o.outcome === 'failed') app.log.error({ period: o.period, error: o.error }, 'VIP levels failed');
      },
      { atStart: true },
    );
  },
  { name: 'vip-jobs' },
);
