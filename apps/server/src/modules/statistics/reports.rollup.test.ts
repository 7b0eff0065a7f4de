import { REPORT_MAX_DAYS } from '@platform/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database.ts';
import { type Database, type Db, queryRows } from '../../platform/db.ts';
import { seedDemoData } from '../../seed/seed.ts';
import { listMerchants } from '../merchants/merchants.repository.ts';
import { merchantDayJob, rollUpEndedDays } from './reports.jobs.ts';
import { dailyReport } from './reports.service.ts';

let database: Database;
let db: Db;
type M = { id: number; code: string; currency: string; timeZone: string };
let brazil: M;
let uemoa: M;
const merchants = { list: () => listMerchants(db) };

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await seedDemoData(db);
  const all = await listMerchants(db);
  const find = (code: string) => {
    const m = all.find((x) => x.code === code);
    if (!m) throw new Error(`no ${code}`);
    return m;
  };
  brazil = find('BRAZIL');
  uemoa = find('UEMOA');
});
afterAll(() => database.close());

/** The report as it was computed before the rollup: every member's rows of the span, summed per day. */
async function oldReport(merchant: M, from: string, to: string) {
  const rows = await queryRows<Record<string, string | number | null>>(
    db,
    sql`select to_char(day, 'YYYY-MM-DD') as day,
               coalesce(sum(deposits), 0) as deposits, coalesce(sum(withdrawals), 0) as withdrawals,
               coalesce(sum(bets), 0) as bets, coalesce(sum(valid_stake), 0) as valid_stake,
               coalesce(sum(payout), 0) as payout, coalesce(sum(bonuses), 0) as bonuses,
               count(distinct member_id) filter (where bets > 0) as active
          from daily_member_stats
         where merchant_id = ${merchant.id} and day between ${from}::date and ${to}::date
         group by grouping sets ((day), ())
         order by day nulls first`,
  );
  const figures = (r: Record<string, string | number | null> | undefined) => ({
    deposits: Number(r?.deposits ?? 0),
    withdrawals: Number(r?.withdrawals ?? 0),
    bets: Number(r?.bets ?? 0),
    validStake: Number(r?.valid_stake ?? 0),
    payout: Number(r?.payout ?? 0),
    bonuses: Number(r?.bonuses ?? 0),
    activePlayers: Number(r?.active ?? 0),
  });
  return {
    days: new Map(rows.filter((r) => r.day !== null).map((r) => [String(r.day), figures(r)])),
    totals: figures(rows.find((r) => r.day === null)),
  };
}

/** The new report equals the old computation, day by day and over the span. */
async function expectSameReport(merchant: M, from: string, to: string) {
  const report = await dailyReport(db, merchant, { merchant: merchant.code, from, to });
  const old = await oldReport(merchant, from, to);
  const pick = (f: typeof old.totals) => ({
    deposits: f.deposits,
    withdrawals: f.withdrawals,
    bets: f.bets,
    validStake: f.validStake,
    payout: f.payout,
    bonuses: f.bonuses,
    activePlayers: f.activePlayers,
  });
  const zero = { deposits: 0, withdrawals: 0, bets: 0, validStake: 0, payout: 0, bonuses: 0, activePlayers: 0 };
  for (const day of report.days) expect(pick(day), day.day).toEqual(old.days.get(day.day) ?? zero);
  expect(pick(report.totals)).toEqual(old.totals);
  return report;
}

/** One member's share of movements, as the statistics consumer adds it. */
interface StatLine {
  merchantId: number;
  memberId: number;
  at: Date;
  category: string;
  bets: number;
  stake: number;
  validStake: number;
  payout: number;
  deposits: number;
  withdrawals: number;
  bonuses: number;
  adjustments: number;
}

/**
 * Adds lines to the daily statistics as the consumer does: summed per member, local day and category
 * in one statement, added to the stored row (insert, or update of an existing one).
 */
