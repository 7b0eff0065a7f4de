import { z } from 'zod';
import { idParamSchema } from './input.ts';
import { amountSchema, requestIdSchema } from './wallet.ts';

/**
 * The operators' API (the back office and scripts): operator accounts, their sign-in with a password
 * and an authenticator app, roles, merchant scope and personal API keys. Every admin route answers
 * the envelope; its value is typed here as the player contract types the site's.
 */
export const adminPaths = {
  login: '/admin/v1/auth/login',
  password: '/admin/v1/auth/password',
  totpSetup: '/admin/v1/auth/totp/setup',
  totpEnrol: '/admin/v1/auth/totp/enrol',
  totp: '/admin/v1/auth/totp',
  logout: '/admin/v1/auth/logout',
  me: '/admin/v1/auth/me',
  operators: '/admin/v1/operators',
  operator: '/admin/v1/operators/:id',
  apiKeys: '/admin/v1/api-keys',
  apiKey: '/admin/v1/api-keys/:id',
  merchants: '/admin/v1/merchants',
  merchantMaintenance: '/admin/v1/merchants/:code/maintenance',
  merchantRestrictions: '/admin/v1/merchants/:code/restricted-countries',
  merchantTurnover: '/admin/v1/merchants/:code/turnover',
  merchantLotteryCaps: '/admin/v1/merchants/:code/lottery-caps',
  merchantAdjustmentThreshold: '/admin/v1/merchants/:code/adjustment-threshold',
  ledgerCheck: '/admin/v1/ledger/check',
  auditLog: '/admin/v1/audit/log',
  auditVerify: '/admin/v1/audit/verify',
} as const;

/** The roles an operator can hold; what each may do is the server's one permissions table. */
export const operatorRoles = ['owner', 'admin', 'finance', 'risk', 'support', 'content', 'lottery'] as const;
export type OperatorRole = (typeof operatorRoles)[number];

/** What a sign-in still needs before its session works: the steps come in this order. */
export const signInSteps = ['change_password', 'enrol_totp', 'totp', 'done'] as const;
export type SignInStep = (typeof signInSteps)[number];

const accountSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9._-]{2,39}$/, 'validation.invalid');
/** Operators' passwords: 12 to 128 characters (NIST 800-63B: length, not composition rules). */
export const operatorPasswordSchema = z.string().min(12, 'validation.too_small').max(128, 'validation.too_big');
const totpCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'validation.invalid');
const merchantCodeSchema = z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, 'validation.invalid');

/** Which merchants an operator acts for: all of them, or the listed ones (at least one). */
export const merchantScopeSchema = z.union([z.literal('all'), z.array(merchantCodeSchema).min(1).max(200)]);
export type MerchantScope = z.infer<typeof merchantScopeSchema>;

export const operatorLoginBodySchema = z.object({ account: z.string().max(40), password: z.string().max(128) });
export type OperatorLoginBody = z.infer<typeof operatorLoginBodySchema>;

/** A sign-in under way or done: the token to send as `Authorization: Bearer`, and the step it still needs. */
export const signInSchema = z.object({
  token: z.string(),
  step: z.enum(signInSteps),
  /** Epoch ms after which this token no longer works (a pending step expires sooner than a session idles out). */
  expiresAt: z.number(),
});
export type SignIn = z.infer<typeof signInSchema>;

/** The step of a sign-in once a step is taken (the token stays the same). */
export const signInStepSchema = z.object({ step: z.enum(signInSteps) });

export const operatorPasswordBodySchema = z.object({
  /** Needed when the change is not the forced one of a first sign-in. */
  oldPassword: z.string().max(128).optional(),
  newPassword: operatorPasswordSchema,
});
export type OperatorPasswordBody = z.infer<typeof operatorPasswordBodySchema>;

export const operatorTotpSetupSchema = z.object({
  /** Base32 secret, for typing into an app by hand. */
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The otpauth URL as a QR code (data:image/png;base64,...). */
  qrCode: z.string(),
});
export const operatorTotpBodySchema = z.object({ code: totpCodeSchema });

export const operatorSchema = z.object({
  id: z.number(),
  account: z.string(),
  name: z.string(),
  role: z.enum(operatorRoles),
  merchants: merchantScopeSchema,
  mustChangePassword: z.boolean(),
  totpEnabled: z.boolean(),
  disabled: z.boolean(),
  createdAt: z.number(),
});
export type OperatorView = z.infer<typeof operatorSchema>;

