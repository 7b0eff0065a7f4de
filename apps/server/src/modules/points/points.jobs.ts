import fp from 'fastify-plugin';
import type { Config } from '../../platform/config.ts';
import type { Database } from '../../platform/db.ts';
import { runConsumer } from '../wallet/ledger.feed.ts';
import { pointsConsumer } from './points.service.ts';

/**
 * Points earned from the ledger feed, on every node with jobs on (the feed's cursor lets one node
 * consume at a time). With jobs off (tests), the points calls catch the consumer up themselves.
 */
export const pointsJobs = fp<{ database: Database; config: Pick<Config, 'jobs'> }>(
  async (app, { database, config }) => {
    if (config.jobs) runConsumer(app, database, pointsConsumer);
  },
  { name: 'points-jobs' },
);
