import type { Db } from '../../platform/db.ts';
import type { FeedConsumer, FeedMovement } from '../wallet/ledger.feed.ts';
import { creditReturns } from './staking.repository.ts';

/** Movement types whose credit to a member's wallet is money a stake brought back. */
const returnTypes: ReadonlySet<string> = new Set(['win', 'rollback', 'lottery_refund']);

/**
 * What came back to members from their stakes in these movements: a win, a refunded or rolled-back
 * bet, and money moved back out of a vendor wallet (whose transfer in was a stake).
 */
export function returnsOf(movements: FeedMovement[]): { memberId: number; amount: number; at: Date }[] {
  const out: { memberId: number; amount: number; at: Date }[] = [];
  for (const m of movements) {
    const fromVendor = m.type === 'transfer' && m.entries.some((e) => e.amount < 0 && e.kind.startsWith('vendor:'));
    if (!returnTypes.has(m.type) && !fromVendor) continue;
    for (const e of m.entries) {
      if (e.memberId !== null && e.amount > 0 && !e.kind.startsWith('vendor:'))
        out.push({ memberId: e.memberId, amount: e.amount, at: m.createdAt });
    }
  }
  return out;
}

/**
 * The loss limits' consumer of the ledger feed: takes what came back to a member off the loss the
 * stake gate counted when the stake was made. Until it has run the counted loss is higher than the
 * real one, so a limit may refuse early, never let a member lose more than it allows.
 */
export const lossReturns: FeedConsumer = {
  name: 'stake-limit-returns',
  apply: (tx: Db, movements: FeedMovement[]) => creditReturns(tx, returnsOf(movements)),
};