/** The caller: who they are, how they came (a session or an API key) and what their role allows. */
export const operatorMeSchema = z.object({
  operator: operatorSchema,
  via: z.enum(['session', 'api_key']),
  permissions: z.array(z.string()),
});

export const operatorListSchema = z.object({ list: z.array(operatorSchema) });

export const createOperatorBodySchema = z.object({
  account: accountSchema,
  name: z.string().trim().min(1, 'validation.required').max(80, 'validation.too_big'),
  role: z.enum(operatorRoles, { error: 'validation.unknown_value' }),
  merchants: merchantScopeSchema,
  /** The first password, which the operator must change at the first sign-in. */
  password: operatorPasswordSchema,
});
export type CreateOperatorBody = z.infer<typeof createOperatorBodySchema>;

export const updateOperatorBodySchema = z.object({
  name: z.string().trim().min(1, 'validation.required').max(80, 'validation.too_big').optional(),
  role: z.enum(operatorRoles, { error: 'validation.unknown_value' }).optional(),
  merchants: merchantScopeSchema.optional(),
  /** Disabling ends the operator's sessions and API keys at once. */
  disabled: z.boolean().optional(),
  /** A new first password: sessions end, the next sign-in must change it. */
  password: operatorPasswordSchema.optional(),
  /** Removes the authenticator: the next sign-in enrols a new one. */
  resetTotp: z.literal(true).optional(),
});
export type UpdateOperatorBody = z.infer<typeof updateOperatorBodySchema>;

export const operatorIdParamsSchema = z.object({ id: idParamSchema });

export const apiKeySchema = z.object({
  id: z.number(),
  name: z.string(),
  /** The key's first characters, to tell keys apart; the key itself is never shown again. */
  prefix: z.string(),
  createdAt: z.number(),
  lastUsedAt: z.number().nullable(),
  revokedAt: z.number().nullable(),
});
export const apiKeyListSchema = z.object({ list: z.array(apiKeySchema) });
export const createApiKeyBodySchema = z.object({ name: z.string().trim().min(1, 'validation.required').max(80, 'validation.too_big') });
/** A new key: `key` is shown this once (send it as `Authorization: Bearer <key>`). */
export const createdApiKeySchema = apiKeySchema.extend({ key: z.string() });

// Platform settings the command line changes until the back office's own screens take them over.

export const merchantCodeParamsSchema = z.object({ code: merchantCodeSchema });
export const adminMerchantSchema = z.object({
  code: z.string(),
  currency: z.string(),
  languages: z.array(z.string()),
  maintenance: z.boolean(),
  maintenanceEnd: z.number().nullable(),
  restrictedCountries: z.array(z.string()),
  /** A manual adjustment of at least this much (in the currency's units, either sign) waits for a second operator. */
  adjustmentThreshold: z.number(),
});
export const adminMerchantListSchema = z.object({ list: z.array(adminMerchantSchema) });
export const maintenanceBodySchema = z.object({
  on: z.boolean(),
  /** Epoch ms the maintenance ends at (the site counts down to it). */
  until: z.number().int().positive().nullable().optional(),
  /** Why, for the audit trail (the operators' message; players see the end time and customer service). */
  reason: z.string().trim().max(500, 'validation.too_big').optional(),
});
export const restrictedCountriesBodySchema = z.object({
  countries: z.array(z.string().regex(/^[A-Za-z]{2}$/, 'validation.invalid')).max(250),
});
export const turnoverBodySchema = z.object({ multiplier: z.number().int().min(0).max(100) });
export const turnoverSchema = z.object({ code: z.string(), multiplier: z.number() });
/** The amount (in the merchant's currency) from which a manual adjustment needs a second operator's approval. */
export const adjustmentThresholdBodySchema = z.object({ threshold: amountSchema });
export const lotteryCapsBodySchema = z.object({
  /** Most the house may owe on one number of one play of an issue, in the merchant's currency. */
  numberCap: z.number().positive().multipleOf(0.01).optional(),
  /** Most the house may owe on one issue. */
  drawCap: z.number().positive().multipleOf(0.01).optional(),
});
export const lotteryCapsSchema = z.object({ code: z.string(), currency: z.string(), numberCap: z.number(), drawCap: z.number() });
export const ledgerCheckSchema = z.object({
  ok: z.boolean(),
  accountViolations: z.array(z.object({ id: z.number(), balance: z.number(), entriesSum: z.number() })),
  transactionViolations: z.array(z.object({ id: z.number(), entries: z.number(), total: z.number() })),
});

