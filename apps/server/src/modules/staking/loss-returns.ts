import type { Db } from '../../platform/db.ts';
import type { FeedConsumer, FeedRange } from '../wallet/ledger.feed.ts';
import { creditReturns } from './staking.repository.ts';

/**
 * Movement types whose credit to a member's wallet is money a stake brought back; money moved back
 * out of a vendor wallet (a transfer whose move in was a stake) counts too.
 */
const returnTypes = ['win', 'rollback', 'lottery_refund'] as const;

/**
 * The loss limits' consumer of the ledger feed: takes what came back to a member (a win, a refunded
 * or rolled-back bet, money back from a vendor wallet) off the loss the stake gate counted when the
 * stake was made, in one statement over the batch's range, for members with limits only. Until it
 * has run the counted loss is higher than the real one, so a limit may refuse early, never let a
 * member lose more than it allows.
 */
export const lossReturns: FeedConsumer = {
  name: 'stake-limit-returns',
  applyRange: (tx: Db, range: FeedRange) => creditReturns(tx, range, returnTypes),
};
