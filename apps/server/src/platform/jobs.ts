import type { FastifyInstance } from 'fastify';
import { type Db, inTransaction } from './db.ts';
import { claimRun, ensureRun, failRun, finishRun, runBounds } from './jobs.repository.ts';
import { type Every, endedPeriods, type Period } from './periods.ts';

/**
 * Runs `work` every `ms` on this node while the app is up, never two runs of one job at once. Jobs
 * must be safe on any number of nodes: each claims its rows with one conditional UPDATE (or a ledger
 * idempotency key), so a row is taken by exactly one node and a repeat changes nothing.
 *
 * With `atStart`, the first run starts as soon as the app is ready (recovery of what a stopped node
 * left half done) instead of one period later. Closing the app waits for a run under way, so a job
 * that moves money is never cut off by a graceful stop.
 */
export function every(
  app: FastifyInstance,
  name: string,
  ms: number,
  work: () => Promise<unknown>,
  opts: { atStart?: boolean } = {},
): void {
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  const run = () => {
    if (running || closed) return;
    running = work()
      .then(
        () => undefined,
        (err) => app.log.error({ err, job: name }, 'job failed'),
      )
      .finally(() => {
        running = undefined;
      });
  };
  app.addHook('onReady', async () => {
    timer = setInterval(run, ms);
    timer.unref();
    if (opts.atStart) run();
  });
  app.addHook('onClose', async () => {
    closed = true;
    clearInterval(timer);
    await running;
  });
}

/**
 * A job that runs once per period (an hour, a day, a week or a month of its time zone) after the
 * period has ended: settlements, rebates, mission resets, leaderboard payouts. Its work runs in one
 * database transaction with the period's row in job_runs, which it marks done: the period is done
 * exactly once on any number of nodes, and a node killed mid-run leaves it to be done again.
 */
export interface PeriodJob {
  /** Unique and stable: with the period's key, it names the run. */
  name: string;
  every: Every;
  timeZone: string;
  /** How many ended periods a node looks back over to catch up after downtime (default 31). */
  catchUp?: number;
  /** Does the period's work with `tx`; answers what it did (rows written, members paid). */
  run(tx: Db, period: Period): Promise<number>;
}

export type RunOutcome = { period: string; outcome: 'ran' | 'done' | 'busy' | 'failed'; rows?: number; error?: string };

/**
 * Runs every ended period of the job not yet done, oldest first, as of `now` (a test clock in tests):
 * those after its last finished period, up to `catchUp` of them. A job seen for the first time starts
 * with the last ended period. Stops at a period another node is running or one that failed, so
 * periods are done in order.
 */
export async function runDuePeriods(db: Db, job: PeriodJob, now = new Date()): Promise<RunOutcome[]> {
  const ended = endedPeriods(job.every, job.timeZone, now, job.catchUp ?? 31);
  const { latest, pending } = await runBounds(db, job.name);
  // Keys sort in time order: due is what follows the last finished period, from any unfinished one.
  const due =
    latest === undefined && pending === undefined
      ? ended.slice(-1)
      : ended.filter((p) => (pending !== undefined && p.key >= pending) || (latest !== undefined && p.key > latest));
  const outcomes: RunOutcome[] = [];
  for (const period of due) {
    const outcome = await runPeriod(db, job, period);
    outcomes.push(outcome);
    if (outcome.outcome === 'busy' || outcome.outcome === 'failed') break;
  }
  return outcomes;
}

async function runPeriod(db: Db, job: PeriodJob, period: Period): Promise<RunOutcome> {
  await ensureRun(db, job.name, period.key);
  const startedAt = new Date();
  try {
    return await inTransaction(db, async (tx) => {
      const state = await claimRun(tx, job.name, period.key);
      if (state !== 'open') return { period: period.key, outcome: state };
      const rows = await job.run(tx, period);
      await finishRun(tx, job.name, period.key, startedAt, rows);
      return { period: period.key, outcome: 'ran', rows };
    });
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    await failRun(db, job.name, period.key, error);
    return { period: period.key, outcome: 'failed', error };
  }
}

/** Checks the period jobs every `checkMs` on this node (and at start), running whatever is due. */
export function schedulePeriodJobs(app: FastifyInstance, db: Db, jobs: PeriodJob[], { checkMs = 60_000 } = {}): void {
  for (const job of jobs) {
    every(
      app,
      `period:${job.name}`,
      checkMs,
      async () => {
        for (const o of await runDuePeriods(db, job))
          if (o.outcome === 'failed') app.log.error({ job: job.name, period: o.period, error: o.error }, 'period job failed');
      },
      { atStart: true },
    );
  }
}
