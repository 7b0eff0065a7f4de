import { type ConfirmWithdrawalBody, toAmount, type Withdrawal, type WithdrawBody, type WithdrawInfo } from '@platform/contract';
import { type Db, inTransaction } from '../../platform/db.ts';
import { AppError, failField } from '../../platform/errors.ts';
import { minorOf } from '../../platform/money.ts';
import { startOfLocalDay } from '../../platform/time.ts';
import { refuseWhileOwing } from '../agents/owed.ts';
import type { AuthConfig } from '../auth/auth.config.ts';
import type { PasswordHasher } from '../auth/passwords.ts';
import { sendSystemMessage } from '../inbox/inbox.service.ts';
import type { MemberRow } from '../members/members.service.ts';
import { type Merchant, paymentSettingsOf } from '../merchants/merchants.service.ts';
import type { MessageSender } from '../messaging/messaging.service.ts';
import { withBonusWagering } from '../promotions/wagering.service.ts';
import { refuseSwitchedOff } from '../staking/play-switch.service.ts';
import { refuseUnverifiedWithdrawal } from '../verification/verification.service.ts';
import { houseAccount, lockAccounts, post } from '../wallet/ledger.service.ts';
import {
  checkPaymentPassword,
  publishBalances,
  turnoverStatus,
  walletAccount,
  walletBalance,
  walletKinds,
} from '../wallet/wallet.service.ts';
import { newReference } from './deposits.service.ts';
import {
  claimStalePaying,
  insertProof,
  insertWithdrawal,
  latestProof,
  lockMember,
  memberWithdrawalAccounts,
  memberWithdrawals,
  proofWithdrawalIds,
  updateWithdrawal,
  type WithdrawalRow,
  withdrawalAccountById,
  withdrawalByReference,
  withdrawalByRequest,
  withdrawalsSince,
} from './payments.repository.ts';
import type { PaymentProvider, ProviderRegistry } from './provider.ts';
import { accountView, mask } from './withdrawal-accounts.service.ts';
import { withdrawalPaidMessage } from './withdrawal-messages.ts';

// Withdrawal requests and their payout: the request (held at once), the member's view, the payout and
// the recovery of payouts cut off in `paying`, the proof and the confirmation of receipt.

export interface WithdrawDeps {
  db: Db;
  providers: ProviderRegistry;
  hasher: PasswordHasher;
  sender: MessageSender;
  authConfig: AuthConfig;
  /** The provider that pays withdrawals out. */
  payoutProvider: string;
}

/** What the withdraw page shows: balance, limits and what is used today, turnover still owed, accounts. */
export async function withdrawInfo(db: Db, merchant: Merchant, member: MemberRow, now = new Date()): Promise<WithdrawInfo> {
  const settings = await paymentSettingsOf(db, merchant.id);
  const [balance, turnover, used, accounts] = await Promise.all([
    walletBalance(db, member, merchant.currency),
    turnoverStatus(db, member.id, settings.turnoverMultiplier, merchant.currency).then((t) =>
      withBonusWagering(db, member.id, merchant.currency, t),
    ),
    withdrawalsSince(db, member.id, startOfLocalDay(merchant.timeZone, now)),
    memberWithdrawalAccounts(db, member.id),
  ]);
  return {
    currency: merchant.currency,
    balance: balance.main,
    min: toAmount(settings.withdrawMin, merchant.currency),
    max: toAmount(settings.withdrawMax, merchant.currency),
    dailyCount: settings.withdrawDailyCount,
    dailyAmount: toAmount(settings.withdrawDailyAmount, merchant.currency),
    usedCount: used.n,
    usedAmount: toAmount(used.total, merchant.currency),
    turnover,
    hasPaymentPassword: member.paymentPasswordHash !== null,
    confirmMinutes: settings.confirmMinutes,
    accounts: accounts.map(accountView),
    accountKinds: settings.withdrawAccountKinds as WithdrawInfo['accountKinds'],
  };
}

