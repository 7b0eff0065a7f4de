import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paidPeriods, payingJob } from '../../test/period-job-fixture.ts';
import { createTestDatabase, testEngine } from '../../test/test-database.ts';
import { insertMember } from '../modules/members/members.repository.ts';
import { listMerchants } from '../modules/merchants/merchants.repository.ts';
import { checkLedger } from '../modules/wallet/ledger.service.ts';
import { seedDemoData } from '../seed/seed.ts';
import { type Database, type Db, openDatabase, queryRows } from './db.ts';
import { runDuePeriods } from './jobs.ts';

let database: Database;
let db: Db;
let brazil: { id: number; currency: string };
let members = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await seedDemoData(db);
  const found = (await listMerchants(db)).find((m) => m.code === 'BRAZIL');
  if (!found) throw new Error('no BRAZIL');
  brazil = found;
});
afterAll(() => database.close());

async function newMember(): Promise<number> {
  return (await insertMember(db, { merchantId: brazil.id, account: `periodjob${members++}`, language: 'EN' })).id;
}

// Noon in São Paulo on these days.
const noon = (day: string) => new Date(`${day}T15:00:00Z`);

describe('period jobs', () => {
  it('runs each ended period once, and records the run', async () => {
    const member = await newMember();
    const job = await payingJob(db, brazil, member);
    expect(await runDuePeriods(db, job, noon('2026-11-20'))).toEqual([{ period: '2026-11-19', outcome: 'ran', rows: 1 }]);
    expect(await runDuePeriods(db, job, noon('2026-11-20'))).toEqual([]);
    expect(await paidPeriods(db, member)).toEqual(['2026-11-19']);
    const [run] = await queryRows<{ started_at: Date; finished_at: Date; rows: number; failures: number }>(
      db,
      sql`select started_at, finished_at, rows, failures from job_runs where job = ${job.name}`,
    );
    expect(run).toMatchObject({ rows: 1, failures: 0 });
    expect(run?.finished_at).toBeTruthy();
  });

  it('catches up the periods a stopped node missed, oldest first', async () => {
    const member = await newMember();
    const job = await payingJob(db, brazil, member);
    await runDuePeriods(db, job, noon('2026-11-20'));
    // Down for two days: the next start finds 20 and 21 November missed.
    const outcomes = await runDuePeriods(db, job, noon('2026-11-22'));
    expect(outcomes.map((o) => [o.period, o.outcome])).toEqual([
      ['2026-11-20', 'ran'],
      ['2026-11-21', 'ran'],
    ]);
    expect(await paidPeriods(db, member)).toEqual(['2026-11-19', '2026-11-20', '2026-11-21']);
  });

  it('records a failed run, pays nothing for it, and runs it again next time', async () => {
    const member = await newMember();
    const good = await payingJob(db, brazil, member);
    let fail = true;
    const flaky = {
      ...good,
      run: async (tx: Db, period: Parameters<typeof good.run>[1]) => {
        const rows = await good.run(tx, period);
        if (fail) throw new Error('provider down');
        return rows;
      },
    };
    expect((await runDuePeriods(db, flaky, noon('2026-11-20')))[0]).toMatchObject({ outcome: 'failed', error: 'provider down' });
    expect(await paidPeriods(db, member)).toEqual([]);
    fail = false;
    expect((await runDuePeriods(db, flaky, noon('2026-11-20')))[0]).toMatchObject({ outcome: 'ran' });
    expect(await paidPeriods(db, member)).toEqual(['2026-11-19']);
    const [run] = await queryRows<{ failures: number; error: string | null }>(
      db,
      sql`select failures, error from job_runs where job = ${good.name}`,
    );
    expect(run).toEqual({ failures: 1, error: null });
  });

  it.runIf(testEngine === 'postgres')('pays each period exactly once with three nodes at once, and when one dies mid-run', async () => {
    const url = (db as unknown as { $client: { options: { connectionString: string } } }).$client.options.connectionString;
    const member = await newMember();
    const job = await payingJob(db, brazil, member);
    await runDuePeriods(db, job, noon('2026-11-10'));

    // A node dies holding 10 November's run, its payment written but not committed.
    const dying = spawn(process.execPath, ['--import', 'tsx', resolve(import.meta.dirname, '../../test/period-job-process.ts')], {
      cwd: resolve(import.meta.dirname, '../../../..'),
      env: {
        ...process.env,
        DATABASE_URL: url,
        MEMBER_ID: String(member),
        MERCHANT_ID: String(brazil.id),
        CURRENCY: brazil.currency,
        NOW: noon('2026-11-11').toISOString(),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((ok, fail) => {
      dying.stdout?.on('data', (d) => String(d).includes('holding') && ok());
      dying.once('exit', (code) => fail(new Error(`the node exited (${code}) before holding the run`)));
    });
    // While it holds the run, the others leave that period alone.
    expect((await runDuePeriods(db, job, noon('2026-11-11')))[0]).toMatchObject({ period: '2026-11-10', outcome: 'busy' });
    const dead = new Promise((r) => dying.once('exit', r));
    dying.kill('SIGKILL');
    await dead;

    // Three nodes, each with its own pool, catch up at once, five days later.
    const nodes = [
      await openDatabase({ url, dataDir: '' }),
      await openDatabase({ url, dataDir: '' }),
      await openDatabase({ url, dataDir: '' }),
    ];
    try {
      const jobs = await Promise.all(nodes.map((n) => payingJob(n.db, brazil, member)));
      for (let round = 0; round < 3; round++)
        await Promise.all(nodes.map((n, i) => runDuePeriods(n.db, jobs[i] as typeof job, noon('2026-11-15'))));
    } finally {
      for (const n of nodes) await n.close();
    }
    expect(await paidPeriods(db, member)).toEqual(['2026-11-09', '2026-11-10', '2026-11-11', '2026-11-12', '2026-11-13', '2026-11-14']);
    expect((await checkLedger(db)).ok).toBe(true);
  });
});
