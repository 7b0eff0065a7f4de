import { z } from 'zod';
import { epochMsParamSchema, idSchema } from './input.ts';
import { pageQuerySchema } from './pagination.ts';

/**
 * Money at the API edge: a number of the merchant's currency in major units with at most two
 * decimals, the most any currency of the table has (inside, everything is integer minor units of the
 * currency: decision 0019). A service refuses decimals its currency lacks (0.5 F CFA) with
 * platform/money.ts. Field messages are translation keys.
 */
export const amountSchema = z
  .number({ error: 'validation.amount_invalid' })
  .refine((v) => Number.isFinite(v) && v > 0, 'validation.amount_positive')
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'validation.amount_decimals')
  .refine((v) => v <= 1_000_000_000, 'validation.amount_too_large');

/** A client-chosen id that makes a money request safe to repeat (same id: same answer, nothing moves twice). */
export const requestIdSchema = z
  .string()
  .trim()
  .regex(/^[\w-]{8,64}$/, 'validation.invalid');

export { toAmount, toMinor } from './currencies.ts';

// Balance

export const walletBalanceSchema = z.object({
  /** Main wallet plus every vendor wallet and bonus: what the header shows. */
  sumBalance: z.number(),
  main: z.number(),
  bonus: z.number(),
  /** Held by withdrawals awaiting payout. */
  locked: z.number(),
  currency: z.string(),
  wallets: z.array(z.object({ vendor: z.string(), name: z.string(), balance: z.number() })),
});
export type WalletBalance = z.infer<typeof walletBalanceSchema>;

/** What the balance WebSocket pushes when money moves. */
export const balanceEventSchema = z.object({ type: z.literal('balance'), value: walletBalanceSchema });
export type BalanceEvent = z.infer<typeof balanceEventSchema>;

export const merchantWalletSchema = z.array(z.object({ vendor: z.string(), name: z.string(), gameType: z.string() }));

export const consolidatedSchema = z.object({
  balance: walletBalanceSchema,
  turnover: z.object({ required: z.number(), wagered: z.number(), remaining: z.number(), multiplier: z.number() }),
  /** The agent centre's flags (salary and dividend request types); 0 until those modules exist. */
  dailysalreqtype: z.number(),
  divtypereq: z.number(),
  contracthoursalreq: z.number(),
  realtimesalreqtype: z.number(),
});
export type Consolidated = z.infer<typeof consolidatedSchema>;

// Transfers

export const transferFundBodySchema = z
  .object({
    vendor: z.string().trim().min(1).max(32),
    /** in: main wallet to the vendor wallet; out: back to the main wallet. */
    direction: z.enum(['in', 'out']),
    /** Omitted with all: true, which moves the whole balance of the source wallet. */
    amount: amountSchema.optional(),
    all: z.boolean().optional(),
    requestId: requestIdSchema,
  })
  .refine((b) => b.all === true || b.amount !== undefined, { path: ['amount'], message: 'validation.required' });
export type TransferFundBody = z.infer<typeof transferFundBodySchema>;

export const transferUplineBodySchema = z.object({
  /** The account name of the receiver: the sender's upline, or one of its direct downlines. */
  account: z.string().trim().min(1).max(64),
  amount: amountSchema,
  paymentPassword: z.string().min(1).max(64).optional(),
  requestId: requestIdSchema,
});
export type TransferUplineBody = z.infer<typeof transferUplineBodySchema>;

export const transferAnswerSchema = z.object({ transactionId: z.number(), amount: z.number(), balance: walletBalanceSchema });

// Deposits (depositv2)

export const depositChannelSchema = z.object({
  code: z.string(),
  method: z.string(),
  brand: z.string(),
  name: z.string(),
  instructions: z.string(),
  currency: z.string(),
  min: z.number(),
  max: z.number(),
  feeFixed: z.number(),
  /** Percent of the amount kept as fee, on top of feeFixed. */
  feePercent: z.number(),
  /** The player's mobile number is asked for (mobile-money push). */
  needsMobile: z.boolean(),
});
export type DepositChannel = z.infer<typeof depositChannelSchema>;

