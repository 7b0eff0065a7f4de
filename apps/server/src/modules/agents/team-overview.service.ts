import { type TeamFigures, type TeamOverview, type TeamOverviewQuery, toAmount } from '@platform/contract';
import type { Db } from '../../platform/db.ts';
import { periodAt } from '../../platform/periods.ts';
import { presetRange } from '../../platform/time.ts';
import type { MemberRow } from '../members/members.service.ts';
import type { Merchant } from '../merchants/merchants.service.ts';
import { type GroupDayTotals, groupDailyTotals } from '../statistics/statistics.service.ts';
import { countTeam, findNewMembersByDay, teamIdsOf } from './agents.repository.ts';
import { requireAgent } from './agents.service.ts';

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
