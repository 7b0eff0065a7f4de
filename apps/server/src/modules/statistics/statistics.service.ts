import type { Db } from '../../platform/db.ts';
import type { FeedConsumer, FeedMovement } from '../wallet/ledger.feed.ts';
import { addStatLines, type StatLine } from './statistics.repository.ts';

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

type Measure = Exclude<keyof StatLine, 'merchantId' | 'memberId' | 'at' | 'category'>;

/**
 * How each movement type counts, from a member's side of it (`amount` is signed for the member's
 * account: a stake is negative, a win positive). Types not listed (transfers between a member's own
 * wallets, holds of a withdrawal, money between a player and an agent) are not activity.
 * A module that adds a movement type adds its line here.
 */
const measuresOf: Record<string, (amount: number) => Partial<Record<Measure, number>>> = {
  bet: (a) => ({ bets: 1, stake: -a, validStake: -a }),
  win: (a) => ({ payout: a }),
  rollback: (a) => ({ validStake: -a }),
  lottery_refund: (a) => ({ validStake: -a }),
  deposit: (a) => ({ deposits: a }),
  withdrawal: (a) => ({ withdrawals: -a }),
  bonus: (a) => ({ bonuses: a }),
  bonus_forfeit: (a) => ({ bonuses: a }),
  adjustment: (a) => ({ adjustments: a }),
  points_cash: (a) => ({ bonuses: a }),
};

const gameTypes: ReadonlySet<string> = new Set(['bet', 'win', 'rollback', 'lottery_refund']);

/** A member's lines of one movement: one per member account it touched, in the movement's category. */
export function statLines(movement: FeedMovement): StatLine[] {
  const measure = measuresOf[movement.type];
  if (!measure) return [];
  const category = gameTypes.has(movement.type) ? String(movement.reference.category ?? 'OTHER') : WALLET;
  const lines: StatLine[] = [];
  for (const e of movement.entries) {
    if (e.memberId === null) continue;
    lines.push({
      merchantId: movement.merchantId,
      memberId: e.memberId,
      at: movement.createdAt,
      category,
      bets: 0,
      stake: 0,
      validStake: 0,
      payout: 0,
      deposits: 0,
      withdrawals: 0,
      bonuses: 0,
      adjustments: 0,
      ...measure(e.amount),
    });
  }
  return lines;
}

/** The first consumer of the ledger feed: the daily per-member, per-category statistics. */
export const dailyStatistics: FeedConsumer = {
  name: 'daily-statistics',
  apply: (tx: Db, movements: FeedMovement[]) => addStatLines(tx, movements.flatMap(statLines)),
};
