// The agent centre's team overview (decision 0036) of an agent with 50,000 members (500 sub-agents
// × 99 players) on PostgreSQL: 31 days of statistics (a third of the team playing each day in two
// categories, one in twenty depositing), joins spread over 120 days, the closed days rolled up by the
// period job. Each round times the overview of the past 7 and past 30 days (the service call, as the
// route makes it), beside the computation it replaced (decision 0029: the team's statistics rows
// summed on each request) in the same run, alternating; both must give the same figures.
import type { TeamOverviewQuery } from '@platform/contract';
import { sql } from 'drizzle-orm';
import { countTeam, findNewMembersByDay, teamIdsOf } from '../apps/server/src/modules/agents/agents.repository.ts';
import { rollupMerchantDue } from '../apps/server/src/modules/agents/team-overview.jobs.ts';
import { teamOverview } from '../apps/server/src/modules/agents/team-overview.service.ts';
import { type MemberRow, memberByAccount } from '../apps/server/src/modules/members/members.service.ts';
import { type Merchant, merchantByCode } from '../apps/server/src/modules/merchants/merchants.service.ts';
import { groupDailyTotals } from '../apps/server/src/modules/statistics/statistics.service.ts';
import type { Db } from '../apps/server/src/platform/db.ts';
import { periodAt } from '../apps/server/src/platform/periods.ts';
import { presetRange } from '../apps/server/src/platform/time.ts';
import { freshDatabase } from './fresh-database.ts';

export const overviewMembers = 50_000;
const subAgents = 500;
const playersEach = overviewMembers / subAgents - 1;
const statDays = 31;

/** Bench data only: the team and its statistics straight in SQL (the services would take hours); the closure is the trigger's. */
async function buildTeam(db: Db, merchant: Merchant): Promise<void> {
  await db.execute(sql`insert into members (merchant_id, account, type, created_at)
                       values (${merchant.id}, 'tov_top', 1, now() - interval '200 days')`);
  await db.execute(sql`
    insert into members (merchant_id, account, type, upline_id, created_at)
    select ${merchant.id}::int, 'tov_a' || i, 1, (select id from members where merchant_id = ${merchant.id}::int and account = 'tov_top'),
           now() - make_interval(days => 150 + i % 30)
      from generate_series(0, ${subAgents - 1}::int) i`);
  await db.execute(sql`
    insert into members (merchant_id, account, type, upline_id, created_at)
    select ${merchant.id}::int, 'tov_p' || i, 0, a.id, now() - make_interval(secs => (i * 7919) % (120 * 86400))
      from generate_series(0, ${subAgents * playersEach - 1}::int) i
      join members a on a.merchant_id = ${merchant.id}::int and lower(a.account) = 'tov_a' || (i % ${subAgents}::int)`);
  const today = periodAt('day', merchant.timeZone, new Date()).key;
  // Day by day, oldest first, as the feed's consumer writes them (a day's rows lie together).
  for (let d = statDays - 1; d >= 0; d--) {
    await db.execute(sql`
      insert into daily_member_stats (merchant_id, member_id, day, category, bets, stake, valid_stake, payout)
      select ${merchant.id}::int, m.id, ${today}::date - ${d}::int, c, 5, s, s, s * (70 + m.id % 50) / 100
        from members m, unnest(array['SLOT', 'LIVE']) c, lateral (select (100 + (m.id * 31 + ${d}::int * 17) % 5000)::bigint * 100 as s) x
       where m.merchant_id = ${merchant.id}::int and m.account like 'tov_p%' and (m.id + ${d}::int) % 3 = 0`);
    await db.execute(sql`
      insert into daily_member_stats (merchant_id, member_id, day, category, deposits, withdrawals)
      select ${merchant.id}::int, m.id, ${today}::date - ${d}::int, 'WALLET', 10000 + m.id % 900 * 100, (m.id % 3) * 2500
        from members m
       where m.merchant_id = ${merchant.id}::int and m.account like 'tov_p%' and (m.id + ${d}::int) % 20 = 0`);
  }
  for (const t of ['members', 'member_tree', 'daily_member_stats']) await db.execute(sql.raw(`vacuum analyze ${t}`));
}

