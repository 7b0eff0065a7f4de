import { z } from 'zod';
import { walletBalanceSchema, withdrawalStatuses } from './wallet.ts';

/**
 * The back office's reading API for its money and players screens (decision 0027): the withdrawal
 * queue paged on the server with a review detail, and the player search with a player's profile.
 * The actions themselves (approve, reject, adjust, a member's ledger) are the admin API's
 * (`apiPaths.admin*`); these routes only read.
 */
export const backofficePaths = {
  withdrawalQueue: '/admin/v1/withdrawal-queue',
  withdrawal: '/admin/v1/withdrawals/:reference',
  members: '/admin/v1/members',
  member: '/admin/v1/members/:memberId',
  memberPlay: '/admin/v1/members/:memberId/play',
} as const;

/** The deepest row a paged list reaches (page × size): beyond it the operator narrows the filter. */
export const backofficeRowCap = 10_000;

/**
 * How far past the current page a list counts its rows: the count costs what it reads, so a list of
 * a million says "1,050+" on its first page (`capped`) instead of counting to the cap every time.
 */
export const backofficeCountAhead = 1_000;

/** The count limit of a page: `capped` in the answer when the rows reach it. */
export const countLimitOf = (page: number, pageSize: number) => Math.min(backofficeRowCap, (page + 1) * pageSize + backofficeCountAhead);

/** A merchant's code to narrow a list to (any case); without it, every merchant the operator acts for. */
export const merchantFilterSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,32}$/, 'validation.invalid')
  .optional();
/** A list's page, 0-based. */
export const pageSchema = z.coerce
  .number({ error: 'validation.invalid' })
  .int()
  .min(0, 'validation.invalid')
  .max(10_000, 'validation.invalid')
  .default(0);
export const pageSizeSchema = z.coerce
  .number({ error: 'validation.invalid' })
  .int()
  .min(1, 'validation.invalid')
  .max(500, 'validation.invalid')
  .default(50);
/** A page that ends within the row cap (and a page's slack): deeper, the operator narrows the filter. */
export const withinRowCap = (q: { page: number; pageSize: number }) => (q.page + 1) * q.pageSize <= backofficeRowCap + 500;

export const withdrawalQueuePageQuerySchema = z
  .object({
    /** A merchant's code; without it, every merchant the operator acts for. */
    merchant: merchantFilterSchema,
    /** One status (default pending: the review queue). */
    status: z.enum(withdrawalStatuses, { error: 'validation.unknown_value' }).default('pending'),
    /** 0-based. */
    page: pageSchema,
    pageSize: pageSizeSchema,
    /** Oldest first (the queue's order) unless `desc`. */
    order: z.enum(['asc', 'desc'], { error: 'validation.unknown_value' }).default('asc'),
  })
  .refine(withinRowCap, { message: 'validation.too_big', path: ['page'] });
export type WithdrawalQueuePageQuery = z.infer<typeof withdrawalQueuePageQuerySchema>;

/** A line of the queue (amounts in the currency's units). */
export const queuedWithdrawalSchema = z.object({
  reference: z.string(),
  merchant: z.string(),
  memberId: z.number(),
  account: z.string(),
  currency: z.string(),
  amount: z.number(),
  status: z.string(),
  createdAt: z.number(),
  reviewedBy: z.string().nullable(),
  reviewReason: z.string().nullable(),
});
export type QueuedWithdrawal = z.infer<typeof queuedWithdrawalSchema>;
export const withdrawalQueuePageSchema = z.object({
  list: z.array(queuedWithdrawalSchema),
  /** Rows that match, counted up to `countLimitOf` the page (`capped` when there are at least that many). */
  total: z.number(),
  capped: z.boolean(),
});

/** What a reviewer weighs before paying; each flag is a reason to look closer, not a refusal. */
export const withdrawalRiskFlags = ['new_account', 'first_withdrawal', 'payee_differs'] as const;

export const withdrawalDetailSchema = queuedWithdrawalSchema.extend({
  paidAt: z.number().nullable(),
  receivedAmount: z.number().nullable(),
  /** Where the money goes, in full: the reviewer checks it against the player. */
  payee: z.object({ kind: z.string(), holderName: z.string(), institution: z.string(), number: z.string() }).nullable(),
  member: z.object({ createdAt: z.number(), payeeName: z.string().nullable(), mobile: z.string().nullable() }),
  /** The member's earlier withdrawals that were paid out. */
  paidBefore: z.number(),
  flags: z.array(z.enum(withdrawalRiskFlags)),
});
export type WithdrawalDetail = z.infer<typeof withdrawalDetailSchema>;

export const memberSearchQuerySchema = z
  .object({
    merchant: merchantFilterSchema,
    /**
     * An account name (any case), a mobile number (E.164, with or without +), a member id, an e-mail
     * address (any case) or an IP address a player logged in from; empty lists the newest.
     */
    q: z.string().trim().max(254, 'validation.too_big').optional(),
    page: pageSchema,
    pageSize: pageSizeSchema,
  })
  .refine(withinRowCap, { message: 'validation.too_big', path: ['page'] });
export type MemberSearchQuery = z.infer<typeof memberSearchQuerySchema>;

export const memberRowSchema = z.object({
  id: z.number(),
  merchant: z.string(),
  account: z.string(),
  nickname: z.string(),
  mobile: z.string().nullable(),
  /** The spec's isAgent: 0 player, 4 trial, 1/2/41/42 agents. */
  type: z.number(),
  createdAt: z.number(),
  lastLoginAt: z.number().nullable(),
});
export type MemberRowView = z.infer<typeof memberRowSchema>;
export const memberSearchSchema = z.object({
  list: z.array(memberRowSchema),
  /** Rows that match, counted up to `countLimitOf` the page (`capped` when there are at least that many). */
  total: z.number(),
  capped: z.boolean(),
});

export const memberProfileSchema = memberRowSchema.extend({
  email: z.string().nullable(),
  payeeName: z.string().nullable(),
  registerIp: z.string(),
  lastLoginIp: z.string().nullable(),
  currency: z.string(),
  balance: walletBalanceSchema,
  /** False when an operator switched play off: the stake gate refuses every stake. */
  canPlay: z.boolean(),
  /** The operator's reason for switching play off ('' while play is on). */
  playOffReason: z.string(),
  /** The other switches of the account (decision 0048): off, login, deposits or withdrawals are refused. */
  canLogin: z.boolean(),
  canDeposit: z.boolean(),
  canWithdraw: z.boolean(),
  /** The reason of the last switch turned off ('' while every switch is on). */
  restrictionReason: z.string(),
  /** The player must change the password at the next login (an operator's reset, or an initial password). */
  mustChangePassword: z.boolean(),
});
export type MemberProfile = z.infer<typeof memberProfileSchema>;

/** Play switched off (a lock of every stake) or on again, with the reason the audit line keeps. */
export const memberPlayBodySchema = z.object({
  canPlay: z.boolean({ error: 'validation.invalid' }),
  reason: z.string().trim().min(1, 'validation.required').max(500, 'validation.too_big'),
});
export type MemberPlayBody = z.infer<typeof memberPlayBodySchema>;
export const memberPlaySchema = z.object({ canPlay: z.boolean(), reason: z.string() });
