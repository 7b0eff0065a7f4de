import { countLimitOf, type QueuedWithdrawal, toAmount, type WithdrawalDetail, type WithdrawalQueuePageQuery } from '@platform/contract';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { accountsOf, memberById } from '../members/members.service.ts';
import { merchantById } from '../merchants/merchants.service.ts';
import { historyPage, historyTotals } from '../wallet/wallet.service.ts';
import {
  listWithdrawals,
  paidWithdrawalCount,
  type WithdrawalRow,
  withdrawalAccountById,
  withdrawalByReference,
  withdrawalPage,
} from './payments.repository.ts';

export function operatorWithdrawalView(w: WithdrawalRow) {
  return {
    reference: w.reference,
    merchantId: w.merchantId,
    memberId: w.memberId,
    accountId: w.accountId,
    currency: w.currency,
    amount: toAmount(w.amount, w.currency),
    status: w.status,
    createdAt: w.createdAt.getTime(),
    reviewedBy: w.reviewedBy,
    reviewReason: w.reviewReason,
    paidAt: w.paidAt?.getTime() ?? null,
    confirmBy: w.confirmBy?.getTime() ?? null,
    receivedAmount: w.receivedAmount === null ? null : toAmount(w.receivedAmount, w.currency),
    remainingAmount: w.remainingAmount === null ? null : toAmount(w.remainingAmount, w.currency),
  };
}

export async function withdrawalQueue(db: Db, filter: { merchantId?: number; statuses?: string[] }, limit = 100) {
  return (await listWithdrawals(db, filter, limit)).map(operatorWithdrawalView);
}

/** A member's whole ledger (every wallet, the held account too), newest first. */
export async function memberLedger(db: Db, memberId: number, pageNo: number, pageSize: number) {
  const member = await memberById(db, memberId);
  if (!member) throw new AppError('APP_ERR_NOT_FOUND');
  const filter = { memberId, types: [], from: new Date(0), to: new Date(Date.now() + 86_400_000), allWallets: true };
  const [rows, totals, currency] = await Promise.all([
    historyPage(db, filter, pageSize, (pageNo - 1) * pageSize),
    historyTotals(db, filter),
    merchantCurrencyOf(db, member.merchantId),
  ]);
  return {
    member: { id: member.id, account: member.account, merchantId: member.merchantId },
    content: rows.map((r) => ({ ...r, amount: toAmount(r.amount, currency), balanceAfter: toAmount(r.balanceAfter, currency) })),
    pageNo,
    pageSize,
    totalElements: totals.count,
    totalPages: Math.max(1, Math.ceil(totals.count / pageSize)),
  };
}

async function merchantCurrencyOf(db: Db, merchantId: number): Promise<string> {
  const m = await merchantById(db, merchantId);
  if (!m) throw new AppError('APP_ERR_MERCHANT_UNKNOWN');
  return m.currency;
}

/** A new account's first days: a withdrawal from an account younger than this is flagged. */
const newAccountMs = 7 * 86_400_000;

/** A page of the review queue (or of one status's history) in the given merchants, with the players' account names. */
export async function withdrawalQueuePage(db: Db, merchants: { id: number; code: string }[], query: WithdrawalQueuePageQuery) {
  const codes = new Map(merchants.map((m) => [m.id, m.code]));
  const cap = countLimitOf(query.page, query.pageSize);
  const { rows, total } = await withdrawalPage(
    db,
    { merchantIds: [...codes.keys()], status: query.status },
    { limit: query.pageSize, offset: query.page * query.pageSize, desc: query.order === 'desc', cap },
  );
  const accounts = await accountsOf(
    db,
    rows.map((w) => w.memberId),
  );
  return {
    list: rows.map((w) => queuedView(w, codes.get(w.merchantId) ?? '', accounts.get(w.memberId) ?? '')),
    total,
    capped: total >= cap,
  };
}

function queuedView(w: WithdrawalRow, merchant: string, account: string): QueuedWithdrawal {
  return {
    reference: w.reference,
    merchant,
    memberId: w.memberId,
    account,
    currency: w.currency,
    amount: toAmount(w.amount, w.currency),
    status: w.status,
    createdAt: w.createdAt.getTime(),
    reviewedBy: w.reviewedBy,
    reviewReason: w.reviewReason,
  };
}

/**
 * What a reviewer reads before deciding: the withdrawal, where the money goes, the player, and the
 * flags that call for a closer look (a new account, a first payout, a payee who is not the player).
 */
export async function withdrawalDetail(db: Db, merchantCode: string, reference: string, now = new Date()): Promise<WithdrawalDetail> {
  const w = await withdrawalByReference(db, reference);
  if (!w) throw new AppError('APP_ERR_PAYMENT_NOT_FOUND');
  const [member, payee, paidBefore] = await Promise.all([
    memberById(db, w.memberId),
    withdrawalAccountById(db, w.accountId),
    paidWithdrawalCount(db, w.memberId, w.id),
  ]);
  if (!member) throw new AppError('APP_ERR_NOT_FOUND');
  const flags: WithdrawalDetail['flags'] = [];
  if (now.getTime() - member.createdAt.getTime() < newAccountMs) flags.push('new_account');
  if (paidBefore === 0) flags.push('first_withdrawal');
  const same = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'base' }) === 0;
  if (payee && member.payeeName && !same(payee.holderName.trim(), member.payeeName.trim())) flags.push('payee_differs');
  return {
    ...queuedView(w, merchantCode, member.account),
    paidAt: w.paidAt?.getTime() ?? null,
    receivedAmount: w.receivedAmount === null ? null : toAmount(w.receivedAmount, w.currency),
    payee: payee ? { kind: payee.kind, holderName: payee.holderName, institution: payee.institution, number: payee.number } : null,
    member: { createdAt: member.createdAt.getTime(), payeeName: member.payeeName, mobile: member.mobile },
    paidBefore,
    flags,
  };
}
