import {
  type BindWithdrawalAccountBody,
  type CodeSent,
  type ConfirmWithdrawalBody,
  pixKeyTypes,
  toAmount,
  toMinor,
  type Withdrawal,
  type WithdrawalAccount,
  type WithdrawBody,
  type WithdrawInfo,
} from '@platform/contract';
import { appendAudit } from '../../platform/audit.ts';
import type { Db } from '../../platform/db.ts';
import { uniqueViolation } from '../../platform/db-errors.ts';
import { AppError, failField } from '../../platform/errors.ts';
import { startOfLocalDay } from '../../platform/time.ts';
import type { AuthConfig } from '../auth/auth.config.ts';
import type { PasswordHasher } from '../auth/passwords.ts';
import { checkCode, sendCode, spendCode } from '../auth/verification.service.ts';
import { type MemberRow, normalizeMobile } from '../members/members.service.ts';
import type { Merchant } from '../merchants/merchants.service.ts';
import type { MessageSender } from '../messaging/messaging.service.ts';
import { houseAccount, post } from '../wallet/ledger.service.ts';
import {
  checkPaymentPassword,
  publishBalances,
  turnoverStatus,
  walletAccount,
  walletBalance,
  walletKinds,
} from '../wallet/wallet.service.ts';
import { newReference } from './deposits.service.ts';
import { paymentSettingsOf } from './payment-settings.ts';
import {
  claimStalePaying,
  insertProof,
  insertWithdrawal,
  insertWithdrawalAccount,
  latestProof,
  lockMember,
  memberWithdrawalAccounts,
  memberWithdrawals,
  proofWithdrawalIds,
  removeWithdrawalAccount,
  updateWithdrawal,
  type WithdrawalAccountRow,
  type WithdrawalRow,
  withdrawalAccountById,
  withdrawalByReference,
  withdrawalByRequest,
  withdrawalsSince,
} from './payments.repository.ts';
import type { PaymentProvider, ProviderRegistry } from './provider.ts';

export interface WithdrawDeps {
  db: Db;
  providers: ProviderRegistry;
  hasher: PasswordHasher;
  sender: MessageSender;
  authConfig: AuthConfig;
  /** The provider that pays withdrawals out. */
  payoutProvider: string;
}

const inTx = <T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> => db.transaction((t) => work(t as unknown as Db));

const mask = (number: string) => (number.length <= 4 ? number : `${'*'.repeat(Math.min(6, number.length - 4))}${number.slice(-4)}`);

function accountView(a: WithdrawalAccountRow): WithdrawalAccount {
  return {
    id: a.id,
    kind: a.kind as WithdrawalAccount['kind'],
    holderName: a.holderName,
    institution: a.institution,
    number: mask(a.number),
    createdAt: a.createdAt.getTime(),
  };
}

/** Where a withdrawal-account code goes: the member's bound mobile, else the bound email. */
function codeTarget(member: MemberRow) {
  if (member.mobile) return { channel: 'sms' as const, target: member.mobile };
  if (member.email) return { channel: 'email' as const, target: member.email.toLowerCase() };
  throw new AppError('APP_ERR_WALLET_BIND_CONTACT_FIRST');
}

/** Sends the code that proves the member binds a withdrawal account (to the member's own phone or email). */
export function sendWithdrawAccountCode(
  deps: WithdrawDeps,
  merchant: Merchant,
  member: MemberRow,
  how: { ip: string; lang: string },
): Promise<CodeSent> {
  const to = codeTarget(member);
  return sendCode(
    deps.db,
    deps.sender,
    deps.authConfig,
    { merchantId: merchant.id, channel: to.channel, target: to.target, purpose: `withdraw-account:${member.id}` },
    { ip: how.ip, lang: how.lang, brand: merchant.theme.brandName },
  );
}

/** CPF check digits (mod 11). */
function validCpf(digits: string): boolean {
  if (!/^\d{11}$/.test(digits) || /^(\d)\1{10}$/.test(digits)) return false;
  const check = (len: number) => {
    let sum = 0;
    for (let i = 0; i < len; i++) sum += Number(digits[i]) * (len + 1 - i);
    const r = (sum * 10) % 11;
    return r === 10 ? 0 : r;
  };
  return check(9) === Number(digits[9]) && check(10) === Number(digits[10]);
}

const mobileBrands = ['orange', 'wave', 'mtn', 'moov', 'free'];

