import { houseAccount, memberAccount, post } from '../src/modules/wallet/ledger.service.ts';
import type { Db } from '../src/platform/db.ts';

/**
 * Puts `amount` (minor units) on a member's main wallet as a credited deposit would: from the
 * merchant's cash-in house account, through the ledger. Returns the main account's id.
 */
export async function fundMember(db: Db, merchant: { id: number; currency: string }, memberId: number, amount: number): Promise<number> {
  const main = await memberAccount(db, merchant.id, memberId, 'main', merchant.currency);
  await post(db, {
    merchantId: merchant.id,
    type: 'deposit',
    postings: [
      { accountId: await houseAccount(db, merchant.id, 'cash_in', merchant.currency, memberId), amount: -amount },
      { accountId: main, amount },
    ],
  });
  return main;
}
