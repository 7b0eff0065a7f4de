import {
  type TeamFigures,
  type TeamOverview,
  type TeamOverviewQuery,
  type TeamProfitPage,
  type TeamProfitQuery,
  toAmount,
} from '@platform/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { periodAt } from '../../platform/periods.ts';
import { presetRange } from '../../platform/time.ts';
import type { MemberRow } from '../members/members.service.ts';
import type { Merchant } from '../merchants/merchants.service.ts';
import { type GroupDayTotals, groupDailyTotals, groupMemberTotals } from '../statistics/statistics.service.ts';
import { countTeam, findNewMembersByDay, findTeamMembersById, teamIdsOf } from './agents.repository.ts';
import { requireAgent, teamMember } from './agents.service.ts';

/**
 * Team overview: what every member below the agent did in a range of the merchant's local days, and
 * each day of it. Play and money come from the daily statistics the ledger feed keeps (read for the
 * team's ids through the closure, in one statement), joins from the members' creation times.
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
  const [counts, totals, joined] = await Promise.all([
    countTeam(db, agent.id),
    groupDailyTotals(db, merchant.id, teamIdsOf(agent.id), fromDay, toDay),
    findNewMembersByDay(db, agent.id, from, to, merchant.timeZone),
  ]);
  const money = (minor: number) => toAmount(minor, merchant.currency);
  const figures = (t: GroupDayTotals | undefined, newMembers: number): TeamFigures => ({
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
  const members = one ? sql`select ${one.id}::int` : teamIdsOf(agent.id);
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