/** The account number in its stored form, or a field error saying what is wrong with it. */
function normalizeAccountNumber(merchant: Merchant, body: BindWithdrawalAccountBody): { institution: string; number: string } {
  const institution = body.institution.trim();
  if (body.kind === 'pix') {
    const type = institution.toLowerCase();
    if (!(pixKeyTypes as readonly string[]).includes(type)) return failField('institution', 'validation.unknown_value');
    const raw = body.number.trim();
    const digits = raw.replace(/[.\-/\s]/g, '');
    const ok =
      (type === 'cpf' && validCpf(digits)) ||
      (type === 'cnpj' && /^\d{14}$/.test(digits)) ||
      (type === 'email' && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(raw)) ||
      (type === 'random' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(raw));
    if (type === 'phone') {
      const m = normalizeMobile(undefined, raw, merchant.country);
      if (!m) return failField('number', 'validation.pix_key_invalid');
      return { institution: type, number: m.e164 };
    }
    if (!ok) return failField('number', 'validation.pix_key_invalid');
    return { institution: type, number: type === 'email' ? raw.toLowerCase() : type === 'random' ? raw.toLowerCase() : digits };
  }
  if (body.kind === 'mobile_money') {
    if (!mobileBrands.includes(institution.toLowerCase())) return failField('institution', 'validation.unknown_value');
    const m = normalizeMobile(undefined, body.number, merchant.country);
    if (!m) return failField('number', 'validation.mobile_invalid');
    return { institution: institution.toLowerCase(), number: m.e164 };
  }
  const number = body.number.replace(/\s/g, '');
  if (!/^[0-9A-Za-z-]{4,34}$/.test(number)) return failField('number', 'validation.bank_account_invalid');
  return { institution, number: number.toUpperCase() };
}

const MAX_ACCOUNTS = 5;

/** Binds a withdrawal account after checking the code sent to the member's own phone or email. */
export async function bindWithdrawalAccount(deps: WithdrawDeps, merchant: Merchant, member: MemberRow, body: BindWithdrawalAccountBody) {
  const settings = await paymentSettingsOf(deps.db, merchant.id);
  if (!settings.withdrawAccountKinds.includes(body.kind)) failField('kind', 'validation.unknown_value');
  const { institution, number } = normalizeAccountNumber(merchant, body);
  if ((await memberWithdrawalAccounts(deps.db, member.id)).length >= MAX_ACCOUNTS)
    failField('kind', 'validation.too_many_accounts', { max: MAX_ACCOUNTS });
  const to = codeTarget(member);
  const codeId = await checkCode(
    deps.db,
    { merchantId: merchant.id, channel: to.channel, target: to.target, purpose: `withdraw-account:${member.id}` },
    body.verificationCode,
  );
  try {
    const row = await inTx(deps.db, async (tx) => {
      await spendCode(tx, codeId);
      return insertWithdrawalAccount(tx, {
        merchantId: merchant.id,
        memberId: member.id,
        kind: body.kind,
        holderName: body.holderName,
        institution,
        number,
      });
    });
    return accountView(row);
  } catch (err) {
    if (uniqueViolation(err) !== undefined)
      throw new AppError('APP_ERR_WALLET_ACCOUNT_TAKEN', [{ field: 'number', message: 'error.withdraw_account_taken' }]);
    throw err;
  }
}

export async function removeAccount(db: Db, member: MemberRow, id: number): Promise<void> {
  if (!(await removeWithdrawalAccount(db, member.id, id, new Date()))) throw new AppError('APP_ERR_PAYMENT_NOT_FOUND');
}

