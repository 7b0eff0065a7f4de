import { z } from 'zod';
import { epochMsParamSchema, idParamSchema } from './input.ts';
import { pageOf, pageQuerySchema } from './pagination.ts';
import { datePresets } from './wallet.ts';

// Settlement of salary and dividend contracts: bills, the commission lines each bill is the sum of,
// and an agent's income. Amounts are major units of the merchant's currency, ratios basis points.

/** The agent centre's settlement paths: the caller's bills and its team's, their commission lines, its income. */
export const settlementPaths = {
  bills: '/wps/agent/bills',
  commissions: '/wps/agent/commissions',
  income: '/wps/agent/income',
} as const;

/** The operators' view of the same, and the recomputation of a settled period from the raw ledger. */
export const settlementAdminPaths = {
  bills: '/admin/v1/merchants/:code/agents/bills',
  commissions: '/admin/v1/merchants/:code/agents/commissions',
  recompute: '/admin/v1/merchants/:code/agents/settlement/recompute',
} as const;

/** The contract kinds settled into bills (daily salary, dividend). */
export const billKinds = ['daily', 'dividend'] as const;
export const billKindSchema = z.enum(billKinds, { error: 'validation.unknown_value' });
export type BillKind = z.infer<typeof billKindSchema>;

/**
 * paid: received in full; partly_paid: the payer's balance covered part, the rest follows when funds
 * arrive; insufficient_balance: this agent still owes its downlines part of their bills;
 * below_threshold: the team reached no tier (nothing earned).
 */
export const billStatuses = ['paid', 'partly_paid', 'insufficient_balance', 'below_threshold'] as const;
export const billStatusSchema = z.enum(billStatuses, { error: 'validation.unknown_value' });
export type BillStatus = z.infer<typeof billStatusSchema>;

export const billSchema = z.object({
  id: z.number(),
  kind: billKindSchema,
  /** The period's key: 2026-11-24 (day), 2026-W48 (week), 2026-11-H2 (half month), 2026-11 (month). */
  period: z.string(),
  /** The period's instants, [start, end), in ms. */
  periodStart: z.number(),
  periodEnd: z.number(),
  contractId: z.number(),
  /** The agent the bill pays. */
  account: z.string(),
  /** Who pays it: the contract's upline, or empty for the platform (the top of a line). */
  payer: z.string(),
  /** The team's valid bets (settled stakes less refunds) in the period. */
  teamTurnover: z.number(),
  /** The team's loss in the period: valid bets less payouts and bonuses (negative: the team won). */
  teamLoss: z.number(),
  /** Team members (the agent included) with a valid bet in the period. */
  activeMembers: z.number(),
  /** Dividend: the team win carried in from earlier periods (offsets the loss), and what this period carries on. */
  carriedIn: z.number(),
  carriedOut: z.number(),
  /** The tier reached (0 = first), null below every tier. */
  tier: z.number().nullable(),
  ratioBp: z.number(),
  /** What the ratio applies to: the team turnover (salary) or the loss after carry-over (dividend). */
  base: z.number(),
  /** base × ratio, rounded down to the currency's minor unit: what the agent earns. */
  amount: z.number(),
  /** Received from the payer so far. */
  paid: z.number(),
  /** The direct downlines' bills this agent pays (their amounts), and what it has paid of them. */
  downlineAmount: z.number(),
  downlinePaid: z.number(),
  /** What the agent keeps: paid − downlinePaid (the difference). */
  net: z.number(),
  status: billStatusSchema,
  settledAt: z.number(),
});
export type Bill = z.infer<typeof billSchema>;

const rangeQuery = {
  /** The periods that ended in this range (presets in the merchant's time zone). */
  period: z.enum(datePresets).default('past30'),
  from: epochMsParamSchema.optional(),
  to: epochMsParamSchema.optional(),
};

export const billQuerySchema = pageQuerySchema.extend({
  kind: billKindSchema.optional(),
  status: billStatusSchema.optional(),
  /** mine: the caller's own bills; team: bills of members below it (or of `account`, one of them). */
  side: z.enum(['mine', 'team'], { error: 'validation.unknown_value' }).default('mine'),
  account: z.string().trim().max(64).optional(),
  ...rangeQuery,
});
export type BillQuery = z.infer<typeof billQuerySchema>;

