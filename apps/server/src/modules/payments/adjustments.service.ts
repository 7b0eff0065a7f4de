import {
  type AdjustmentAnswer,
  type AdjustmentRequest,
  type AdjustmentRequestPageQuery,
  type AdjustmentStatus,
  countLimitOf,
  toAmount,
} from '@platform/contract';
import { appendAudit } from '../../platform/audit.ts';
import { type Db, inTransaction } from '../../platform/db.ts';
import { AppError, failField } from '../../platform/errors.ts';
import { minorOf } from '../../platform/money.ts';
import { accountsOf, memberById } from '../members/members.service.ts';
import { adjustmentThresholdOf, merchantById } from '../merchants/merchants.service.ts';
import { houseAccount, post, replayOf } from '../wallet/ledger.service.ts';
import { publishBalances, walletAccount, walletKinds } from '../wallet/wallet.service.ts';
import {
  type AdjustmentRequestRow,
  adjustmentRequestById,
  adjustmentRequestByKey,
  adjustmentRequestPage,
  insertAdjustmentRequest,
  updateAdjustmentRequest,
} from './adjustments.repository.ts';

// Manual adjustments of a member's main wallet, with maker-checker above the merchant's threshold
// (decision 0047): below it the adjustment posts at once; at or above it, it waits as a request that
// another operator approves (posted then) or rejects.

/** The operator acting: their id tells the maker from the checker, their account names them in the audit log. */
export interface AdjustingOperator {
  id: number;
  account: string;
}

export interface AdjustmentBody {
  /** In the currency's units (the API edge's amount); negative debits. */
  amount: number;
  reason: string;
  /** The maker's idempotency key: one adjustment, posted or requested, per request id and merchant. */
  requestId: string;
}

/** The ledger key of an adjustment, posted at once or on approval: a request id moves money at most once. */
const ledgerKey = (requestId: string) => `adjust:${requestId}`;
/** What the ledger hashes under that key: the same whether posted at once or approved, so either path replays the other. */
const ledgerRequest = (r: { memberId: number; amount: number; reason: string }) => ({
  memberId: r.memberId,
  amount: r.amount,
  reason: r.reason,
});

/**
 * A manual adjustment with a reason: positive credits the member's main wallet from the house's
 * adjustments account, negative debits it (never below zero). Below the merchant's threshold (either
 * sign) it posts at once; at or above it nothing moves and a request waits for a second operator.
 * The request id makes a repeat harmless either way: the first answer comes back.
 */
export async function adjustBalance(
  db: Db,
  operator: AdjustingOperator,
  memberId: number,
  body: AdjustmentBody,
): Promise<AdjustmentAnswer> {
  const member = await memberById(db, memberId);
  if (!member) throw new AppError('APP_ERR_NOT_FOUND');
  const merchant = await merchantById(db, member.merchantId);
  if (!merchant) throw new AppError('APP_ERR_MERCHANT_UNKNOWN');
  const amount = minorOf(body.amount, merchant.currency);
  if (amount === 0) failField('amount', 'validation.amount_positive');
  const asked = { memberId, amount, reason: body.reason };

  const requested = await adjustmentRequestByKey(db, merchant.id, body.requestId);
  if (requested) return { outcome: 'requested', request: await requestView(db, sameAdjustment(requested, asked)), replayed: true };
  if (Math.abs(amount) < adjustmentThresholdOf(merchant)) return postNow(db, operator, member, merchant.currency, asked, body.requestId);

  // Posted at once before the threshold came down to it: that movement is the answer.
  const posted = await replayOf(db, merchant.id, ledgerKey(body.requestId), ledgerRequest(asked));
  if (posted) return { outcome: 'posted', transactionId: posted.transactionId, replayed: true };
  const { row, replayed } = await inTransaction(db, async (tx) => {
    const created = await insertAdjustmentRequest(tx, {
      merchantId: merchant.id,
      memberId,
      currency: merchant.currency,
      amount,
      reason: body.reason,
      requestId: body.requestId,
      makerId: operator.id,
      maker: operator.account,
    });
    // A resend racing the first: the first's row is the answer (after it committed, which the unique index waited for).
    if (!created) {
      const first = await adjustmentRequestByKey(tx, merchant.id, body.requestId);
      if (!first) throw new Error('adjustment request conflict without a row');
      return { row: sameAdjustment(first, asked), replayed: true };
    }
    await appendAudit(tx, {
      operator: operator.account,
      action: 'ledger.adjust.request',
      merchantId: merchant.id,
      target: `member:${memberId}`,
      reason: body.reason,
      details: { amount, requestId: created.id, threshold: adjustmentThresholdOf(merchant) },
    });
    return { row: created, replayed: false };
  });
  return { outcome: 'requested', request: await requestView(db, row), replayed };
}

