import fp from 'fastify-plugin';
import type { Config } from '../../platform/config.ts';
import type { Db } from '../../platform/db.ts';
import { every, type PeriodJob, type RunOutcome, runDuePeriods } from '../../platform/jobs.ts';
import { type Merchant, merchantById } from '../merchants/merchants.service.ts';
import { dailyStatistics } from '../statistics/statistics.service.ts';
import { catchUp } from '../wallet/ledger.feed.ts';
import { statisticsFigures } from './bills.service.ts';
import { findSettlingMerchants } from './settlement.repository.ts';
import { completeUnpaid, type FiguresSource, settleDailySalary, settleDividends } from './settlement.service.ts';

/**
 * How long after a local midnight its day is settled: movements committed in the day's last moments
 * reach the daily statistics first (the spec pays daily salary the next day; public platforms run at 02:05).
 */
export const SETTLEMENT_GRACE_MS = 10 * 60_000;

/** Each day's daily-salary bills of a merchant, in its time zone: once per day on any number of nodes. */
export const dailySalaryJob = (merchant: Merchant, figures: FiguresSource = statisticsFigures): PeriodJob => ({
  name: `agents.daily-salary:${merchant.code}`,
  every: 'day',
  timeZone: merchant.timeZone,
  run: (tx, day) => settleDailySalary(tx, merchant, day, figures),
});

/** The dividend periods (D, W, H, M) that end with each day of a merchant: once per day on any number of nodes. */
export const dividendJob = (merchant: Merchant, figures: FiguresSource = statisticsFigures): PeriodJob => ({
  name: `agents.dividend:${merchant.code}`,
  every: 'day',
  timeZone: merchant.timeZone,
  run: (tx, day) => settleDividends(tx, merchant, day, figures),
});

/**
 * Settles every due day of every merchant with contracts as of `now` (a test clock in tests), the
 * statistics caught up first (waiting up to `catchUpMs` for transactions open on the server, else
 * nothing is settled and the next run tries again), then pays what uplines still owe as far as
 * their balances go.
 */
export async function settleDue(db: Db, now = new Date(), { catchUpMs = 10_000 } = {}): Promise<RunOutcome[]> {
  await catchUp(db, dailyStatistics, { timeoutMs: catchUpMs });
  const at = new Date(now.getTime() - SETTLEMENT_GRACE_MS);
  const outcomes: RunOutcome[] = [];
  for (const id of await findSettlingMerchants(db)) {
    const merchant = await merchantById(db, id);
    if (!merchant) continue;
    outcomes.push(...(await runDuePeriods(db, dailySalaryJob(merchant), at)));
    outcomes.push(...(await runDuePeriods(db, dividendJob(merchant), at)));
    await completeUnpaid(db, merchant);
  }
  return outcomes;
}

/** The settlement with jobs on, on every node: each minute, whatever is due (each period done once across nodes). */
export const agentsJobs = fp<{ db: Db; config: Pick<Config, 'jobs'> }>(
  async (app, { db, config }) => {
    if (!config.jobs) return;
    every(
      app,
      'agents-settlement',
      60_000,
      async () => {
        for (const o of await settleDue(db))
          if (o.outcome === 'failed') app.log.error({ period: o.period, error: o.error }, 'agent settlement failed');
      },
      { atStart: true },
    );
  },
  { name: 'agents-jobs' },
);
