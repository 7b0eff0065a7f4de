import type { Db } from '../../platform/db.ts';
import type { FeedConsumer, FeedRange } from '../wallet/ledger.feed.ts';
import { addRangeStatistics, type StatRule } from './statistics.repository.ts';

export {
  type DailyStats,
  dailyStats,
  type GroupDayTotals,
  groupDailyTotals,
  groupMemberTotals,
  type MemberRangeTotals,
  memberTotals,
  type PlayTotals,
  playTotals,
} from './statistics.repository.ts';

/** The category of money that belongs to no game. */
export const WALLET = 'WALLET';

/**
 * How each movement type counts, from a member's side of it: each measure is the member's signed
 * amount (a stake negative, a win positive) times its factor here, and `bets` counts the member's
 * lines of a bet. Types not listed (transfers between a member's own wallets, holds of a withdrawal,
 * money between a player and an agent) are not activity. A module that adds a movement type adds its
 * line here. `game`: counted in the movement's game category, else in WALLET.
 */
const rules: readonly StatRule[] = [
  { type: 'bet', game: true, bets: 1, stake: -1, validStake: -1 },
  { type: 'win', game: true, payout: 1 },
  { type: 'rollback', game: true, validStake: -1 },
  { type: 'lottery_refund', game: true, validStake: -1 },
  { type: 'deposit', deposits: 1 },
  { type: 'withdrawal', withdrawals: -1 },
  { type: 'bonus', bonuses: 1 },
  { type: 'bonus_forfeit', bonuses: 1 },
  { type: 'adjustment', adjustments: 1 },
  { type: 'points_cash', bonuses: 1 },
];

/**
 * The first consumer of the ledger feed: the daily per-member, per-category statistics, summed in
 * one statement over the batch's range (the day in the merchant's time zone).
 */
export const dailyStatistics: FeedConsumer = {
  name: 'daily-statistics',
  applyRange: (tx: Db, range: FeedRange) => addRangeStatistics(tx, range, rules, WALLET),
};