/** A resend under a request id must ask for the same adjustment; another one under it is refused, as the ledger refuses it. */
function sameAdjustment(row: AdjustmentRequestRow, asked: { memberId: number; amount: number; reason: string }): AdjustmentRequestRow {
  if (row.memberId !== asked.memberId || row.amount !== asked.amount || row.reason !== asked.reason) {
    throw new AppError('APP_ERR_LEDGER_DUPLICATE');
  }
  return row;
}

async function postNow(
  db: Db,
  operator: AdjustingOperator,
  member: { id: number; merchantId: number },
  currency: string,
  asked: { memberId: number; amount: number; reason: string },
  requestId: string,
): Promise<AdjustmentAnswer> {
  const res = await inTransaction(db, async (tx) => {
    const posted = await postAdjustment(tx, member, currency, asked, requestId, { operator: operator.account });
    if (!posted.replayed) {
      await appendAudit(tx, {
        operator: operator.account,
        action: 'ledger.adjust',
        merchantId: member.merchantId,
        target: `member:${member.id}`,
        reason: asked.reason,
        details: { amount: asked.amount, transactionId: posted.transactionId },
      });
    }
    return posted;
  });
  await publishBalances(db, res.members);
  return { outcome: 'posted', transactionId: res.transactionId, replayed: res.replayed };
}

/** The movement itself: the member's main wallet against the house's adjustments account, under the request id's key. */
async function postAdjustment(
  tx: Db,
  member: { id: number; merchantId: number },
  currency: string,
  asked: { memberId: number; amount: number; reason: string },
  requestId: string,
  by: { operator: string; approvedBy?: string },
) {
  const main = await walletAccount(tx, member, walletKinds.main, currency);
  const house = await houseAccount(tx, member.merchantId, 'adjustments', currency, member.id);
  return post(tx, {
    merchantId: member.merchantId,
    type: 'adjustment',
    idempotencyKey: ledgerKey(requestId),
    request: ledgerRequest(asked),
    reference: { reason: asked.reason, ...by },
    postings: [
      { accountId: main, amount: asked.amount },
      { accountId: house, amount: -asked.amount },
    ],
  });
}

/**
 * A second operator approves a pending request: the adjustment posts through the ledger and the
 * request is marked approved in one transaction, under its row's lock, so however many approvals race
 * (or an approval races a rejection) one decision is taken and the money moves once; the ledger key
 * of the request id would refuse a second movement even without the lock. The maker never approves
 * their own request, whatever their role. A debit the wallet cannot cover is refused and the request
 * stays pending.
 */
export async function approveAdjustment(db: Db, operator: AdjustingOperator, id: number, reason = '', now = new Date()) {
  const res = await inTransaction(db, async (tx) => {
    const r = await pendingRequest(tx, id);
    if (r.makerId === operator.id) throw new AppError('APP_ERR_LEDGER_ADJUSTMENT_SAME_OPERATOR');
    const member = { id: r.memberId, merchantId: r.merchantId };
    const posted = await postAdjustment(tx, member, r.currency, r, r.requestId, { operator: r.maker, approvedBy: operator.account });
    await appendAudit(tx, {
      operator: operator.account,
      action: 'ledger.adjust.approve',
      merchantId: r.merchantId,
      target: `member:${r.memberId}`,
      reason,
      details: { amount: r.amount, requestId: r.id, maker: r.maker, transactionId: posted.transactionId },
    });
    const row = await updateAdjustmentRequest(tx, r.id, {
      status: 'approved',
      checkerId: operator.id,
      checker: operator.account,
      checkerReason: reason || null,
      decidedAt: now,
      ledgerTransactionId: posted.transactionId,
    });
    return { row, members: posted.members };
  });
  await publishBalances(db, res.members);
  return requestView(db, res.row);
}