async function withdrawalView(db: Db, w: WithdrawalRow, hasProof?: boolean): Promise<Withdrawal> {
  const account = await withdrawalAccountById(db, w.accountId);
  return {
    reference: w.reference,
    accountId: w.accountId,
    account: account ? `${account.institution} ${mask(account.number)}` : '',
    currency: w.currency,
    amount: toAmount(w.amount, w.currency),
    status: w.status as Withdrawal['status'],
    reason: w.reviewReason,
    createdAt: w.createdAt.getTime(),
    paidAt: w.paidAt?.getTime() ?? null,
    confirmBy: w.confirmBy?.getTime() ?? null,
    confirmedAt: w.confirmedAt?.getTime() ?? null,
    autoConfirmed: w.autoConfirmed,
    receivedAmount: w.receivedAmount === null ? null : toAmount(w.receivedAmount, w.currency),
    remainingAmount: w.remainingAmount === null ? null : toAmount(w.remainingAmount, w.currency),
    hasProof: hasProof ?? (await proofWithdrawalIds(db, [w.id])).has(w.id),
  };
}

/**
 * Requests a withdrawal: checks the account, limits, payment password and turnover, then in one
 * transaction (the member's row locked, so concurrent requests are decided one by one against the
 * daily limits) records it and moves the amount from the main wallet to the held account at once.
 * A repeated request id returns the first withdrawal.
 */
export async function requestWithdrawal(deps: WithdrawDeps, merchant: Merchant, member: MemberRow, body: WithdrawBody, now = new Date()) {
  const { db } = deps;
  const earlier = await withdrawalByRequest(db, member.id, body.requestId);
  if (earlier) return withdrawalView(db, earlier);
  await refuseSwitchedOff(db, member.id, 'withdraw');
  const settings = await paymentSettingsOf(db, merchant.id);
  const account = await withdrawalAccountById(db, body.accountId);
  if (!account || account.memberId !== member.id || account.removedAt) failField('accountId', 'error.payment_not_found');
  const amount = minorOf(body.amount, merchant.currency);
  if (amount < settings.withdrawMin)
    failField('amount', 'validation.amount_below_min', { min: toAmount(settings.withdrawMin, merchant.currency) });
  if (amount > settings.withdrawMax)
    failField('amount', 'validation.amount_above_max', { max: toAmount(settings.withdrawMax, merchant.currency) });
  await checkPaymentPassword(db, deps.hasher, member, body.paymentPassword);
  // The market's identity rule (UEMOA: verified before any withdrawal).
  await refuseUnverifiedWithdrawal(db, merchant, member.id);
  // An agent owing its downlines is refused before the turnover's catch-up (and again under the lock below).
  await refuseWhileOwing(db, member.id, merchant.currency);
  // The deposits' turnover and the bonuses' wagering, current: the bets just made count.
  const turnover = await withBonusWagering(
    db,
    member.id,
    merchant.currency,
    await turnoverStatus(db, member.id, settings.turnoverMultiplier, merchant.currency),
  );
  if (turnover.remaining > 0) {
    failField('amount', 'error.turnover_not_met', { remaining: turnover.remaining }, 'APP_ERR_WALLET_TURNOVER_NOT_MET');
  }
  let members: number[] = [];
  const row = await inTransaction(db, async (tx) => {
    await lockMember(tx, member.id);
    const again = await withdrawalByRequest(tx, member.id, body.requestId);
    if (again) return again;
    const used = await withdrawalsSince(tx, member.id, startOfLocalDay(merchant.timeZone, now));
    if (used.n + 1 > settings.withdrawDailyCount || used.total + amount > settings.withdrawDailyAmount) {
      failField(
        'amount',
        'error.withdraw_daily_limit',
        { count: settings.withdrawDailyCount, amount: toAmount(settings.withdrawDailyAmount, merchant.currency) },
        'APP_ERR_WALLET_DAILY_LIMIT',
      );
    }
    const w = await insertWithdrawal(tx, {
      merchantId: merchant.id,
      memberId: member.id,
      accountId: account.id,
      reference: newReference('W'),
      requestId: body.requestId,
      currency: merchant.currency,
      amount,
      createdAt: now,
    });
    const main = await walletAccount(tx, member, walletKinds.main, merchant.currency);
    const locked = await walletAccount(tx, member, walletKinds.locked, merchant.currency);
    // The main account locked before reading what the member owes its downlines: settlement debits it too.
    await lockAccounts(
      tx,
      [main, locked].sort((a, b) => a - b),
    );
    await refuseWhileOwing(tx, member.id, merchant.currency);
    try {
      const res = await post(tx, {
        merchantId: merchant.id,
        type: 'withdrawal_hold',
        idempotencyKey: `withdraw-hold:${w.id}`,
        reference: { reference: w.reference },
        postings: [
          { accountId: main, amount: -amount },
          { accountId: locked, amount },
        ],
      });
      members = res.members;
    } catch (err) {
      if (err instanceof AppError && err.code === 'APP_ERR_WALLET_INSUFFICIENT_FUNDS') {
        throw new AppError(err.code, [{ field: 'amount', message: 'error.insufficient_funds' }]);
      }
      throw err;
    }
    return w;
  });
  await publishBalances(db, members);
  return withdrawalView(db, row, false);
}

