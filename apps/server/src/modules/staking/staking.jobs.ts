import fp from 'fastify-plugin';
import type { Config } from '../../platform/config.ts';
import type { Database } from '../../platform/db.ts';
import { runConsumer } from '../wallet/ledger.feed.ts';
import { lossReturns } from './loss-returns.ts';

/**
 * The stake gate's work with jobs on: the loss limits' returns, kept from the ledger feed on every
 * node (the cursor lets one consume at a time). With jobs off (tests), `catchUp(db, lossReturns)`.
 */
export const stakingJobs = fp<{ database: Database; config: Pick<Config, 'jobs'> }>(
  async (app, { database, config }) => {
    if (config.jobs) runConsumer(app, database, lossReturns);
  },
  { name: 'staking-jobs' },
);