/** What the withdraw page shows: balance, limits and what is used today, turnover still owed, accounts. */
export async function withdrawInfo(db: Db, merchant: Merchant, member: MemberRow, now = new Date()): Promise<WithdrawInfo> {
  const settings = await paymentSettingsOf(db, merchant.id);
  const [balance, turnover, used, accounts] = await Promise.all([
    walletBalance(db, member, merchant.currency),
    turnoverStatus(db, member.id, settings.turnoverMultiplier),
    withdrawalsSince(db, member.id, startOfLocalDay(merchant.timeZone, now)),
    memberWithdrawalAccounts(db, member.id),
  ]);
  return {
    currency: merchant.currency,
    balance: balance.main,
    min: toAmount(settings.withdrawMin),
    max: toAmount(settings.withdrawMax),
    dailyCount: settings.withdrawDailyCount,
    dailyAmount: toAmount(settings.withdrawDailyAmount),
    usedCount: used.n,
    usedAmount: toAmount(used.total),
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
    amount: toAmount(w.amount),
    status: w.status as Withdrawal['status'],
    reason: w.reviewReason,
    createdAt: w.createdAt.getTime(),
    paidAt: w.paidAt?.getTime() ?? null,
    confirmBy: w.confirmBy?.getTime() ?? null,
    confirmedAt: w.confirmedAt?.getTime() ?? null,
    autoConfirmed: w.autoConfirmed,
    receivedAmount: w.receivedAmount === null ? null : toAmount(w.receivedAmount),
    remainingAmount: w.remainingAmount === null ? null : toAmount(w.remainingAmount),
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
  const settings = await paymentSettingsOf(db, merchant.id);
  const account = await withdrawalAccountById(db, body.accountId);
  if (!account || account.memberId !== member.id || account.removedAt) failField('accountId', 'error.payment_not_found');
  const amount = toMinor(body.amount);
  if (amount < settings.withdrawMin) failField('amount', 'validation.amount_below_min', { min: toAmount(settings.withdrawMin) });
  if (amount > settings.withdrawMax) failField('amount', 'validation.amount_above_max', { max: toAmount(settings.withdrawMax) });
  await checkPaymentPassword(db, deps.hasher, member, body.paymentPassword);
  const turnover = await turnoverStatus(db, member.id, settings.turnoverMultiplier);
  if (turnover.remaining > 0) {
    failField('amount', 'error.turnover_not_met', { remaining: turnover.remaining }, 'APP_ERR_WALLET_TURNOVER_NOT_MET');
  }
  let members: number[] = [];
  const row = await inTx(db, async (tx) => {
    await lockMember(tx, member.id);
    const again = await withdrawalByRequest(tx, member.id, body.requestId);
    if (again) return again;
    const used = await withdrawalsSince(tx, member.id, startOfLocalDay(merchant.timeZone, now));
    if (used.n + 1 > settings.withdrawDailyCount || used.total + amount > settings.withdrawDailyAmount) {
      failField(
        'amount',
        'error.withdraw_daily_limit',
        { count: settings.withdrawDailyCount, amount: toAmount(settings.withdrawDailyAmount) },
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
async function releaseHold(tx: Db, w: WithdrawalRow, type: string): Promise<number[]> {
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

export interface Operator {
  name: string;
}

/** An operator refuses a pending withdrawal with a reason: the held funds go back to the main wallet. */
export async function rejectWithdrawal(db: Db, operator: Operator, reference: string, reason: string, now = new Date()) {
  if (!reason.trim()) failField('reason', 'validation.required');
  let members: number[] = [];
  const row = await inTx(db, async (tx) => {
    const w = await withdrawalByReference(tx, reference, true);
    if (!w) throw new AppError('APP_ERR_PAYMENT_NOT_FOUND');
    if (w.status !== 'pending') throw new AppError('APP_ERR_PAYMENT_STATE');
    members = await releaseHold(tx, w, 'rejected');
    await appendAudit(tx, {
      operator: operator.name,
      action: 'withdrawal.reject',
      merchantId: w.merchantId,
      target: w.reference,
      reason,
      details: { amount: w.amount, memberId: w.memberId },
    });
    return updateWithdrawal(tx, w.id, { status: 'rejected', reviewedBy: operator.name, reviewReason: reason, reviewedAt: now });
  });
  await publishBalances(db, members);
  return row;
}

/**
 * An operator approves a pending withdrawal: it is claimed (paying), paid out through the provider,
 * then the held funds leave the house through cash-out and the player has the merchant's N minutes
 * to confirm. A refused payout returns the funds (failed).
 */
export async function approveWithdrawal(deps: WithdrawDeps, operator: Operator, reference: string, reason = '', now = new Date()) {
  const { db } = deps;
  const provider = deps.providers.get(deps.payoutProvider);
  if (!provider) throw new AppError('APP_ERR_PAYMENT_PROVIDER_FAILED');
  const claimed = await inTx(db, async (tx) => {
    const w = await withdrawalByReference(tx, reference, true);
    if (!w) throw new AppError('APP_ERR_PAYMENT_NOT_FOUND');
    if (w.status !== 'pending') throw new AppError('APP_ERR_PAYMENT_STATE');
    await appendAudit(tx, {
      operator: operator.name,
      action: 'withdrawal.approve',
      merchantId: w.merchantId,
      target: w.reference,
      reason,
      details: { amount: w.amount, memberId: w.memberId },
    });
    return updateWithdrawal(tx, w.id, { status: 'paying', reviewedBy: operator.name, reviewReason: reason || null, reviewedAt: now });
  });
  const row = await payOut(deps, provider, claimed, now);
  if (!row) throw new AppError('APP_ERR_PAYMENT_STATE');
  return row;
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
async function payOut(deps: WithdrawDeps, provider: PaymentProvider, claimed: WithdrawalRow, now: Date) {
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
  const row = await inTx(db, async (tx) => {
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
  const row = await inTx(db, async (tx) => {
    const w = await withdrawalByReference(tx, reference, true);
    if (!w || w.memberId !== member.id) throw new AppError('APP_ERR_PAYMENT_NOT_FOUND');
    if (w.status !== 'paid') throw new AppError('APP_ERR_PAYMENT_STATE');
    if (body.result !== 'partly_received') return updateWithdrawal(tx, w.id, { status: body.result, confirmedAt: now });
    if (body.receivedAmount === undefined) return failField('receivedAmount', 'validation.required');
    const received = toMinor(body.receivedAmount);
    if (received >= w.amount) return failField('receivedAmount', 'validation.amount_above_max', { max: toAmount(w.amount - 1) });
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