/** An operator rejects a pending request with a reason: nothing moves. The maker may reject (withdraw) their own. */
export async function rejectAdjustment(db: Db, operator: AdjustingOperator, id: number, reason: string, now = new Date()) {
  if (!reason.trim()) failField('reason', 'validation.required');
  const row = await inTransaction(db, async (tx) => {
    const r = await pendingRequest(tx, id);
    await appendAudit(tx, {
      operator: operator.account,
      action: 'ledger.adjust.reject',
      merchantId: r.merchantId,
      target: `member:${r.memberId}`,
      reason,
      details: { amount: r.amount, requestId: r.id, maker: r.maker },
    });
    return updateAdjustmentRequest(tx, r.id, {
      status: 'rejected',
      checkerId: operator.id,
      checker: operator.account,
      checkerReason: reason,
      decidedAt: now,
    });
  });
  return requestView(db, row);
}

/** The request, locked for the caller's transaction, refused unless it still waits for a decision. */
async function pendingRequest(tx: Db, id: number): Promise<AdjustmentRequestRow> {
  const r = await adjustmentRequestById(tx, id, true);
  if (!r) throw new AppError('APP_ERR_LEDGER_ADJUSTMENT_UNKNOWN');
  if (r.status !== 'pending') throw new AppError('APP_ERR_LEDGER_ADJUSTMENT_STATE', undefined, { status: r.status });
  return r;
}

/** The merchant of a request (null when there is none), for the route's scope check. */
export async function adjustmentRequestMerchant(db: Db, id: number): Promise<number | null> {
  return (await adjustmentRequestById(db, id))?.merchantId ?? null;
}

/** A page of requests in the given merchants (pending first), with the players' account names. */
export async function adjustmentRequestList(db: Db, merchants: { id: number; code: string }[], query: AdjustmentRequestPageQuery) {
  const codes = new Map(merchants.map((m) => [m.id, m.code]));
  const cap = countLimitOf(query.page, query.pageSize);
  const { rows, total } = await adjustmentRequestPage(
    db,
    { merchantIds: [...codes.keys()], status: query.status, memberId: query.memberId },
    { limit: query.pageSize, offset: query.page * query.pageSize, cap },
  );
  const accounts = await accountsOf(
    db,
    rows.map((r) => r.memberId),
  );
  return {
    list: rows.map((r) => viewOf(r, codes.get(r.merchantId) ?? '', accounts.get(r.memberId) ?? '')),
    total,
    capped: total >= cap,
  };
}

async function requestView(db: Db, r: AdjustmentRequestRow): Promise<AdjustmentRequest> {
  const [merchant, accounts] = await Promise.all([merchantById(db, r.merchantId), accountsOf(db, [r.memberId])]);
  return viewOf(r, merchant?.code ?? '', accounts.get(r.memberId) ?? '');
}

function viewOf(r: AdjustmentRequestRow, merchant: string, account: string): AdjustmentRequest {
  return {
    id: r.id,
    merchant,
    memberId: r.memberId,
    account,
    currency: r.currency,
    amount: toAmount(r.amount, r.currency),
    reason: r.reason,
    makerId: r.makerId,
    maker: r.maker,
    status: r.status as AdjustmentStatus,
    checker: r.checker,
    checkerReason: r.checkerReason,
    createdAt: r.createdAt.getTime(),
    decidedAt: r.decidedAt?.getTime() ?? null,
    transactionId: r.ledgerTransactionId,
  };
}
