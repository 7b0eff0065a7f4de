import fp from 'fastify-plugin';
import type { Config } from '../../platform/config.ts';
import type { Database } from '../../platform/db.ts';
import { runConsumer } from '../wallet/ledger.feed.ts';
import { dailyStatistics } from './statistics.service.ts';

/**
 * The statistics module's work with jobs on: the daily statistics kept from the ledger feed, on every
 * node (the feed's cursor lets one node consume at a time). With jobs off (tests), whoever needs
 * current statistics calls `catchUp(db, dailyStatistics)`.
 */
export const statisticsJobs = fp<{ database: Database; config: Pick<Config, 'jobs'> }>(
  async (app, { database, config }) => {
    if (config.jobs) runConsumer(app, database, dailyStatistics);
  },
  { name: 'statistics-jobs' },
);
