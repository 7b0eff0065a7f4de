// The daily-salary settlement of one merchant day (decision 0028) over an agent tree of 100,000
// members (5,110 agents on four levels, each under a contract, and 94,890 players) whose players
// placed about 5,000,000 bets that day, on PostgreSQL: the period job as it runs in production
// (bills, commission lines, payments from the top of each line down through the ledger, statuses).
import { sql } from 'drizzle-orm';
import { settleDue } from '../apps/server/src/modules/agents/settlement.jobs.ts';
import { merchantByCode } from '../apps/server/src/modules/merchants/merchants.service.ts';
import { checkLedger } from '../apps/server/src/modules/wallet/ledger.service.ts';
import { type Db, queryRows } from '../apps/server/src/platform/db.ts';
import { periodAt } from '../apps/server/src/platform/periods.ts';
import { freshDatabase } from './fresh-database.ts';

const levels = [
  { prefix: 'stl1_', count: 10, ratioBp: 200 },
  { prefix: 'stl2_', count: 100, ratioBp: 150 },
  { prefix: 'stl3_', count: 1_000, ratioBp: 100 },
  { prefix: 'stl4_', count: 4_000, ratioBp: 60 },
];
export const settlementMembers = 100_000;
const players = settlementMembers - levels.reduce((s, l) => s + l.count, 0);
/** Bets per player and day: 53 × 94,890 ≈ 5.03 million. */
const betsPerPlayer = 53;

/** Bench data only: the tree and the contracts straight in SQL (the services would take hours); the closure is the trigger's. */
async function buildTree(db: Db, merchantId: number): Promise<void> {
  let parent: { prefix: string; count: number } | undefined;
  for (const level of [...levels, { prefix: 'stp_', count: players, ratioBp: 0 }]) {
    const type = level.ratioBp > 0 ? 1 : 0;
    if (!parent) {
      await db.execute(sql`
        insert into members (merchant_id, account, type)
        select ${merchantId}::int, ${level.prefix} || i, ${type}::smallint from generate_series(0, ${level.count - 1}::int) i`);
    } else {
      await db.execute(sql`
        insert into members (merchant_id, account, type, upline_id)
        select ${merchantId}::int, ${level.prefix} || i, ${type}::smallint, p.id
          from generate_series(0, ${level.count - 1}::int) i
          join members p on p.merchant_id = ${merchantId}::int and lower(p.account) = ${parent.prefix} || (i % ${parent.count}::int)`);
    }
    parent = level;
  }
  for (const level of levels) {
    await db.execute(sql`
      insert into agent_contracts (merchant_id, kind, upline_id, member_id, status, terms, top_ratio_bp, offered_at, signed_at)
      select ${merchantId}::int, 'daily', m.upline_id, m.id, 'active',
             jsonb_build_object('kind', 'daily', 'tiers', jsonb_build_array(
               jsonb_build_object('turnover', 1000, 'activeMembers', 1, 'ratioBp', ${level.ratioBp / 2}::int),
               jsonb_build_object('turnover', 100000, 'activeMembers', 10, 'ratioBp', ${level.ratioBp}::int))),
             ${level.ratioBp}::int, now() - interval '2 days', now() - interval '2 days'
        from members m where m.merchant_id = ${merchantId}::int and m.account like ${`${level.prefix}%`}`);
  }
  await db.execute(sql`analyze members`);
  await db.execute(sql`analyze member_tree`);
}

/** A day's statistics as the ledger feed's consumer leaves them: each player's bets, stakes and payouts of the day. */
async function addDay(db: Db, merchantId: number, day: string): Promise<void> {
  await db.execute(sql`
    insert into daily_member_stats (merchant_id, member_id, day, category, bets, stake, valid_stake, payout)
    select ${merchantId}::int, id, ${day}::date, 'SLOT', ${betsPerPlayer}::int, s, s, s * (80 + id % 30) / 100
      from (select id, (1000 + (id * 7919) % 20000)::bigint * 100 as s from members
             where merchant_id = ${merchantId}::int and account like 'stp_%') x`);
  await db.execute(sql`analyze daily_member_stats`);
}

/** Settles `rounds` days one after the other, each timed alone; undefined without a PostgreSQL server. */
export async function agentSettlement(rounds: number) {
  const fresh = await freshDatabase('bench_settle');
  if (!fresh) return undefined;
  try {
    const db = fresh.database.db;
    const merchant = await merchantByCode(db, 'BRAZIL');
    if (!merchant) throw new Error('BRAZIL missing');
    const built = performance.now();
    await buildTree(db, merchant.id);
    console.log(
      `  agent-settlement: ${settlementMembers.toLocaleString('en')} members and their contracts in ${Math.round(performance.now() - built)} ms`,
    );
    const seconds: number[] = [];
    let bills = 0;
    let lines = 0;
    for (let r = 0; r < rounds; r++) {
      const day = periodAt('day', merchant.timeZone, new Date(Date.now() + (2 + r) * 86_400_000));
      await addDay(db, merchant.id, day.key);
      const started = performance.now();
      await settleDue(db, new Date(day.end.getTime() + 15 * 60_000));
      seconds.push((performance.now() - started) / 1000);
      const [row] = await queryRows<{ bills: string; lines: string; unpaid: string }>(
        db,
        sql`select count(*) as bills, (select count(*) from agent_commission_lines l join agent_bills b on b.id = l.bill_id where b.period = ${day.key}) as lines
              from agent_bills where period = ${day.key} and merchant_id = ${merchant.id}`,
      );
      bills = Number(row?.bills);
      lines = Number(row?.lines);
      console.log(`  agent-settlement round ${r + 1}: ${seconds.at(-1)?.toFixed(1)} s, ${bills} bills, ${lines} commission lines`);
    }
    const invariantsOk = (await checkLedger(db)).ok;
    return { seconds, bills, lines, bets: players * betsPerPlayer, members: settlementMembers, invariantsOk };
  } finally {
    await fresh.drop();
  }
}
