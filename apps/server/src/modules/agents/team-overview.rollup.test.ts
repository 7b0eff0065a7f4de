import type { TeamOverview, TeamOverviewQuery } from '@platform/contract';
import { toAmount } from '@platform/contract';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database.ts';
import { type Database, type Db, queryRows } from '../../platform/db.ts';
import { periodAt } from '../../platform/periods.ts';
import { presetRange } from '../../platform/time.ts';
import { seedDemoData } from '../../seed/seed.ts';
import { type MemberRow, memberByAccount } from '../members/members.service.ts';
import { insertMerchant } from '../merchants/merchants.repository.ts';
import { type Merchant, merchantByCode } from '../merchants/merchants.service.ts';
import { groupDailyTotals } from '../statistics/statistics.service.ts';
import { countTeam, findNewMembersByDay, teamIdsOf } from './agents.repository.ts';
import { repairMerchantRollup, rollupMerchantDue } from './team-overview.jobs.ts';
import { teamOverview } from './team-overview.service.ts';

// The rolled-up team overview against the computation it replaces (decision 0029's, kept here as the
// reference: the team's statistics rows summed through the closure on each request), for random
// trees, statistics and joins over random days, across a day boundary on a test clock, with the
// rollup run twice, a member moved to another upline and a closed day's statistics changed late.

let database: Database;
let db: Db;
let base: Merchant;
let run = 0;
const DAY = 86_400_000;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await seedDemoData(db, new Date());
  base = (await merchantByCode(db, 'BRAZIL')) as Merchant;
});
afterAll(() => database.close());

/** The overview as decision 0029 computed it, from the daily statistics and the members' join times. */
async function referenceOverview(merchant: Merchant, agent: MemberRow, q: TeamOverviewQuery, now: Date): Promise<TeamOverview> {
  const { from, to } = presetRange(q.period, merchant.timeZone, { from: q.from, to: q.to }, now);
  const fromDay = periodAt('day', merchant.timeZone, from).key;
  const toDay = periodAt('day', merchant.timeZone, new Date(to.getTime() - 1)).key;
  const counts = await countTeam(db, agent.id);
  const totals = await groupDailyTotals(db, merchant.id, teamIdsOf(agent.id), fromDay, toDay);
  const joined = await findNewMembersByDay(db, agent.id, from, to, merchant.timeZone);
  const money = (minor: number) => toAmount(minor, merchant.currency);
  type T = (typeof totals)[number];
  const figures = (t: T | undefined, newMembers: number) => ({
    newMembers,
    activeMembers: t?.active ?? 0,
    depositors: t?.depositors ?? 0,
    deposits: money(t?.deposits ?? 0),
    withdrawals: money(t?.withdrawals ?? 0),
    bets: money(t?.validStake ?? 0),
    payouts: money(t?.payout ?? 0),
    bonuses: money(t?.bonuses ?? 0),
    profit: money((t?.payout ?? 0) + (t?.bonuses ?? 0) - (t?.validStake ?? 0)),
  });
  const byDay = new Map(totals.filter((t) => t.day !== null).map((t) => [t.day as string, t]));
  const days = [...new Set([...byDay.keys(), ...joined.keys()])].sort();
  return {
    teamSize: counts.team,
    directCount: counts.direct,
    total: figures(
      totals.find((t) => t.day === null),
      [...joined.values()].reduce((a, b) => a + b, 0),
    ),
    days: days.map((day) => ({ day, ...figures(byDay.get(day), joined.get(day) ?? 0) })),
  };
}

const queries: TeamOverviewQuery[] = [
  { period: 'today', pageNo: 1, pageSize: 10 } as TeamOverviewQuery,
  { period: 'yesterday' } as TeamOverviewQuery,
  { period: 'past7' } as TeamOverviewQuery,
  { period: 'past30' } as TeamOverviewQuery,
];

interface Case {
  parents: number[];
  agents: boolean[];
  joinedDaysAgo: number[];
  stats: { member: number; daysAgo: number; category: 'SLOT' | 'LIVE' | 'WALLET'; stake: number; payout: number; amount: number }[];
}