async function addStatLines(db: Db, lines: StatLine[]): Promise<void> {
  const col = <K extends keyof StatLine>(k: K) =>
    JSON.stringify(lines.map((l) => (l[k] instanceof Date ? (l[k] as Date).toISOString() : l[k])));
  await db.execute(sql`
    insert into daily_member_stats as s
      (merchant_id, member_id, day, category, bets, stake, valid_stake, payout, deposits, withdrawals, bonuses, adjustments)
    select x.merchant_id, x.member_id, (x.at at time zone m.time_zone)::date, x.category,
           sum(x.bets), sum(x.stake), sum(x.valid), sum(x.payout), sum(x.deposits), sum(x.withdrawals), sum(x.bonuses), sum(x.adjustments)
      from unnest(
             array(select jsonb_array_elements_text(${col('merchantId')}::jsonb)::int),
             array(select jsonb_array_elements_text(${col('memberId')}::jsonb)::bigint),
             array(select jsonb_array_elements_text(${col('at')}::jsonb)::timestamptz),
             array(select jsonb_array_elements_text(${col('category')}::jsonb)),
             array(select jsonb_array_elements_text(${col('bets')}::jsonb)::int),
             array(select jsonb_array_elements_text(${col('stake')}::jsonb)::bigint),
             array(select jsonb_array_elements_text(${col('validStake')}::jsonb)::bigint),
             array(select jsonb_array_elements_text(${col('payout')}::jsonb)::bigint),
             array(select jsonb_array_elements_text(${col('deposits')}::jsonb)::bigint),
             array(select jsonb_array_elements_text(${col('withdrawals')}::jsonb)::bigint),
             array(select jsonb_array_elements_text(${col('bonuses')}::jsonb)::bigint),
             array(select jsonb_array_elements_text(${col('adjustments')}::jsonb)::bigint))
           as x(merchant_id, member_id, at, category, bets, stake, valid, payout, deposits, withdrawals, bonuses, adjustments)
      join merchants m on m.id = x.merchant_id
     group by 1, 2, 3, 4
    on conflict (merchant_id, member_id, day, category) do update set
      bets = s.bets + excluded.bets, stake = s.stake + excluded.stake, valid_stake = s.valid_stake + excluded.valid_stake,
      payout = s.payout + excluded.payout, deposits = s.deposits + excluded.deposits,
      withdrawals = s.withdrawals + excluded.withdrawals, bonuses = s.bonuses + excluded.bonuses,
      adjustments = s.adjustments + excluded.adjustments`);
}

/** A seeded random number generator (mulberry32), so a failure repeats. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Random lines of `count` members of a merchant at random instants in [start, end), written as the statistics consumer writes them. */
async function randomLines(merchant: M, rnd: () => number, start: Date, end: Date, count: number) {
  const lines: StatLine[] = [];
  for (let i = 0; i < count; i++) {
    const at = new Date(start.getTime() + Math.floor(rnd() * (end.getTime() - start.getTime())));
    const kind = Math.floor(rnd() * 5);
    const amount = 100 + Math.floor(rnd() * 100_000);
    lines.push({
      merchantId: merchant.id,
      memberId: 900_000 + Math.floor(rnd() * 25),
      at,
      category: kind < 2 ? (['SLOT', 'LIVE', 'LOTT'][Math.floor(rnd() * 3)] as string) : 'WALLET',
      bets: kind === 0 ? 1 + Math.floor(rnd() * 3) : 0,
      stake: kind === 0 ? amount : 0,
      validStake: kind === 0 ? amount - Math.floor(rnd() * 2) * 50 : 0,
      payout: kind === 1 ? amount : 0,
      deposits: kind === 2 ? amount : 0,
      withdrawals: kind === 3 ? amount : 0,
      bonuses: kind === 4 ? amount : 0,
      adjustments: 0,
    });
  }
  // As the consumer does: in batches, each batch one statement.
  for (let i = 0; i < lines.length; i += 50) await addStatLines(db, lines.slice(i, i + 50));
}

const HOUR = 3_600_000;

