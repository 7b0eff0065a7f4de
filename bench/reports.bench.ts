// The back office's daily report (GET /admin/v1/reports/daily, decisions 0027 and 0042) on PostgreSQL
// over 10 million ledger movements: spans of 7, 30 and 90 days ending today, drawn per request,
// beside the same server's cheapest operator read (GET /admin/v1/auth/me with the same API key).
import { randomBytes } from 'node:crypto';
import { reportPaths } from '@platform/contract';
import { sql } from 'drizzle-orm';
import { merchantByCode } from '../apps/server/src/modules/merchants/merchants.service.ts';
import { insertApiKey, insertOperator } from '../apps/server/src/modules/operators/operators.repository.ts';
import { merchantDayJob, ROLLUP_GRACE_MS } from '../apps/server/src/modules/statistics/reports.jobs.ts';
import { type Db, queryRows } from '../apps/server/src/platform/db.ts';
import { sha256Hex } from '../apps/server/src/platform/digest.ts';
import { runDuePeriods } from '../apps/server/src/platform/jobs.ts';
import { forkServer, stopServer } from '../scripts/lib.mjs';
import type { Comparison } from './figure.ts';
import { freshDatabase } from './fresh-database.ts';
import { alternate, assertRunning, httpLoad } from './harness.mjs';

export const reportMovements = 10_000_000;
/** Members who play, movements per session (a member's day), days of history. */
const members = 50_000;
const perSession = 25;
const days = 120;
/** Movements per statement: short transactions, so the ledger feed's horizon (server-wide) is held seconds at most. */
const CHUNK = 25_000;

/**
 * Bench data only, straight in SQL (the services would take hours): sessions of 25 movements (a
 * deposit, bets and wins in one game category, then a withdrawal, a bonus or a last bet) of 50,000
 * members of BRAZIL over 120 days, each movement a transaction with the member's and the house's
 * entries; the daily statistics the feed would keep, computed from the same movements in one
 * statement per chunk; the days before today rolled up by the rollup job itself.
 */
async function seedMovements(db: Db, merchantId: number): Promise<void> {
  const started = performance.now();
  await db.execute(sql`set synchronous_commit = off`);
  await db.execute(sql`
    insert into members (merchant_id, account, created_at)
    select ${merchantId}::int, 'rp' || i, now() - interval '200 days' from generate_series(0, ${members - 1}::int) i`);
  await db.execute(sql`
    insert into ledger_accounts (merchant_id, member_id, kind, currency)
    select m.merchant_id, m.id, 'main', mc.currency from members m join merchants mc on mc.id = m.merchant_id where m.merchant_id = ${merchantId}::int and m.account like 'rp%' order by m.id`);
  const [range] = await queryRows<{ first: string; n: string; house: string }>(
    db,
    sql`select min(a.id) as first, count(*) as n,
               (select min(id) from ledger_accounts where merchant_id = ${merchantId}::int and house = 1) as house
          from ledger_accounts a join members m on m.id = a.member_id where m.account like 'rp%'`,
  );
  if (!range || Number(range.n) !== members || !range.house) throw new Error('bench accounts not made');
  const first = Number(range.first);
  // Each movement i: its session s = i / 25, the session's member, day and category; its type by its
  // place in the session; its amount signed for the member (a stake or a withdrawal negative).
  const movements = (from: number, to: number) => sql`
    select i, account, category, type, amount * (case when type in ('bet', 'withdrawal') then -1 else 1 end) as signed,
           date_trunc('day', now()) - make_interval(days => day_back::int) + make_interval(secs => ((i % ${perSession}) * 60 + (s % 600) * 60)::int) as at
      from (select i, s, ${first}::bigint + (s * 7919) % ${members} as account,
                   (s * 104729) % ${days} as day_back, (array['SLOT','LIVE','SPORT','LOTT','FISH'])[(1 + s % 5)::int] as category,
                   case when i % ${perSession} = 0 then 'deposit'
                        when i % ${perSession} = ${perSession - 1} then (case when s % 4 = 0 then 'withdrawal' when s % 7 = 0 then 'bonus' else 'bet' end)
                        when (i * 2654435761) % 3 = 0 then 'win' else 'bet' end as type,
                   100 + (i * 48271) % 20000 as amount
              from (select i, i / ${perSession} as s from generate_series(${from}::bigint, ${to}::bigint) i) g) x`;
  for (let from = 0; from < reportMovements; from += CHUNK) {
    const to = Math.min(from + CHUNK, reportMovements) - 1;
    await db.execute(sql`
      with m as (${movements(from, to)}),
      t as (
        insert into ledger_transactions (merchant_id, type, idempotency_key, reference, created_at)
        select ${merchantId}::int, type, 'rp' || i, case when type in ('bet', 'win') then jsonb_build_object('category', category) else '{}'::jsonb end, at
          from m
        returning id, idempotency_key)
      insert into ledger_entries (transaction_id, account_id, amount, balance_after)
      select t.id, e.account, e.amount, 0
        from t join m on 'rp' || m.i = t.idempotency_key
        cross join lateral (values (m.account, m.signed), (${Number(range.house)}::bigint, -m.signed)) e(account, amount)`);
    // What the statistics consumer keeps of them (statistics.service.ts: the measures of each type).
    await db.execute(sql`
      insert into daily_member_stats as d
        (merchant_id, member_id, day, category, bets, stake, valid_stake, payout, deposits, withdrawals, bonuses, adjustments)
      select ${merchantId}::int, a.member_id, (m.at at time zone mc.time_zone)::date,
             case when m.type in ('bet', 'win') then m.category else 'WALLET' end,
             count(*) filter (where m.type = 'bet'), coalesce(sum(-m.signed) filter (where m.type = 'bet'), 0),
             coalesce(sum(-m.signed) filter (where m.type = 'bet'), 0), coalesce(sum(m.signed) filter (where m.type = 'win'), 0),
             coalesce(sum(m.signed) filter (where m.type = 'deposit'), 0), coalesce(sum(-m.signed) filter (where m.type = 'withdrawal'), 0),
             coalesce(sum(m.signed) filter (where m.type = 'bonus'), 0), 0
        from (${movements(from, to)}) m
        join ledger_accounts a on a.id = m.account
        join merchants mc on mc.id = ${merchantId}::int
       group by 2, 3, 4
      on conflict (merchant_id, member_id, day, category) do update set
        bets = d.bets + excluded.bets, stake = d.stake + excluded.stake, valid_stake = d.valid_stake + excluded.valid_stake,
        payout = d.payout + excluded.payout, deposits = d.deposits + excluded.deposits,
        withdrawals = d.withdrawals + excluded.withdrawals, bonuses = d.bonuses + excluded.bonuses`);
    if ((to + 1) % 1_000_000 === 0)
      console.log(`  reports: ${(to + 1).toLocaleString('en')} movements (${Math.round(performance.now() - started)} ms)`);
  }
  await db.execute(sql`vacuum analyze daily_member_stats`);
  await db.execute(sql`analyze ledger_transactions`);
  await db.execute(sql`analyze ledger_entries`);
  console.log(`  reports: seeded in ${Math.round(performance.now() - started)} ms`);
}

