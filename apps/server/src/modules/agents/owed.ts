import { toAmount } from '@platform/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../platform/db.ts';
import { AppError, fieldError } from '../../platform/errors.ts';

// What an agent still owes its downlines on salary and dividend bills it pays (decision 0028), and the
// refusal of money leaving its wallet while it does (issue 20, item 6).

/** The sum of amount − paid over the bills `memberId` pays that are not paid in full (minor units). */
export async function owedOnBills(db: Db, memberId: number): Promise<number> {
  const [row] = await queryRows<{ owed: string | number | null }>(
    db,
    sql`select coalesce(sum(amount - paid), 0) as owed from agent_bills where payer_id = ${memberId} and paid < amount`,
  );
  return Number(row?.owed ?? 0);
}

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