describe('the merchant-day rollup the reports read', () => {
  it('equals the per-member computation across a day boundary, with today read live, and a late change to a rolled day', async () => {
    const rnd = random(17);
    // São Paulo (UTC-3): 2031-05-01 00:00 local is 03:00 UTC.
    const first = new Date('2031-04-20T03:00:00Z');
    const clock = new Date('2031-05-01T02:30:00Z'); // 23:30 on April 30th, local.
    await randomLines(brazil, rnd, first, clock, 600);
    await randomLines(uemoa, rnd, first, clock, 200);

    // Before any rollup: everything live.
    await expectSameReport(brazil, '2031-04-15', '2031-05-02');

    // The job has not run before: its first run rolls up every day through the last ended one (April 29th).
    const outcomes = await rollUpEndedDays(db, merchants, clock);
    expect(outcomes.find((o) => o.period === '2031-04-29' && o.outcome === 'ran')).toBeTruthy();
    const rolled = async (m: M) =>
      (
        await queryRows<{ d: string }>(
          db,
          sql`select to_char(max(day), 'YYYY-MM-DD') as d from daily_merchant_stats where merchant_id = ${m.id}`,
        )
      )[0]?.d;
    expect(await rolled(brazil)).toBe('2031-04-29');
    expect(await rolled(uemoa)).toBe('2031-04-30'); // Abidjan (UTC) ended April 30th at 00:00 UTC.
    await expectSameReport(brazil, '2031-04-15', '2031-05-02');
    await expectSameReport(brazil, '2031-04-25', '2031-04-30');
    await expectSameReport(uemoa, '2031-04-15', '2031-05-02');

    // Across São Paulo's midnight: the last half hour of April 30th and the first hours of May 1st, live.
    await randomLines(brazil, rnd, clock, new Date(clock.getTime() + 4 * HOUR), 200);
    await expectSameReport(brazil, '2031-04-28', '2031-05-01');

    // Not yet: April 30th is rolled only once its grace after midnight has passed.
    const justAfter = new Date('2031-05-01T03:05:00Z');
    expect((await rollUpEndedDays(db, merchants, justAfter)).some((o) => o.period === '2031-04-30')).toBe(false);
    expect(await rolled(brazil)).toBe('2031-04-29');
    const later = new Date('2031-05-01T07:00:00Z');
    const second = await rollUpEndedDays(db, merchants, later);
    expect(second.find((o) => o.period === '2031-04-30')?.outcome).toBe('ran');
    expect(await rolled(brazil)).toBe('2031-04-30');
    await expectSameReport(brazil, '2031-04-15', '2031-05-01');
    // Each period once: a second run at the same time does nothing.
    expect((await rollUpEndedDays(db, merchants, later)).filter((o) => o.outcome === 'ran')).toEqual([]);

    // Late changes to rolled days (movements recorded after their day was rolled up): new members,
    // a member's first bet of a day in another category, more of an existing row.
    await randomLines(brazil, rnd, new Date('2031-04-22T03:00:00Z'), new Date('2031-05-01T03:00:00Z'), 300);
    await addStatLines(db, [
      {
        merchantId: brazil.id,
        memberId: 990_001,
        at: new Date('2031-04-25T12:00:00Z'),
        category: 'SLOT',
        bets: 1,
        stake: 700,
        validStake: 700,
        payout: 0,
        deposits: 0,
        withdrawals: 0,
        bonuses: 0,
        adjustments: 0,
      },
    ]);
    await expectSameReport(brazil, '2031-04-15', '2031-05-01');
    await expectSameReport(brazil, '2031-04-25', '2031-04-25');

    // A day before the first rolled day, changed late, is counted as well.
    await randomLines(brazil, rnd, new Date('2031-04-10T03:00:00Z'), new Date('2031-04-12T03:00:00Z'), 40);
    await expectSameReport(brazil, '2031-04-01', '2031-05-01');

    // The widest span the report allows.
    const from = new Date(Date.parse('2031-05-01') - (REPORT_MAX_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
    await expectSameReport(brazil, from, '2031-05-01');
  });

  it('names its periods per merchant and time zone', () => {
    expect(merchantDayJob(brazil)).toMatchObject({ name: 'statistics.merchant-day:BRAZIL', every: 'day', timeZone: brazil.timeZone });
  });
});