export const depositBodySchema = z.object({
  channel: z.string().trim().min(1).max(32),
  amount: amountSchema,
  /** For mobile-money channels: the number the payment request is pushed to (default: the bound mobile). */
  mobileNum: z.string().trim().max(20).optional(),
  countryDialingCode: z.string().trim().max(6).optional(),
  requestId: requestIdSchema,
});
export type DepositBody = z.infer<typeof depositBodySchema>;

export const depositStatuses = ['pending', 'approved', 'declined', 'expired'] as const;

export const depositSchema = z.object({
  reference: z.string(),
  channel: z.string(),
  method: z.string(),
  currency: z.string(),
  amount: z.number(),
  fee: z.number(),
  /** What the wallet receives: amount minus fee. */
  credited: z.number(),
  status: z.enum(depositStatuses),
  /** PIX copy-paste code (EMV BR Code), or the number the request was pushed to. */
  payCode: z.string(),
  /** QR of payCode as a PNG data URL, for a pending PIX deposit (null in lists). */
  qrCode: z.string().nullable(),
  /** The provider's page where the payment is made. */
  payUrl: z.string(),
  createdAt: z.number(),
  expiresAt: z.number(),
  completedAt: z.number().nullable(),
});
export type Deposit = z.infer<typeof depositSchema>;

export const depositListQuerySchema = pageQuerySchema.extend({ status: z.enum(depositStatuses).optional() });
export const referenceParamsSchema = z.object({ reference: z.string().regex(/^[A-Z0-9]{6,32}$/, 'validation.invalid') });

// Withdrawals

export const withdrawalAccountKinds = ['bank', 'pix', 'mobile_money'] as const;
export const pixKeyTypes = ['cpf', 'cnpj', 'email', 'phone', 'random'] as const;

export const withdrawalAccountSchema = z.object({
  id: z.number(),
  kind: z.enum(withdrawalAccountKinds),
  holderName: z.string(),
  institution: z.string(),
  /** Masked: only the last characters show. */
  number: z.string(),
  createdAt: z.number(),
});
export type WithdrawalAccount = z.infer<typeof withdrawalAccountSchema>;

export const bindWithdrawalAccountBodySchema = z.object({
  kind: z.enum(withdrawalAccountKinds),
  holderName: z.string().trim().min(2, 'validation.too_small').max(60, 'validation.too_big'),
  /** Bank name, PIX key type, or mobile-money brand (orange, wave). */
  institution: z.string().trim().min(1).max(40),
  number: z.string().trim().min(3).max(80),
  verificationCode: z.string().trim().min(1).max(255),
});
export type BindWithdrawalAccountBody = z.infer<typeof bindWithdrawalAccountBodySchema>;

export const paymentPasswordBodySchema = z.object({
  /** Required when a payment password is already set. */
  oldPaymentPassword: z.string().max(64).optional(),
  newPaymentPassword: z.string().regex(/^\d{6}$/, 'validation.payment_password_format'),
  confirmPaymentPassword: z.string().max(64),
});
export type PaymentPasswordBody = z.infer<typeof paymentPasswordBodySchema>;

export const withdrawBodySchema = z.object({
  accountId: idSchema,
  amount: amountSchema,
  paymentPassword: z.string().min(1, 'validation.required').max(64),
  requestId: requestIdSchema,
});
export type WithdrawBody = z.infer<typeof withdrawBodySchema>;

export const withdrawalStatuses = [
  'pending',
  'paying',
  'paid',
  'rejected',
  'failed',
  'received',
  'not_received',
  'partly_received',
] as const;

