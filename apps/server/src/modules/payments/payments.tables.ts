import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { LocalText } from '../content/content.tables.ts';
import { members } from '../members/members.tables.ts';
import { merchants } from '../merchants/merchants.tables.ts';
import { operators } from '../operators/operators.tables.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => Buffer.from(v),
});

/** A way to pay in (depositv2) of one merchant and currency, through one provider. */
export const paymentChannels = pgTable(
  'payment_channels',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    code: text('code').notNull(),
    /** pix, mobile_money, bank. */
    method: text('method').notNull(),
    /** The provider that executes it (sandbox until a real contract is configured). */
    provider: text('provider').notNull(),
    /** The wallet brand behind a mobile-money channel (orange, wave), empty otherwise. */
    brand: text('brand').notNull().default(''),
    currency: text('currency').notNull(),
    name: jsonb('name').$type<LocalText>().notNull(),
    instructions: jsonb('instructions').$type<LocalText>().notNull(),
    /** Minor units. */
    minAmount: bigint('min_amount', { mode: 'number' }).notNull(),
    maxAmount: bigint('max_amount', { mode: 'number' }).notNull(),
    /** Fee kept from the deposit: fixed minor units plus basis points of the amount. */
    feeFixed: bigint('fee_fixed', { mode: 'number' }).notNull().default(0),
    feeBps: integer('fee_bps').notNull().default(0),
    /** Minutes the player has to pay before the charge expires. */
    expiryMinutes: integer('expiry_minutes').notNull().default(15),
    enabled: boolean('enabled').notNull().default(true),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('payment_channels_merchant_code_uq').on(t.merchantId, t.code)],
);

/**
 * A deposit: created pending with the provider's charge, then approved (credited once, with the
 * provider's transaction id as the ledger key), declined or expired.
 */
export const deposits = pgTable(
  'deposits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    channelId: integer('channel_id')
      .notNull()
      .references(() => paymentChannels.id),
    /** Our reference, sent to the provider and shown to the player. */
    reference: text('reference').notNull().unique(),
    /** The player's request id: a repeated create returns the first deposit. */
    requestId: text('request_id'),
    currency: text('currency').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    fee: bigint('fee', { mode: 'number' }).notNull(),
    /** pending, approved, declined, expired. */
    status: text('status').notNull().default('pending'),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref'),
    providerTxId: text('provider_tx_id'),
    /** What the player uses to pay: the PIX copy-paste code, the number pushed to, a checkout link. */
    payCode: text('pay_code').notNull().default(''),
    payUrl: text('pay_url').notNull().default(''),
    payerMobile: text('payer_mobile'),
    ledgerTransactionId: bigint('ledger_transaction_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('deposits_member_request_uq').on(t.memberId, t.requestId),
    uniqueIndex('deposits_provider_ref_uq').on(t.provider, t.providerRef),
    index('deposits_member_idx').on(t.memberId, t.id),
    index('deposits_pending_idx').on(t.status, t.expiresAt),
  ],
);

/** Every webhook call received, kept whatever its fate (verified, refused and why). */
export const paymentWebhooks = pgTable('payment_webhooks', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  provider: text('provider').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  signatureOk: boolean('signature_ok').notNull(),
  /** credited, duplicate, declined, expired, refused:<reason>. */
  outcome: text('outcome').notNull(),
  body: text('body').notNull(),
});

/** The sandbox provider's own book of charges and payouts: what a real provider keeps on its side. */
export const sandboxPayments = pgTable('sandbox_payments', {
  id: text('id').primaryKey(),
  /** charge or payout. */
  kind: text('kind').notNull(),
  merchantReference: text('merchant_reference').notNull(),
  method: text('method').notNull(),
  currency: text('currency').notNull(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  /** pending, paid, declined, expired. */
  status: text('status').notNull().default('pending'),
  /** The transaction id the provider gives a settled charge. */
  transactionId: text('transaction_id'),
  callbackUrl: text('callback_url').notNull(),
  payer: text('payer').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  settledAt: timestamp('settled_at', { withTimezone: true }),
});

/** Where a member's withdrawals are paid: a bank account, a PIX key or a mobile-money number. */
export const withdrawalAccounts = pgTable(
  'withdrawal_accounts',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    /** bank, pix, mobile_money. */
    kind: text('kind').notNull(),
    holderName: text('holder_name').notNull(),
    /** Bank name, PIX key type (cpf, email, phone, random) or mobile-money brand. */
    institution: text('institution').notNull(),
    /** Account number, PIX key or E.164 number. */
    number: text('number').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('withdrawal_accounts_member_number_uq').on(t.memberId, t.kind, t.number).where(sql`${t.removedAt} is null`),
    // The operators' linked accounts: the members of a merchant paid to the same payee.
    index('withdrawal_accounts_payee_idx').on(t.merchantId, t.kind, t.number),
  ],
);