/** The overview as decision 0029 computed it (the reference): the team's statistics summed through the closure per request. */
async function perRequestOverview(db: Db, merchant: Merchant, agent: MemberRow, q: TeamOverviewQuery) {
  const { from, to } = presetRange(q.period, merchant.timeZone, {}, new Date());
  const fromDay = periodAt('day', merchant.timeZone, from).key;
  const toDay = periodAt('day', merchant.timeZone, new Date(to.getTime() - 1)).key;
  const [counts, totals, joined] = await Promise.all([
    countTeam(db, agent.id),
    groupDailyTotals(db, merchant.id, teamIdsOf(agent.id), fromDay, toDay),
    findNewMembersByDay(db, agent.id, from, to, merchant.timeZone),
  ]);
  const total = totals.find((t) => t.day === null);
  return {
    team: counts.team,
    bets: total?.validStake ?? 0,
    active: total?.active ?? 0,
    joins: [...joined.values()].reduce((a, b) => a + b, 0),
  };
}

const p = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] as number;
const stats = (ms: number[]) => {
  const s = [...ms].sort((a, b) => a - b);
  return { p50: p(s, 0.5), p99: p(s, 0.99), n: s.length };
};

/** Undefined without a PostgreSQL server. */
export async function teamOverviewFigure(rounds: number, { calls = 60, referenceCalls = 2 } = {}) {
  const fresh = await freshDatabase('bench_team');
  if (!fresh) return undefined;
  try {
    const db = fresh.database.db;
    const merchant = await merchantByCode(db, 'BRAZIL');
    if (!merchant) throw new Error('BRAZIL missing');
    const built = performance.now();
    await buildTeam(db, merchant);
    console.log(
      `  team-overview: ${overviewMembers.toLocaleString('en')} members and their statistics in ${Math.round(performance.now() - built)} ms`,
    );
    const rolled = performance.now();
    const outcomes = await rollupMerchantDue(db, merchant);
    const rollupMs = Math.round(performance.now() - rolled);
    if (outcomes.some((o) => o.outcome === 'failed')) throw new Error(`rollup failed: ${JSON.stringify(outcomes)}`);
    for (const t of ['agent_team_daily', 'agent_team_daily_bits', 'agent_team_rollups']) await db.execute(sql.raw(`vacuum analyze ${t}`));
    console.log(`  team-overview: ${statDays - 1} closed days rolled up in ${rollupMs} ms`);
    const agent = (await memberByAccount(db, merchant.id, 'tov_top')) as MemberRow;
    const periods = ['past7', 'past30'] as const;
    // Same figures both ways (checked once, outside the timing).
    for (const period of periods) {
      const q = { period } as TeamOverviewQuery;
      const [now, old] = [await teamOverview(db, merchant, agent, q), await perRequestOverview(db, merchant, agent, q)];
      const got = {
        team: now.teamSize,
        bets: Math.round(now.total.bets * 100),
        active: now.total.activeMembers,
        joins: now.total.newMembers,
      };
      if (JSON.stringify(got) !== JSON.stringify(old)) throw new Error(`${period}: ${JSON.stringify(got)} <> ${JSON.stringify(old)}`);
    }
    const perRound: { past7: number[]; past30: number[]; reference7: number[]; reference30: number[] } = {
      past7: [],
      past30: [],
      reference7: [],
      reference30: [],
    };
    for (let r = 0; r < rounds; r++) {
      const times: Record<string, number[]> = { past7: [], past30: [], ref7: [], ref30: [] };
      for (const period of periods) {
        const q = { period } as TeamOverviewQuery;
        const list = times[period] as number[];
        for (let i = 0; i < calls; i++) {
          const t = performance.now();
          await teamOverview(db, merchant, agent, q);
          list.push(performance.now() - t);
        }
        const ref = times[period === 'past7' ? 'ref7' : 'ref30'] as number[];
        for (let i = 0; i < referenceCalls; i++) {
          const t = performance.now();
          await perRequestOverview(db, merchant, agent, q);
          ref.push(performance.now() - t);
        }
      }
      perRound.past7.push(stats(times.past7 as number[]).p99);
      perRound.past30.push(stats(times.past30 as number[]).p99);
      perRound.reference7.push(stats(times.ref7 as number[]).p50);
      perRound.reference30.push(stats(times.ref30 as number[]).p50);
      console.log(
        `  team-overview round ${r + 1}/${rounds}: p99 past7 ${perRound.past7.at(-1)?.toFixed(1)} ms, past30 ${perRound.past30.at(-1)?.toFixed(1)} ms (p50 ${stats(times.past30 as number[]).p50.toFixed(1)} ms) | reference (per-request sums) p50 past7 ${perRound.reference7.at(-1)?.toFixed(0)} ms, past30 ${perRound.reference30.at(-1)?.toFixed(0)} ms`,
      );
    }
    return { ...perRound, calls, referenceCalls, rollupMs };
  } finally {
    await fresh.drop();
  }
}
