import {
  type TeamFigures,
  type TeamOverview,
  type TeamOverviewQuery,
  type TeamProfitPage,
  type TeamProfitQuery,
  toAmount,
} from '@platform/contract';
import type { Db } from '../../platform/db.ts';
import { type Period, periodAt, previousPeriod } from '../../platform/periods.ts';
import { presetRange } from '../../platform/time.ts';
import type { MemberRow } from '../members/members.service.ts';
import type { Merchant } from '../merchants/merchants.service.ts';
import { groupMemberTotals } from '../statistics/statistics.service.ts';
import { countTeam, findTeamMembersById, memberIdOf, teamIdsOf } from './agents.repository.ts';
import { requireAgent, teamMember } from './agents.service.ts';
import {
  dayFingerprint,
  EMPTY_DAY,
  findDaysWithData,
  findRolledDays,
  findTeamFigures,
  lockMerchantRollup,
  markEmptyDays,
  rollupDay,
  type TeamDayFigures,
} from './team-overview.repository.ts';

/**
 * Team overview: what every member below the agent did in a range of the merchant's local days, and
 * each day of it (decision 0036). Closed days come from the team rollup (per ancestor and day, with
 * bitmaps for the range's distinct active members and depositors), today and any day not rolled up
 * live from the team's statistics rows and joins of that day, in one statement.
 */
export async function teamOverview(
  db: Db,
  merchant: Merchant,
  caller: MemberRow,
  q: TeamOverviewQuery,
  now = new Date(),
): Promise<TeamOverview> {
  const agent = requireAgent(caller);
  const { from, to } = presetRange(q.period, merchant.timeZone, { from: q.from, to: q.to }, now);
  const fromDay = periodAt('day', merchant.timeZone, from).key;
  const toDay = periodAt('day', merchant.timeZone, new Date(to.getTime() - 1)).key;
  const liveDays = async () => {
    const rolled = await findRolledDays(db, merchant.id, fromDay, toDay);
    const days: string[] = [];
    for (let t = from.getTime(); t < to.getTime(); t += 86_400_000)
      days.push(periodAt('day', merchant.timeZone, new Date(t + 43_200_000)).key);
    return [...new Set(days)].filter((d) => d >= fromDay && d <= toDay && !rolled.has(d));
  };
  const [counts, rows] = await Promise.all([
    countTeam(db, agent.id),
    liveDays().then((live) =>
      findTeamFigures(db, { merchantId: merchant.id, agentId: agent.id, fromDay, toDay, timeZone: merchant.timeZone, liveDays: live }),
    ),
  ]);
  const money = (minor: number) => toAmount(minor, merchant.currency);
  const figures = (t: TeamDayFigures | undefined): TeamFigures => ({
    newMembers: t?.newMembers ?? 0,
    activeMembers: t?.active ?? 0,
    depositors: t?.depositors ?? 0,
    deposits: money(t?.deposits ?? 0),
    withdrawals: money(t?.withdrawals ?? 0),
    bets: money(t?.validStake ?? 0),
    payouts: money(t?.payout ?? 0),
    bonuses: money(t?.bonuses ?? 0),
    profit: money((t?.payout ?? 0) + (t?.bonuses ?? 0) - (t?.validStake ?? 0)),
  });
  return {
    teamSize: counts.team,
    directCount: counts.direct,
    total: figures(rows.find((r) => r.day === null)),
    days: rows.filter((r) => r.day !== null).map((r) => ({ day: r.day as string, ...figures(r) })),
  };
}

/** How many closed days back the rollup keeps (a custom range is at most 93 days); older days are read live. */
export const ROLLUP_DAYS = 93;

/**
 * Rolls up a merchant's closed days up to `last` (a period of the day job): each of the last
 * ROLLUP_DAYS days not rolled yet (history at the first run, days a move un-rolled), and each of the
 * last `recheck` days whose statistics or joins changed since (a movement recorded late), under the
 * merchant's rollup lock. Answers rows written.
 */
export async function rollupTeams(tx: Db, merchant: Merchant, last: Period, { recheck = 3, now = new Date() } = {}): Promise<number> {
  await lockMerchantRollup(tx, merchant.id);
  const days: Period[] = [last];
  while (days.length < ROLLUP_DAYS) days.unshift(previousPeriod('day', merchant.timeZone, days[0] as Period));
  const rolled = await findRolledDays(tx, merchant.id, (days[0] as Period).key, last.key);
  const due = days.filter((day, i) => !rolled.has(day.key) || i >= days.length - recheck);
  const withData = await findDaysWithData(tx, merchant.id, due);
  const empty = due.filter((d) => !withData.has(d.key) && rolled.get(d.key) !== EMPTY_DAY).map((d) => d.key);
  await markEmptyDays(tx, merchant.id, empty, EMPTY_DAY, now);
  let rows = 0;
  for (const day of due.filter((d) => withData.has(d.key))) {
    // Read before the rollup: a change between the two leaves a stale fingerprint, so the day is rolled again, never missed.
    const fingerprint = await dayFingerprint(tx, merchant.id, day.key, day);
    if (fingerprint === rolled.get(day.key)) continue;
    rows += await rollupDay(tx, merchant.id, day.key, day, fingerprint, now);
  }
  return rows;
}

/**
 * User profit and loss: each team member's own figures over the range (those who did anything, the
 * biggest bettors first), or one member's when `account` names one of the team.
 */
export async function teamProfit(
  db: Db,
  merchant: Merchant,
  caller: MemberRow,
  q: TeamProfitQuery,
  now = new Date(),
): Promise<TeamProfitPage> {
  const agent = requireAgent(caller);
  const one = q.account ? await teamMember(db, agent, q.account) : undefined;
  const { from, to } = presetRange(q.period, merchant.timeZone, { from: q.from, to: q.to }, now);
  const fromDay = periodAt('day', merchant.timeZone, from).key;
  const toDay = periodAt('day', merchant.timeZone, new Date(to.getTime() - 1)).key;
  const members = one ? memberIdOf(one.id) : teamIdsOf(agent.id);
  const { rows, total } = await groupMemberTotals(db, merchant.id, members, fromDay, toDay, {
    limit: q.pageSize,
    offset: (q.pageNo - 1) * q.pageSize,
  });
  const who = await findTeamMembersById(
    db,
    agent.id,
    rows.map((r) => r.memberId),
  );
  const money = (minor: number) => toAmount(minor, merchant.currency);
  return {
    content: rows.map((r) => ({
      account: who.get(r.memberId)?.account ?? '',
      isAgent: who.get(r.memberId)?.type ?? 0,
      level: who.get(r.memberId)?.depth ?? 0,
      bets: money(r.validStake),
      payouts: money(r.payout),
      bonuses: money(r.bonuses),
      deposits: money(r.deposits),
      withdrawals: money(r.withdrawals),
      profit: money(r.payout + r.bonuses - r.validStake),
    })),
    pageNo: q.pageNo,
    pageSize: q.pageSize,
    totalElements: total,
    totalPages: Math.ceil(total / q.pageSize),
  };
}