/** A fresh merchant (in BRAZIL's zone) with the case's tree below a top agent, its joins and statistics rows. */
async function build(c: Case, now: Date) {
  run += 1;
  const { id: _id, ...row } = base;
  const merchant = await insertMerchant(db, { ...row, code: `TOV${run}${Date.now() % 100_000}`, domains: [] });
  const ids: number[] = [];
  const n = c.parents.length + 1;
  for (let i = 0; i < n; i++) {
    const upline = i === 0 ? null : ids[(c.parents[i - 1] as number) % i];
    const created = new Date(now.getTime() - (c.joinedDaysAgo[i] ?? 0) * DAY);
    const [m] = await queryRows<{ id: number }>(
      db,
      sql`insert into members (merchant_id, account, type, upline_id, created_at)
          values (${merchant.id}, ${`tov${run}m${i}`}, ${i === 0 || c.agents[i] ? 1 : 0}, ${upline ?? null}, ${created.toISOString()}::timestamptz)
          returning id`,
    );
    ids.push(Number(m?.id));
  }
  for (const s of c.stats) await addStats(merchant, ids[s.member % n] as number, now, s);
  return { merchant, ids };
}

async function addStats(merchant: Merchant, memberId: number, now: Date, s: Case['stats'][number]) {
  const day = periodAt('day', merchant.timeZone, new Date(now.getTime() - s.daysAgo * DAY)).key;
  const wallet = s.category === 'WALLET';
  await db.execute(sql`
    insert into daily_member_stats as d (merchant_id, member_id, day, category, bets, stake, valid_stake, payout, deposits, withdrawals, bonuses)
    values (${merchant.id}, ${memberId}, ${day}::date, ${s.category}, ${wallet ? 0 : 1}, ${wallet ? 0 : s.stake}, ${wallet ? 0 : s.stake},
            ${wallet ? 0 : s.payout}, ${wallet ? s.amount : 0}, ${wallet ? s.payout : 0}, ${wallet ? 0 : s.amount % 7})
    on conflict (merchant_id, member_id, day, category) do update
      set valid_stake = d.valid_stake + excluded.valid_stake, payout = d.payout + excluded.payout, deposits = d.deposits + excluded.deposits,
          withdrawals = d.withdrawals + excluded.withdrawals, bonuses = d.bonuses + excluded.bonuses`);
}

/** Every agent's overview equals the reference for every preset. */
async function expectSameAsReference(merchant: Merchant, ids: number[], now: Date) {
  for (const id of ids) {
    const [row] = await queryRows<{ account: string }>(db, sql`select account from members where id = ${id}`);
    const agent = (await memberByAccount(db, merchant.id, String(row?.account))) as MemberRow;
    if (agent.type !== 1) continue;
    for (const q of queries) {
      expect(await teamOverview(db, merchant, agent, q, now), `${agent.account} ${q.period}`).toEqual(
        await referenceOverview(merchant, agent, q, now),
      );
    }
  }
}

const rolledRows = async (merchantId: number) => {
  const [r] = await queryRows<{ n: string }>(
    db,
    sql`select (select count(*) from agent_team_daily where merchant_id = ${merchantId})
             + (select count(*) from agent_team_daily_bits where merchant_id = ${merchantId}) as n`,
  );
  return Number(r?.n);
};

const caseArb = fc.record({
  parents: fc.array(fc.nat(), { minLength: 1, maxLength: 8 }),
  agents: fc.array(fc.boolean(), { minLength: 9, maxLength: 9 }),
  joinedDaysAgo: fc.array(fc.integer({ min: 0, max: 40 }), { minLength: 9, maxLength: 9 }),
  stats: fc.array(
    fc.record({
      member: fc.nat(),
      daysAgo: fc.integer({ min: -1, max: 35 }),
      category: fc.constantFrom('SLOT' as const, 'LIVE' as const, 'WALLET' as const),
      stake: fc.integer({ min: -500, max: 50_000 }),
      payout: fc.integer({ min: 0, max: 60_000 }),
      amount: fc.integer({ min: 0, max: 90_000 }),
    }),
    { maxLength: 25 },
  ),
});