// The money API (withdrawals to review, a member's ledger, manual adjustments) and the audit log.

/** An operator's reason for an action, kept on its audit line. */
export const reasonSchema = z.string().trim().min(1, 'validation.required').max(500, 'validation.too_big');

export const withdrawalQueueQuerySchema = z.object({
  /** A merchant's code; without it, every merchant the operator acts for. */
  merchant: z.string().max(32).optional(),
  /** Comma-separated statuses (default pending). */
  status: z.string().max(100).optional(),
});
/** A withdrawal as operators see it (amounts in the currency's units). */
export const operatorWithdrawalSchema = z.object({
  reference: z.string(),
  merchantId: z.number(),
  memberId: z.number(),
  accountId: z.number(),
  currency: z.string(),
  amount: z.number(),
  status: z.string(),
  createdAt: z.number(),
  reviewedBy: z.string().nullable(),
  reviewReason: z.string().nullable(),
  paidAt: z.number().nullable(),
  confirmBy: z.number().nullable(),
  receivedAmount: z.number().nullable(),
  remainingAmount: z.number().nullable(),
});
export const withdrawalQueueSchema = z.array(operatorWithdrawalSchema);
export const approveWithdrawalBodySchema = z.object({ reason: z.string().trim().max(500).default('') }).default({ reason: '' });
export const rejectWithdrawalBodySchema = z.object({ reason: reasonSchema });

export const memberLedgerSchema = z.object({
  member: z.object({ id: z.number(), account: z.string(), merchantId: z.number() }),
  content: z.array(
    z.object({
      id: z.number(),
      transactionId: z.number(),
      time: z.number(),
      type: z.string(),
      wallet: z.string(),
      amount: z.number(),
      balanceAfter: z.number(),
      reference: z.unknown(),
    }),
  ),
  pageNo: z.number(),
  pageSize: z.number(),
  totalElements: z.number(),
  totalPages: z.number(),
});
export const memberIdParamsSchema = z.object({ memberId: idParamSchema });
/**
 * A manual adjustment of a member's main wallet: positive credits, negative debits; the request id makes a repeat harmless.
 * At or above the merchant's threshold it becomes an adjustment request for a second operator (adjustments.ts).
 */
export const adjustmentBodySchema = z.object({
  amount: z.number().refine((v) => v !== 0 && amountSchema.safeParse(Math.abs(v)).success, 'validation.amount_invalid'),
  reason: reasonSchema,
  requestId: requestIdSchema,
});

export const auditQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(500).default(100) });
export const auditRowSchema = z.object({
  id: z.number(),
  at: z.number(),
  operator: z.string(),
  action: z.string(),
  merchantId: z.number().nullable(),
  target: z.string(),
  reason: z.string(),
  details: z.record(z.string(), z.unknown()),
});
export const auditTrailSchema = z.array(auditRowSchema);

/** The audit browser's query: a page of the log, newest first unless `order` says otherwise, with its filters. */
export const auditLogQuerySchema = z.object({
  page: z.coerce.number().int().min(0).max(1_000_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(500).default(50),
  operator: z.string().trim().toLowerCase().max(40).optional(),
  /** An action or the start of one (`withdrawal.` finds every withdrawal action). */
  action: z.string().trim().max(60).optional(),
  merchant: merchantCodeSchema.optional(),
  target: z.string().trim().max(120).optional(),
  /** Epoch ms, inclusive. */
  from: z.coerce.number().int().min(0).optional(),
  /** Epoch ms, exclusive. */
  to: z.coerce.number().int().min(0).optional(),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;
export const auditLogRowSchema = auditRowSchema.extend({
  /** The merchant's code, null for a platform action. */
  merchant: z.string().nullable(),
  prevHash: z.string(),
  hash: z.string(),
});
export type AuditLogRow = z.infer<typeof auditLogRowSchema>;
export const auditLogSchema = z.object({ list: z.array(auditLogRowSchema), total: z.number() });

/** The chain checked end to end: where it breaks, if anywhere, and its head to keep outside the database. */
export const auditVerificationSchema = z.object({
  ok: z.boolean(),
  rows: z.number(),
  headHash: z.string(),
  headId: z.number().nullable(),
  breaks: z.array(z.object({ id: z.number(), problem: z.enum(['edited', 'unlinked']) })),
  checkedAt: z.number(),
});
export type AuditVerification = z.infer<typeof auditVerificationSchema>;