export const withdrawalSchema = z.object({
  reference: z.string(),
  accountId: z.number(),
  account: z.string(),
  currency: z.string(),
  amount: z.number(),
  status: z.enum(withdrawalStatuses),
  reason: z.string().nullable(),
  createdAt: z.number(),
  paidAt: z.number().nullable(),
  /** Until then the player may confirm; afterwards it counts as received. */
  confirmBy: z.number().nullable(),
  confirmedAt: z.number().nullable(),
  autoConfirmed: z.boolean(),
  receivedAmount: z.number().nullable(),
  remainingAmount: z.number().nullable(),
  hasProof: z.boolean(),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;

export const withdrawInfoSchema = z.object({
  currency: z.string(),
  balance: z.number(),
  min: z.number(),
  max: z.number(),
  dailyCount: z.number(),
  dailyAmount: z.number(),
  usedCount: z.number(),
  usedAmount: z.number(),
  turnover: z.object({ required: z.number(), wagered: z.number(), remaining: z.number(), multiplier: z.number() }),
  hasPaymentPassword: z.boolean(),
  confirmMinutes: z.number(),
  accounts: z.array(withdrawalAccountSchema),
  /** Which account kinds this merchant pays to. */
  accountKinds: z.array(z.enum(withdrawalAccountKinds)),
});
export type WithdrawInfo = z.infer<typeof withdrawInfoSchema>;

export const withdrawalListQuerySchema = pageQuerySchema.extend({ status: z.enum(withdrawalStatuses).optional() });

/** received, not_received, or partly received with what arrived (the proof image goes to the proof path). */
export const confirmWithdrawalBodySchema = z.object({
  result: z.enum(['received', 'not_received', 'partly_received']),
  receivedAmount: amountSchema.optional(),
});
export type ConfirmWithdrawalBody = z.infer<typeof confirmWithdrawalBodySchema>;

// Records

export const transactionTypes = [
  'deposit',
  'withdrawal',
  'withdrawal_hold',
  'withdrawal_release',
  'transfer',
  'upline_transfer',
  'bet',
  'win',
  'rollback',
  'bonus',
  'adjustment',
  'salary',
  'dividend',
] as const;

/** past7/past30/today/yesterday, or custom with from/to (ms). The next-days presets belong to forms with future dates. */
export const datePresets = ['today', 'yesterday', 'past7', 'past30', 'custom'] as const;

export const transactionHistoryQuerySchema = pageQuerySchema.extend({
  /** Comma-separated transaction types; empty: all. */
  types: z
    .string()
    .trim()
    .max(200)
    .optional()
    .refine((v) => !v || v.split(',').every((t) => (transactionTypes as readonly string[]).includes(t)), 'validation.unknown_value'),
  period: z.enum(datePresets).default('past7'),
  from: epochMsParamSchema.optional(),
  to: epochMsParamSchema.optional(),
});
export type TransactionHistoryQuery = z.infer<typeof transactionHistoryQuerySchema>;

export const transactionRowSchema = z.object({
  id: z.number(),
  transactionId: z.number(),
  time: z.number(),
  type: z.string(),
  /** main, locked, bonus or vendor:<code>. */
  wallet: z.string(),
  /** Signed: positive money in. */
  amount: z.number(),
  balanceAfter: z.number(),
  reference: z.string(),
});

export const transactionHistorySchema = z.object({
  content: z.array(transactionRowSchema),
  pageNo: z.number(),
  pageSize: z.number(),
  totalPages: z.number(),
  totalElements: z.number(),
  /** Over every row of the filter, not only this page. */
  totals: z.object({ in: z.number(), out: z.number(), net: z.number() }),
});
export type TransactionHistory = z.infer<typeof transactionHistorySchema>;

export const personalProfitQuerySchema = z.object({
  period: z.enum(datePresets).default('past7'),
  from: epochMsParamSchema.optional(),
  to: epochMsParamSchema.optional(),
});

const profitLine = z.object({ bets: z.number(), wins: z.number(), rebates: z.number(), profit: z.number() });
export const personalProfitSchema = z.object({
  days: z.array(profitLine.extend({ day: z.string() })),
  categories: z.array(profitLine.extend({ category: z.string() })),
  total: profitLine,
});
export type PersonalProfit = z.infer<typeof personalProfitSchema>;