describe('team overview from the rollup', () => {
  it('equals the per-request computation for random trees and days, rolled, moved and changed late', async () => {
    await fc.assert(
      fc.asyncProperty(caseArb, fc.integer({ min: 0, max: 23 * 60 }), async (c, minute) => {
        // A test clock at some minute of a day well after the grace (so the day before is due).
        const now = new Date(Date.UTC(2031, 2, 10, 3) + minute * 60_000);
        const { merchant, ids } = await build(c, now);
        // Before any rollup: every day live.
        await expectSameAsReference(merchant, ids, now);
        await rollupMerchantDue(db, merchant, now);
        await expectSameAsReference(merchant, ids, now);
        // A member moved under another agent (the top): its subtree's days are read live, then rolled again.
        const mover = ids[ids.length - 1] as number;
        if (ids.length > 2) {
          await db.execute(sql`update members set upline_id = ${ids[0]} where id = ${mover} and upline_id <> ${ids[0]}`);
          await expectSameAsReference(merchant, ids, now);
          await repairMerchantRollup(db, merchant, now);
          await expectSameAsReference(merchant, ids, now);
        }
        // A late change to yesterday (already rolled): the repair rolls it again.
        await addStats(merchant, mover, now, { member: 0, daysAgo: 1, category: 'SLOT', stake: 777, payout: 5, amount: 3 });
        await repairMerchantRollup(db, merchant, now);
        await expectSameAsReference(merchant, ids, now);
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 10) },
    );
  }, 600_000);

  it('rolls each day once across a day boundary on a test clock; a second run counts nothing twice', async () => {
    const day1 = new Date(Date.UTC(2031, 5, 1, 15));
    const c: Case = {
      parents: [0, 0, 1, 1],
      agents: [true, true, false, false, false],
      joinedDaysAgo: [3, 2, 0, 0, 1],
      stats: [
        { member: 3, daysAgo: 0, category: 'SLOT', stake: 10_000, payout: 4_000, amount: 0 },
        { member: 4, daysAgo: 0, category: 'WALLET', stake: 0, payout: 0, amount: 50_000 },
        { member: 2, daysAgo: 1, category: 'LIVE', stake: 2_000, payout: 0, amount: 0 },
      ],
    };
    const { merchant, ids } = await build(c, day1);
    const top = (await memberByAccount(db, merchant.id, `tov${run}m0`)) as MemberRow;
    const today1 = await teamOverview(db, merchant, top, { period: 'today' } as TeamOverviewQuery, day1);
    expect(today1.total).toMatchObject({ activeMembers: 1, depositors: 1, bets: 100, payouts: 40, deposits: 500, newMembers: 2 });

    // Day 1 ends; within the grace it is not rolled yet, and read live.
    const justAfter = new Date(Date.UTC(2031, 5, 2, 3, 5));
    expect((await rollupMerchantDue(db, merchant, justAfter)).map((o) => o.period)).not.toContain('2031-06-01');
    await expectSameAsReference(merchant, ids, justAfter);
    // After the grace: rolled once, and the same figures come from the rollup.
    const later = new Date(Date.UTC(2031, 5, 2, 3, 30));
    const first = await rollupMerchantDue(db, merchant, later);
    expect(first).toContainEqual(expect.objectContaining({ period: '2031-06-01', outcome: 'ran' }));
    const rolled = await rolledRows(merchant.id);
    expect(rolled).toBeGreaterThan(0);
    const yesterday = await teamOverview(db, merchant, top, { period: 'yesterday' } as TeamOverviewQuery, later);
    expect(yesterday.total).toEqual(today1.total);
    await expectSameAsReference(merchant, ids, later);
    // Run again (and repaired): nothing ran, no row added, the same figures.
    expect((await rollupMerchantDue(db, merchant, later)).filter((o) => o.outcome === 'ran')).toEqual([]);
    expect(await repairMerchantRollup(db, merchant, later)).toBe(0);
    expect(await rolledRows(merchant.id)).toBe(rolled);
    expect(await teamOverview(db, merchant, top, { period: 'yesterday' } as TeamOverviewQuery, later)).toEqual(yesterday);
    const past7 = await teamOverview(db, merchant, top, { period: 'past7' } as TeamOverviewQuery, later);
    // Two days of one player (day 0 and the day before) count it once over the range.
    expect(past7.total.activeMembers).toBe(2);
    await expectSameAsReference(merchant, ids, later);
  }, 120_000);
});
