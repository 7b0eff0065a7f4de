import fp from 'fastify-plugin';
import type { Config } from '../../platform/config.ts';
import { type Db, inTransaction } from '../../platform/db.ts';
import { every, type PeriodJob, type RunOutcome, runDuePeriods } from '../../platform/jobs.ts';
import { periodAt, previousPeriod } from '../../platform/periods.ts';
import { type Merchant, merchantById } from '../merchants/merchants.service.ts';
import { dailyStatistics } from '../statistics/statistics.service.ts';
import { catchUp } from '../wallet/ledger.feed.ts';
import { SETTLEMENT_GRACE_MS } from './settlement.jobs.ts';
import { findMerchantIds } from './team-overview.repository.ts';
import { rollupTeams } from './team-overview.service.ts';

/** Each closed day's team rollup of a merchant, in its time zone: once per day on any number of nodes. */
export const teamRollupJob = (merchant: Merchant): PeriodJob => ({
  name: `agents.team-rollup:${merchant.code}`,
  every: 'day',
  timeZone: merchant.timeZone,
  run: (tx, day) => rollupTeams(tx, merchant, day),
});

/** A merchant's due rollup days as of `now` (a test clock in tests), once the day's grace has passed (the settlement's). */
export function rollupMerchantDue(db: Db, merchant: Merchant, now = new Date()): Promise<RunOutcome[]> {
  return runDuePeriods(db, teamRollupJob(merchant), new Date(now.getTime() - SETTLEMENT_GRACE_MS));
}

/**
 * Between the daily runs: rolls again what a move un-rolled and what changed late on the last closed
 * day of a merchant (idempotent, under its rollup lock, so any node may run it). Answers rows written.
 */
export function repairMerchantRollup(db: Db, merchant: Merchant, now = new Date()): Promise<number> {
  const at = new Date(now.getTime() - SETTLEMENT_GRACE_MS);
  const last = previousPeriod('day', merchant.timeZone, periodAt('day', merchant.timeZone, at));
  return inTransaction(db, (tx) => rollupTeams(tx, merchant, last, { recheck: 1, now }));
}

/** Every merchant's due days, after the statistics have caught up (movements of a day's last moments reach them first). */
export async function rollupDue(db: Db, now = new Date(), { catchUpMs = 10_000 } = {}): Promise<RunOutcome[]> {
  await catchUp(db, dailyStatistics, { timeoutMs: catchUpMs });
  const outcomes: RunOutcome[] = [];
  for (const id of await findMerchantIds(db)) {
    const merchant = await merchantById(db, id);
    if (merchant) outcomes.push(...(await rollupMerchantDue(db, merchant, now)));
  }
  return outcomes;
}

/** Every merchant's repair, after the statistics have caught up. */
export async function repairRollups(db: Db, now = new Date(), { catchUpMs = 10_000 } = {}): Promise<number> {
  await catchUp(db, dailyStatistics, { timeoutMs: catchUpMs });
  let rows = 0;
  for (const id of await findMerchantIds(db)) {
    const merchant = await merchantById(db, id);
    if (merchant) rows += await repairMerchantRollup(db, merchant, now);
  }
  return rows;
}

/** With jobs on, on every node: each minute the due days (each once across nodes), each 10 minutes the repair. */
export const teamRollupJobs = fp<{ db: Db; config: Pick<Config, 'jobs'> }>(
  async (app, { db, config }) => {
    if (!config.jobs) return;
    every(
      app,
      'agents-team-rollup',
      60_000,
      async () => {
        for (const o of await rollupDue(db))
          if (o.outcome === 'failed') app.log.error({ period: o.period, error: o.error }, 'team rollup failed');
      },
      { atStart: true },
    );
    every(app, 'agents-team-rollup-repair', 600_000, () => repairRollups(db));
  },
  { name: 'agents-team-rollup-jobs' },
);
