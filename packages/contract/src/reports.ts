import { z } from 'zod';

/**
 * The back office's reports (issue 17, decision 0034): a merchant's money and play per local day,
 * read from the daily statistics the ledger feed keeps (daily_member_stats), never from raw ledger
 * unions. One merchant per report: its figures are in its one currency's minor units.
 */
export const reportPaths = {
  daily: '/admin/v1/reports/daily',
} as const;

/** The longest span one report covers, in days (both ends included). */
export const REPORT_MAX_DAYS = 366;

const daySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.invalid');

export const dailyReportQuerySchema = z.object({
  merchant: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, 'validation.invalid'),
  from: daySchema,
  to: daySchema,
});
export type DailyReportQuery = z.infer<typeof dailyReportQuerySchema>;

/** One day's figures (minor units, except the counts). */
export const reportDaySchema = z.object({
  day: z.string(),
  deposits: z.number(),
  withdrawals: z.number(),
  /** Bets placed (a count). */
  bets: z.number(),
  /** Staked less refunds. */
  validStake: z.number(),
  payout: z.number(),
  /** Gross gaming revenue: valid stake less payouts. */
  ggr: z.number(),
  bonuses: z.number(),
  /** Net gaming revenue: GGR less bonuses. */
  ngr: z.number(),
  /** Players with at least one bet that day. */
  activePlayers: z.number(),
});
export type ReportDay = z.infer<typeof reportDaySchema>;

export const dailyReportSchema = z.object({
  merchant: z.string(),
  currency: z.string(),
  from: z.string(),
  to: z.string(),
  /** Every day of the span, oldest first; a day without activity has zeros. */
  days: z.array(reportDaySchema),
  /** The span's sums; activePlayers counts each player once over the span. */
  totals: reportDaySchema.omit({ day: true }),
});
export type DailyReport = z.infer<typeof dailyReportSchema>;
