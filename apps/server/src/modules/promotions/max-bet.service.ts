import { toAmount } from '@platform/contract';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { merchantById } from '../merchants/merchants.service.ts';
import { maxBetFor, maxBetOf } from './wagering.repository.ts';

// The stake gate's max-bet policy while wagering (decision 0025), apart from wagering.service.ts so the
// gate, which the ledger imports, does not import the ledger back.

/** The lowest max bet of a member's bonuses still wagering, as SQL over a member id expression (the gate's group form). */
export { maxBetOf };

/** The refusal with its detail: the cap, in the merchant's major units. */
async function refusal(db: Db, cap: number, merchantId: number): Promise<AppError> {
  const merchant = await merchantById(db, merchantId);
  return new AppError('APP_ERR_STAKE_MAX_BET', undefined, merchant ? { maxBet: toAmount(cap, merchant.currency) } : undefined);
}

/** One stake (the gate's single form): above the lowest max bet of the member's bonuses still wagering, it is refused. */
export async function refuseOverMaxBet(tx: Db, memberId: number, stake: number): Promise<void> {
  const { cap, merchantId } = await maxBetFor(tx, memberId);
  if (cap !== null && stake > cap) throw await refusal(tx, cap, merchantId);
}