export async function memberWithdrawal(db: Db, member: MemberRow, reference: string): Promise<Withdrawal> {
  const w = await withdrawalByReference(db, reference);
  if (!w || w.memberId !== member.id) throw new AppError('APP_ERR_PAYMENT_NOT_FOUND');
  return withdrawalView(db, w);
}

export async function withdrawalPage(db: Db, member: MemberRow, q: { pageNo: number; pageSize: number; status?: string }) {
  const { rows, total } = await memberWithdrawals(db, member.id, q.status, q.pageSize, (q.pageNo - 1) * q.pageSize);
  const proofs = await proofWithdrawalIds(
    db,
    rows.map((r) => r.id),
  );
  return {
    content: await Promise.all(rows.map((r) => withdrawalView(db, r, proofs.has(r.id)))),
    pageNo: q.pageNo,
    pageSize: q.pageSize,
    totalPages: Math.max(1, Math.ceil(total / q.pageSize)),
    totalElements: total,
  };
}

/** Moves held funds back to the main wallet (rejection, failed payout). */
export async function releaseHold(tx: Db, w: WithdrawalRow, type: string): Promise<number[]> {
  const owner = { id: w.memberId, merchantId: w.merchantId };
  const res = await post(tx, {
    merchantId: w.merchantId,
    type: 'withdrawal_release',
    idempotencyKey: `withdraw-release:${w.id}`,
    reference: { reference: w.reference, reason: type },
    postings: [
      { accountId: await walletAccount(tx, owner, walletKinds.locked, w.currency), amount: -w.amount },
      { accountId: await walletAccount(tx, owner, walletKinds.main, w.currency), amount: w.amount },
    ],
  });
  return res.members;
}

/** A withdrawal left paying this long is taken as cut off (its node died mid-payout) and finished by the recovery. */
export const PAYING_STALE_MS = 2 * 60_000;

/**
 * Finishes withdrawals an approval left half done: approved (paying) but never marked paid or
 * failed, because the node died during the payout. Each is claimed with one conditional update that
 * renews its time (another node skips it for PAYING_STALE_MS), then paid out again under the same
 * reference: providers take the reference as the payout's idempotency key, so a payout already sent
 * answers its first result and no money leaves twice. The ledger side is keyed by the withdrawal.
 * Returns the withdrawals finished.
 */
export async function finishPayingWithdrawals(deps: WithdrawDeps, now = new Date()): Promise<number> {
  const provider = deps.providers.get(deps.payoutProvider);
  if (!provider) return 0;
  const stale = await claimStalePaying(deps.db, new Date(now.getTime() - PAYING_STALE_MS), now);
  let finished = 0;
  for (const w of stale) if (await payOut(deps, provider, w, now)) finished++;
  return finished;
}

/**
 * Pays out a withdrawal in `paying` through the provider (by its reference) and records the result
 * in one transaction: paid (the held funds leave the house through cash-out) or failed (they go back
 * to the player). Undefined when the withdrawal is no longer paying (another node finished it).
 */
