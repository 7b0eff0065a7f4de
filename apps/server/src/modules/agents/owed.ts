import { toAmount } from '@platform/contract';
import type { Db } from '../../platform/db.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { owedOnBills } from './settlement.repository.ts';

export { owedOnBills };

// What an agent still owes its downlines on salary and dividend bills it pays (decision 0028), and the
// refusal of money leaving its wallet while it does (issue 20, item 6).

/**
 * Refuses money leaving an agent's wallet (a transfer, a withdrawal) while it owes its downlines:
 * APP_ERR_AGENT_OWES_DOWNLINES at the amount field, with what it owes in major units. Call it in the
 * transaction that debits, after locking the debited ledger account: settlement and the minute's
 * installments debit that same account, so a bill committed before the lock is seen here and none
 * can be paid short by a transfer slipping in between.
 */
export async function refuseWhileOwing(tx: Db, memberId: number, currency: string): Promise<void> {
  const owed = await owedOnBills(tx, memberId);
  if (owed <= 0) return;
  const amount = toAmount(owed, currency);
  throw new AppError('APP_ERR_AGENT_OWES_DOWNLINES', [fieldError('amount', 'error.agent_owes_downlines', { owed: amount })], {
    owed: amount,
    currency,
  });
}
