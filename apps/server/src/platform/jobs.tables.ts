import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per period job and period: the period is done once `finished_at` is set, in the same
 * database transaction as the job's work, so a period is done exactly once on any number of nodes.
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    job: text('job').notNull(),
    /** The period's key: 2026-11-25 (day), 2026-W48 (week), 2026-11 (month), 2026-11-25T14 (hour). */
    period: text('period').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** What the run reported it did (rows written, members paid). */
    rows: integer('rows'),
    /** Failed attempts so far, and the last one's error. */
    failures: integer('failures').notNull().default(0),
    error: text('error'),
  },
  (t) => [primaryKey({ columns: [t.job, t.period] })],
);
