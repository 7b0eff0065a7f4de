import { sql } from 'drizzle-orm';
import { type Db, queryRows } from './db.ts';

/** The job's last finished period and its first unfinished one (a run that failed or was cut off). */
export async function runBounds(db: Db, job: string): Promise<{ latest?: string; pending?: string }> {
  const [row] = await queryRows<{ latest: string | null; pending: string | null }>(
    db,
    sql`select max(period) filter (where finished_at is not null) as latest, min(period) filter (where finished_at is null) as pending
          from job_runs where job = ${job}`,
  );
  return { latest: row?.latest ?? undefined, pending: row?.pending ?? undefined };
}

export async function ensureRun(db: Db, job: string, period: string): Promise<void> {
  await db.execute(sql`insert into job_runs (job, period) values (${job}, ${period}) on conflict do nothing`);
}

/**
 * Locks the period's row for this transaction: 'open' when it is this node's to run, 'done' when it
 * is finished, 'busy' when another node is running it now.
 */
export async function claimRun(db: Db, job: string, period: string): Promise<'open' | 'done' | 'busy'> {
  const [row] = await queryRows<{ finished: boolean }>(
    db,
    sql`select finished_at is not null as finished from job_runs where job = ${job} and period = ${period} for update skip locked`,
  );
  if (!row) return 'busy';
  return row.finished ? 'done' : 'open';
}

export async function finishRun(db: Db, job: string, period: string, startedAt: Date, rows: number): Promise<void> {
  await db.execute(sql`
    update job_runs set started_at = ${startedAt.toISOString()}::timestamptz, finished_at = now(), rows = ${rows}, error = null
     where job = ${job} and period = ${period}`);
}

export async function failRun(db: Db, job: string, period: string, error: string): Promise<void> {
  await db.execute(sql`
    update job_runs set failures = failures + 1, error = ${error.slice(0, 2000)}
     where job = ${job} and period = ${period} and finished_at is null`);
}