/**
 * A withdrawal: funds held at the request; an operator approves (paid out through the provider)
 * or rejects (funds returned); the player then confirms receipt, or it counts as received.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => withdrawalAccounts.id),
    reference: text('reference').notNull().unique(),
    requestId: text('request_id'),
    currency: text('currency').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /**
     * pending (held, awaiting review), paying (approved, payout under way), paid (awaiting the player's
     * confirmation), rejected, failed (payout refused: funds returned), received, not_received, partly_received.
     */
    status: text('status').notNull().default('pending'),
    reviewedBy: text('reviewed_by'),
    reviewReason: text('review_reason'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    provider: text('provider'),
    providerRef: text('provider_ref'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    confirmBy: timestamp('confirm_by', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** Set when nobody confirmed in time and the job counted it as received. */
    autoConfirmed: boolean('auto_confirmed').notNull().default(false),
    receivedAmount: bigint('received_amount', { mode: 'number' }),
    remainingAmount: bigint('remaining_amount', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('withdrawals_member_request_uq').on(t.memberId, t.requestId),
    index('withdrawals_member_idx').on(t.memberId, t.createdAt),
    index('withdrawals_status_idx').on(t.merchantId, t.status),
    index('withdrawals_confirm_idx').on(t.status, t.confirmBy),
  ],
);

/** The image a player uploads to prove what arrived of a partly received withdrawal. */
export const withdrawalProofs = pgTable('withdrawal_proofs', {
  id: serial('id').primaryKey(),
  withdrawalId: bigint('withdrawal_id', { mode: 'number' })
    .notNull()
    .references(() => withdrawals.id),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A manual adjustment at or above the merchant's threshold, waiting for a second operator
 * (maker-checker, decision 0047): approved (posted through the ledger under the key
 * `adjust:<requestId>`, in the transaction that marks it approved) or rejected with a reason. The
 * maker's request id is unique per merchant, so a resend finds the same request.
 */
export const adjustmentRequests = pgTable(
  'adjustment_requests',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    currency: text('currency').notNull(),
    /** Minor units: positive credits the member's main wallet, negative debits it. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    /** The maker's idempotency key. */
    requestId: text('request_id').notNull(),
    makerId: integer('maker_id')
      .notNull()
      .references(() => operators.id),
    /** The maker's account (operators' accounts are never renamed or reused), as audit lines name operators. */
    maker: text('maker').notNull(),
    /** pending, approved, rejected. */
    status: text('status').notNull().default('pending'),
    checkerId: integer('checker_id').references(() => operators.id),
    checker: text('checker'),
    checkerReason: text('checker_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    ledgerTransactionId: bigint('ledger_transaction_id', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('adjustment_requests_merchant_request_uq').on(t.merchantId, t.requestId),
    index('adjustment_requests_merchant_status_idx').on(t.merchantId, t.status, t.id),
    index('adjustment_requests_member_idx').on(t.memberId, t.id),
    check('adjustment_requests_status_ck', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check('adjustment_requests_amount_ck', sql`${t.amount} <> 0`),
    // Approved by an operator other than the maker: the database holds the rule the service checks. (The maker may
    // reject their own request, which moves nothing: that is how a mistyped one is withdrawn.)
    check('adjustment_requests_checker_ck', sql`${t.status} <> 'approved' or ${t.checkerId} <> ${t.makerId}`),
  ],
);