export async function payOut(deps: WithdrawDeps, provider: PaymentProvider, claimed: WithdrawalRow, now: Date) {
  const { db } = deps;
  const account = await withdrawalAccountById(db, claimed.accountId);
  if (!account) throw new Error('withdrawal account vanished');
  const payout = await provider
    .payout({
      reference: claimed.reference,
      currency: claimed.currency,
      amount: claimed.amount,
      account: { kind: account.kind, holderName: account.holderName, institution: account.institution, number: account.number },
    })
    .catch(() => ({ providerRef: '', status: 'failed' as const }));
  const settings = await paymentSettingsOf(db, claimed.merchantId);
  let members: number[] = [];
  const row = await inTransaction(db, async (tx) => {
    const w = await withdrawalByReference(tx, claimed.reference, true);
    if (w?.status !== 'paying') return undefined;
    if (payout.status === 'failed') {
      members = await releaseHold(tx, w, 'payout_failed');
      return updateWithdrawal(tx, w.id, { status: 'failed', provider: provider.code });
    }
    const owner = { id: w.memberId, merchantId: w.merchantId };
    const res = await post(tx, {
      merchantId: w.merchantId,
      type: 'withdrawal',
      idempotencyKey: `withdraw-paid:${w.id}`,
      reference: { reference: w.reference, provider: provider.code },
      postings: [
        { accountId: await walletAccount(tx, owner, walletKinds.locked, w.currency), amount: -w.amount },
        { accountId: await houseAccount(tx, w.merchantId, 'cash_out', w.currency, w.memberId), amount: w.amount },
      ],
    });
    members = res.members;
    await sendSystemMessage(tx, {
      member: owner,
      ...withdrawalPaidMessage(w),
      from: 'payments',
      dedupeKey: `withdrawal-paid:${w.id}`,
    });
    return updateWithdrawal(tx, w.id, {
      status: 'paid',
      provider: provider.code,
      providerRef: payout.providerRef,
      paidAt: now,
      confirmBy: new Date(now.getTime() + settings.confirmMinutes * 60_000),
    });
  });
  await publishBalances(db, members);
  return row;
}

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);
export const MAX_PROOF_BYTES = 5 * 1024 * 1024;

/** The proof image of a partly received withdrawal: png or jpg by content (not by name), at most 5 MB. */
export async function uploadProof(db: Db, member: MemberRow, reference: string, bytes: Buffer): Promise<void> {
  const w = await withdrawalByReference(db, reference);
  if (!w || w.memberId !== member.id) throw new AppError('APP_ERR_PAYMENT_NOT_FOUND');
  if (w.status !== 'paid') throw new AppError('APP_ERR_PAYMENT_STATE');
  const type = bytes.subarray(0, 8).equals(PNG) ? 'image/png' : bytes.subarray(0, 3).equals(JPEG) ? 'image/jpeg' : undefined;
  if (!type) failField('proof', 'validation.image_type');
  if (bytes.length > MAX_PROOF_BYTES) failField('proof', 'validation.image_too_big', { max: 5 });
  await insertProof(db, w.id, type ?? 'image/png', bytes);
}

export async function proofOf(db: Db, member: MemberRow, reference: string) {
  const w = await withdrawalByReference(db, reference);
  if (!w || w.memberId !== member.id) throw new AppError('APP_ERR_PAYMENT_NOT_FOUND');
  const proof = await latestProof(db, w.id);
  if (!proof) throw new AppError('APP_ERR_PAYMENT_NOT_FOUND');
  return proof;
}

/**
 * The player's confirmation of a paid withdrawal: received, not received, or partly received with
 * the amount that arrived (the remainder is recorded for the operator) and a proof image uploaded before.
 * Only while the withdrawal awaits confirmation: after the merchant's N minutes it counts as received.
 */
export async function confirmWithdrawal(db: Db, member: MemberRow, reference: string, body: ConfirmWithdrawalBody, now = new Date()) {
  const row = await inTransaction(db, async (tx) => {
    const w = await withdrawalByReference(tx, reference, true);
    if (!w || w.memberId !== member.id) throw new AppError('APP_ERR_PAYMENT_NOT_FOUND');
    if (w.status !== 'paid') throw new AppError('APP_ERR_PAYMENT_STATE');
    if (body.result !== 'partly_received') return updateWithdrawal(tx, w.id, { status: body.result, confirmedAt: now });
    if (body.receivedAmount === undefined) return failField('receivedAmount', 'validation.required');
    const received = minorOf(body.receivedAmount, w.currency, 'receivedAmount');
    if (received >= w.amount)
      return failField('receivedAmount', 'validation.amount_above_max', { max: toAmount(w.amount - 1, w.currency) });
    if (!(await latestProof(tx, w.id))) return failField('proof', 'validation.required');
    return updateWithdrawal(tx, w.id, {
      status: 'partly_received',
      confirmedAt: now,
      receivedAmount: received,
      remainingAmount: w.amount - received,
    });
  });
  return withdrawalView(db, row);
}
