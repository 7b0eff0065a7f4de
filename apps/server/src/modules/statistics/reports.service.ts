import { type DailyReport, type DailyReportQuery, REPORT_MAX_DAYS, type ReportDay } from '@platform/contract';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { reportRows } from './reports.repository.ts';

const DAY_MS = 86_400_000;
const dayOf = (text: string) => {
  const at = Date.parse(`${text}T00:00:00Z`);
  // A day beyond the calendar (2026-02-30) is refused, not rolled over.
  return Number.isNaN(at) || new Date(at).toISOString().slice(0, 10) !== text ? null : at;
};

/**
 * A merchant's report per local day between two days (both included): one statement over the
 * daily statistics with a grouping set for the span's totals (its active players counted once).
 * Days without a row are given as zeros, so a chart's axis has every day.
 */
export async function dailyReport(db: Db, merchant: { id: number; code: string; currency: string }, query: DailyReportQuery) {
  const from = dayOf(query.from);
  const to = dayOf(query.to);
  if (from === null) throw new AppError('APP_ERR_VALIDATION', [{ field: 'from', message: 'validation.invalid' }]);
  if (to === null || to < from) throw new AppError('APP_ERR_VALIDATION', [{ field: 'to', message: 'validation.invalid' }]);
  if ((to - from) / DAY_MS + 1 > REPORT_MAX_DAYS)
    throw new AppError('APP_ERR_VALIDATION', [{ field: 'to', message: 'validation.too_big' }]);

  const rows = await reportRows(db, merchant, query.from, query.to);
  const figures = (r: Record<string, string | number | null>): Omit<ReportDay, 'day'> => {
    const validStake = Number(r.valid_stake);
    const payout = Number(r.payout);
    const bonuses = Number(r.bonuses);
    return {
      deposits: Number(r.deposits),
      withdrawals: Number(r.withdrawals),
      bets: Number(r.bets),
      validStake,
      payout,
      ggr: validStake - payout,
      bonuses,
      ngr: validStake - payout - bonuses,
      activePlayers: Number(r.active),
    };
  };
  const byDay = new Map(rows.filter((r) => r.day !== null).map((r) => [String(r.day), figures(r)]));
  const total = rows.find((r) => r.day === null);
  const zero = figures({ deposits: 0, withdrawals: 0, bets: 0, valid_stake: 0, payout: 0, bonuses: 0, active: 0 });
  const days: ReportDay[] = [];
  for (let at = from; at <= to; at += DAY_MS) {
    const day = new Date(at).toISOString().slice(0, 10);
    days.push({ day, ...(byDay.get(day) ?? zero) });
  }
  return {
    merchant: merchant.code,
    currency: merchant.currency,
    from: query.from,
    to: query.to,
    days,
    totals: total ? figures(total) : zero,
  } satisfies DailyReport;
}
