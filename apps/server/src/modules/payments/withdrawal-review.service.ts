import { appendAudit } from '../../platform/audit.ts';
import { type Db, inTransaction } from '../../platform/db.ts';
import { AppError, failField } from '../../platform/errors.ts';
import { publishBalances } from '../wallet/wallet.service.ts';
import { updateWithdrawal, withdrawalByReference } from './payments.repository.ts';
import { payOut, releaseHold, type WithdrawDeps } from './withdrawal-requests.service.ts';

// The operators' review of pending withdrawals: rejection (the held funds go back) and approval (paid out).

export interface Operator {
  name: string;
}

/** An operator refuses a pending withdrawal with a reason: the held funds go back to the main wallet. */
export async function rejectWithdrawal(db: Db, operator: Operator, reference: string, reason: string, now = new Date()) {
  if (!reason.trim()) failField('reason', 'validation.required');
  let members: number[] = [];
  const row = await inTransaction(db, async (tx) => {
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
  const claimed = await inTransaction(db, async (tx) => {
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
