import { sql } from 'drizzle-orm';
import { houseAccount, memberAccount, post } from '../src/modules/wallet/ledger.service.ts';
import { type Db, queryRows } from '../src/platform/db.ts';
import type { PeriodJob } from '../src/platform/jobs.ts';

/**
 * A daily job that pays one member 100 (minor units) per period through the ledger, with no
 * idempotency key of its own: only the period job's run makes it once. `hold`, when given, is
 * awaited after the payment is written and before the run finishes (to kill a node mid-run).
 */
export async function payingJob(
  db: Db,
  merchant: { id: number; currency: string },
  memberId: number,
  hold?: () => Promise<void>,
): Promise<PeriodJob> {
  const main = await memberAccount(db, merchant.id, memberId, 'main', merchant.currency);
  const bonuses = await houseAccount(db, merchant.id, 'bonuses', merchant.currency);
  return {
    name: `pay-test-${memberId}`,
    every: 'day',
    timeZone: 'America/Sao_Paulo',
    run: async (tx, period) => {
      await post(tx, {
        merchantId: merchant.id,
        type: 'bonus',
        postings: [
          { accountId: bonuses, amount: -100 },
          { accountId: main, amount: 100 },
        ],
        reference: { period: period.key },
      });
      await hold?.();
      return 1;
    },
  };
}

/** The periods the job has paid, one entry per payment. */
export async function paidPeriods(db: Db, memberId: number): Promise<string[]> {
  const rows = await queryRows<{ period: string }>(
    db,
    sql`
    select t.reference->>'period' as period
      from ledger_transactions t
      join ledger_entries e on e.transaction_id = t.id
      join ledger_accounts a on a.id = e.account_id
     where t.type = 'bonus' and a.member_id = ${memberId}
     order by 1`,
  );
  return rows.map((r) => r.period);
}
