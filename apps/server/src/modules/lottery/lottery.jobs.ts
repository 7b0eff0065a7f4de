import fp from 'fastify-plugin';
import type { Config } from '../../platform/config.ts';
import type { Db } from '../../platform/db.ts';
import { every } from '../../platform/jobs.ts';
import type { MerchantDirectory } from '../merchants/merchants.service.ts';
import { settleDue } from './lottery.bets.ts';
import { lotteryTick } from './lottery.service.ts';

/**
 * The lottery's clock with jobs on, on every node: each second the issues due are created and drawn
 * (`lotteryTick`) and the drawn ones settled (`settleDue`). Both claim their rows with conditional
 * updates, so any number of nodes draw and pay each issue once. With jobs off (tests) whoever needs
 * issues to move calls those two with a test clock.
 */
export const lotteryJobs = fp<{ db: Db; directory: MerchantDirectory; config: Pick<Config, 'jobs'> }>(
  async (app, { db, directory, config }) => {
    if (!config.jobs) return;
    every(app, 'lottery-clock', 1_000, () => lotteryTick(db));
    every(app, 'lottery-settlement', 1_000, () => settleDue(db, directory));
  },
  { name: 'lottery-jobs' },
);