export const billPageSchema = pageOf(billSchema).extend({
  /** Over every bill of the filter: earned, received, paid on to downlines, kept. */
  totals: z.object({ amount: z.number(), paid: z.number(), downlinePaid: z.number(), net: z.number() }),
});
export type BillPage = z.infer<typeof billPageSchema>;

/** One team member's share of a bill: the figures it brought and the part of the amount they make. */
export const commissionLineSchema = z.object({
  billId: z.number(),
  kind: billKindSchema,
  period: z.string(),
  /** The bill's agent. */
  agent: z.string(),
  /** The contributing member (the agent itself included). */
  account: z.string(),
  /** Levels below the bill's agent: 0 = the agent itself. */
  level: z.number(),
  /** The direct downline under contract whose team the member is in (its own bill pays it the difference), or empty. */
  via: z.string(),
  turnover: z.number(),
  loss: z.number(),
  ratioBp: z.number(),
  /** The member's part of the bill's amount (the lines of a bill add up to its amount exactly). */
  amount: z.number(),
});
export type CommissionLine = z.infer<typeof commissionLineSchema>;

export const commissionQuerySchema = pageQuerySchema.extend({
  /** One bill's lines (a bill of the caller or of its team); absent: the lines of the caller's own bills in the range. */
  billId: idParamSchema.optional(),
  kind: billKindSchema.optional(),
  ...rangeQuery,
});
export type CommissionQuery = z.infer<typeof commissionQuerySchema>;

export const commissionPageSchema = pageOf(commissionLineSchema).extend({
  /** The sum of every line of the filter. */
  total: z.number(),
});
export type CommissionPage = z.infer<typeof commissionPageSchema>;

export const incomeQuerySchema = z.object(rangeQuery);
export type IncomeQuery = z.infer<typeof incomeQuerySchema>;

/** What the agent kept (received less paid on to its downlines), per local day a period ended and in total. */
const incomeLine = z.object({ salary: z.number(), dividend: z.number(), total: z.number() });
export const incomeSchema = z.object({
  days: z.array(incomeLine.extend({ day: z.string() })),
  total: incomeLine,
});
export type Income = z.infer<typeof incomeSchema>;

// Operators

export const adminBillQuerySchema = pageQuerySchema.extend({
  kind: billKindSchema.optional(),
  status: billStatusSchema.optional(),
  /** One agent's bills, or those of its whole team with `team`. */
  account: z.string().trim().max(64).optional(),
  team: z.stringbool({ error: 'validation.invalid' }).default(false),
  ...rangeQuery,
});
export type AdminBillQuery = z.infer<typeof adminBillQuerySchema>;

export const adminCommissionQuerySchema = pageQuerySchema.extend({ billId: idParamSchema });

export const recomputeQuerySchema = z.object({
  kind: billKindSchema,
  /** A settled period's key (as bills show it). */
  period: z
    .string({ error: 'validation.required' })
    .trim()
    .regex(/^\d{4}-(\d{2}(-\d{2}|-H[12])?|W\d{2})$/, 'validation.invalid'),
});
export type RecomputeQuery = z.infer<typeof recomputeQuerySchema>;

/** A bill and its lines as recomputed (or as stored), in the compared shape: what `recompute` prints. */
export const settledBillSchema = billSchema
  .pick({
    kind: true,
    period: true,
    contractId: true,
    account: true,
    payer: true,
    teamTurnover: true,
    teamLoss: true,
    activeMembers: true,
    carriedIn: true,
    carriedOut: true,
    tier: true,
    ratioBp: true,
    base: true,
    amount: true,
    downlineAmount: true,
  })
  .extend({ lines: z.array(commissionLineSchema.omit({ billId: true, kind: true, period: true, agent: true })) });
export type SettledBill = z.infer<typeof settledBillSchema>;

export const recomputeSchema = z.object({
  stored: z.array(settledBillSchema),
  recomputed: z.array(settledBillSchema),
  /** True when the recomputation from the raw ledger gives the stored bills and lines to the cent. */
  same: z.boolean(),
});
export type Recompute = z.infer<typeof recomputeSchema>;