/** Builds the data, rolls up the days before today, and starts a server (jobs off) on the database. */
async function prepare() {
  const fresh = await freshDatabase('bench_reports');
  if (!fresh) throw new Error('no PostgreSQL server for the reports figure');
  const db = fresh.database.db;
  const brazil = await merchantByCode(db, 'BRAZIL');
  if (!brazil) throw new Error('no BRAZIL');
  await seedMovements(db, brazil.id);
  // The rollup job as it runs on a server: each ended day once (its first run rolls up all history).
  const rolled = performance.now();
  const job = merchantDayJob(brazil);
  await db.execute(sql`delete from job_runs where job = ${job.name}`);
  const outcomes = await runDuePeriods(db, job, new Date(Date.now() - ROLLUP_GRACE_MS));
  console.log(`  reports: rollup ${JSON.stringify(outcomes)} in ${Math.round(performance.now() - rolled)} ms`);
  await db.execute(sql`analyze daily_merchant_stats`);
  await db.execute(sql`analyze daily_merchant_bettors`);
  const op = await insertOperator(db, {
    account: `bench-reports-${randomBytes(3).toString('hex')}`,
    name: 'bench',
    role: 'finance',
    allMerchants: true,
    merchantIds: [],
    passwordHash: 'not-a-hash',
    mustChangePassword: false,
    totpSecret: 'JBSWY3DPEHPK3PXP',
    totpEnabledAt: new Date(),
  });
  if (!op) throw new Error('bench operator not created');
  const key = `opk_${randomBytes(32).toString('base64url')}`;
  await insertApiKey(db, { operatorId: op.id, name: 'bench', prefix: key.slice(0, 10), keyHash: sha256Hex(key) });
  const server = await forkServer({ HOST: '127.0.0.1', DATABASE_URL: fresh.url, LOG_LEVEL: 'warn', JOBS: '0' });
  return { fresh, server, key };
}

const dayBefore = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
/** A report of the last 7, 30 or 90 days (today included, São Paulo's today read live). */
const reportPath = (span: number) => `${reportPaths.daily}?merchant=BRAZIL&from=${dayBefore(span - 1)}&to=${dayBefore(0)}`;

export async function reportsFigure({
  seconds,
  rounds,
  connections,
  onRound,
}: {
  seconds: number;
  rounds: number;
  connections: number;
  onRound?: (...a: unknown[]) => void;
}): Promise<Comparison & { spans: Record<string, number> }> {
  const { fresh, server, key } = await prepare();
  try {
    const base = server.url;
    const headers = { authorization: `Bearer ${key}` };
    const mix = {
      seconds,
      connections,
      headers,
      requests: [
        { setupRequest: (req: { path: string }) => ({ ...req, path: reportPath([7, 30, 90][Math.floor(Math.random() * 3)] ?? 7) }) },
      ],
    };
    const me = `${base}/admin/v1/auth/me`;
    await httpLoad(`${base}${reportPath(7)}`, { ...mix, seconds: 2 });
    await httpLoad(me, { seconds: 2, connections, headers });
    const result = await alternate({
      rounds,
      figure: () => {
        assertRunning(server);
        return httpLoad(`${base}${reportPath(7)}`, mix);
      },
      reference: () => httpLoad(me, { seconds, connections, headers }),
      onRound,
    });
    // Each span alone, once: its p99.
    const spans: Record<string, number> = {};
    for (const span of [7, 30, 90])
      spans[`${span}d`] = (await httpLoad(`${base}${reportPath(span)}`, { seconds, connections, headers })).p99;
    return { ...result, spans };
  } finally {
    await stopServer(server);
    await fresh.drop();
  }
}
