import fp from 'fastify-plugin';
import type { Config } from '../../platform/config.ts';
import type { Db } from '../../platform/db.ts';
import { every, type PeriodJob, type RunOutcome, runDuePeriods } from '../../platform/jobs.ts';
import { catchUp } from '../wallet/ledger.feed.ts';
import { rollUpMerchantDays } from './reports.repository.ts';
import { dailyStatistics } from './statistics.service.ts';

/** How long after a local midnight its day is rolled up (movements of its last moments reach the statistics first). */
export const ROLLUP_GRACE_MS = 10 * 60_000;

/**
 * Each ended local day of a merchant rolled up into its per-day figures, once on any number of nodes.
 * A day the job did not run for (a node down, the job new) is rolled up with the next one.
 */
export const merchantDayJob = (merchant: { id: number; code: string; timeZone: string }): PeriodJob => ({
  name: `statistics.merchant-day:${merchant.code}`,
  every: 'day',
  timeZone: merchant.timeZone,
  run: (tx, day) => rollUpMerchantDays(tx, merchant.id, day.key),
});

/** Where the merchants are read (the merchant directory). */
export interface Merchants {
  list(): Promise<readonly { id: number; code: string; timeZone: string }[]>;
}

/**
 * Rolls up every merchant's due days as of `now` (a test clock in tests), the daily statistics caught up
 * first (waiting up to `catchUpMs` for transactions open on the server, else nothing is rolled up and the
 * next run tries again): a day is rolled once every movement of it has reached the statistics.
 */
export async function rollUpDue(db: Db, merchants: Merchants, now = new Date(), { catchUpMs = 10_000 } = {}): Promise<RunOutcome[]> {
  await catchUp(db, dailyStatistics, { timeoutMs: catchUpMs });
  return rollUpEndedDays(db, merchants, now);
}

/** Rolls up every merchant's days ended (with their grace) as of `now`, each once, as the statistics stand. */
export async function rollUpEndedDays(db: Db, merchants: Merchants, now: Date): Promise<RunOutcome[]> {
  const at = new Date(now.getTime() - ROLLUP_GRACE_MS);
  const outcomes: RunOutcome[] = [];
  for (const merchant of await merchants.list()) outcomes.push(...(await runDuePeriods(db, merchantDayJob(merchant), at)));
  return outcomes;
}

/** The rollup with jobs on, on every node: each minute, whatever day is due (each done once across nodes). */
export const reportsJobs = fp<{ db: Db; directory: Merchants; config: Pick<Config, 'jobs'> }>(
  async (app, { db, directory, config }) => {
    if (config.jobs) every(app, 'statistics-merchant-days', 60_000, () => rollUpDue(db, directory), { atStart: true });
  },
  { name: 'reports-jobs' },
);
