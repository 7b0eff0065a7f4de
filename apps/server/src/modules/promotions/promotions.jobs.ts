import fp from 'fastify-plugin';
import type { Config } from '../../platform/config.ts';
import type { Database } from '../../platform/db.ts';
import { every } from '../../platform/jobs.ts';
import { runConsumer } from '../wallet/ledger.feed.ts';
import { runRebates } from './rebate.service.ts';
import { expireBonuses, wageringConsumer } from './wagering.service.ts';

/**
 * The promotions' work with jobs on, on every node: wagering progress kept from the ledger feed (the
 * cursor lets one node consume at a time) and, each minute, bonuses past their expiry sent back to the
 * house (each claimed by one conditional UPDATE, its money moved under a key); and each minute the
 * daily rebates' due days (a period job per rebate offer: each day paid once on any number of nodes).
 * With jobs off (tests), whoever needs them calls `catchUp(db, wageringConsumer)`,
 * `expireBonuses(db, clock)` and `runRebates(db, clock)`.
 */
export const promotionsJobs = fp<{ database: Database; config: Pick<Config, 'jobs'> }>(
  async (app, { database, config }) => {
    if (!config.jobs) return;
    runConsumer(app, database, wageringConsumer);
    every(app, 'bonus-expiry', 60_000, () => expireBonuses(database.db));
    every(
      app,
      'daily-rebates',
      60_000,
      async () => {
        for (const o of await runRebates(database.db))
          if (o.outcome === 'failed') app.log.error({ period: o.period, error: o.error }, 'daily rebate failed');
      },
      { atStart: true },
    );
  },
  { name: 'promotions-jobs' },
);
