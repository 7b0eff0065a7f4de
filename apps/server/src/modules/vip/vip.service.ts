import { toAmount, type VipStatus } from '@platform/contract';
import { type Db, inTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { localText } from '../../platform/http.ts';
import { type PeriodJob, type RunOutcome, runDuePeriods } from '../../platform/jobs.ts';
import { type Period, periodAt } from '../../platform/periods.ts';
import { type Merchant, merchantById } from '../merchants/merchants.service.ts';
import { mayOffer } from '../promotions/market-rules.ts';
import { grantBonus } from '../promotions/wagering.service.ts';
import { dailyStatistics } from '../statistics/statistics.service.ts';
import { catchUp } from '../wallet/ledger.feed.ts';
import { publishBalances } from '../wallet/wallet.service.ts';
import {
  insertLevel,
  insertUpgrade,
  levelsOf,
  lockMember,
  merchantsWithLevels,
  raiseRank,
  upgradesOf,
  type VipLevelRow,
  type VipTotals,
  vipTotals,
} from './vip.repository.ts';

// VIP levels (decision 0036): a merchant's levels are reached by cumulative valid bets and deposits,
// read from the daily statistics the ledger feed keeps (never from a consumer of our own). A level
// is evaluated by an hourly period job over the members who played that day, and whenever the
// member opens the VIP page; reaching a level raises the club rank and pays its upgrade bonus once,
// through the ledger under the key `bonus:vip:<member>:<rank>` with a row per member and rank, in
// one transaction holding the member's row: concurrent evaluations pay once.
// Brazil (no pre-bet bonus, market-rules.ts): only valid bets count (a level reached by depositing
// would reward a deposit before any bet) and the upgrade bonus, a reward on bets already settled,
// is paid as cash without wagering.

const DAY = 86_400_000;
/** The spec: VIP customer service above rank 4. */
const VIP_SERVICE_RANK = 4;
/** Days to wager an upgrade bonus. */
const WAGER_DAYS = 14;

/** Whether the market lets deposits count towards a level and a bonus carry wagering (not Brazil). */
export const depositsCount = (merchant: Pick<Merchant, 'country'>): boolean => mayOffer(merchant, 'first_deposit');

export interface NewVipLevel {
  rank: number;
  name: Record<string, string>;
  minValidBets: number;
  minDeposits: number;
  upgradeBonus: number;
  wageringMultiple: number;
  privileges: { rebateBp: number; withdrawalsPerDay: number };
}

/** Adds a level; a deposit threshold where the market forbids pre-bet rewards is refused. */
export async function createLevel(db: Db, merchant: Pick<Merchant, 'id' | 'country'>, level: NewVipLevel): Promise<void> {
  if (level.minDeposits > 0 && !depositsCount(merchant)) throw new AppError('APP_ERR_PROMOTION_MARKET_BANNED');
  for (const v of [level.minValidBets, level.minDeposits, level.upgradeBonus, level.wageringMultiple]) {
    if (!Number.isSafeInteger(v) || v < 0) throw new Error(`a VIP level's figures are whole and not negative: ${v}`);
  }
  await insertLevel(db, { merchantId: merchant.id, ...level });
}

/** Whether a member's totals reach a level (every threshold it sets; deposits only where they count). */
export function reaches(
  level: Pick<VipLevelRow, 'minValidBets' | 'minDeposits'>,
  totals: Pick<VipTotals, 'validBets' | 'deposits'>,
  deposits: boolean,
): boolean {
  return totals.validBets >= level.minValidBets && (!deposits || totals.deposits >= level.minDeposits);
}

/** The highest rank whose level the totals reach (levels are cumulative: reaching one needs the ones below). */
export function rankFor(levels: VipLevelRow[], totals: Pick<VipTotals, 'validBets' | 'deposits'>, deposits: boolean): number {
  let rank = 1;
  for (const l of levels) {
    if (!reaches(l, totals, deposits)) break;
    rank = Math.max(rank, l.rank);
  }
  return rank;
}

/**
 * Raises a member to the level their totals reach and pays each level's bonus passed (once per
 * level): in one transaction holding the member's row, so evaluations at once wait for each other
 * and the next finds the rank raised. Answers the members whose balances changed.
 */
export async function evaluateMember(
  db: Db,
  merchant: Merchant,
  memberId: number,
  levels?: VipLevelRow[],
  now = new Date(),
): Promise<number[]> {
  const all = levels ?? (await levelsOf(db, merchant.id));
  if (all.length === 0) return [];
  const deposits = depositsCount(merchant);
  return inTransaction(db, async (tx) => {
    const current = await lockMember(tx, merchant.id, memberId);
    if (current === undefined) return [];
    const [totals] = await vipTotals(tx, merchant.id, { memberId });
    if (!totals) return [];
    const target = rankFor(all, totals, deposits);
    if (target <= current) return [];
    const paid = new Set<number>();
    for (const level of all) {
      if (level.rank <= current || level.rank > target || level.upgradeBonus <= 0) continue;
      const multiple = deposits ? level.wageringMultiple : 0;
      const grantKey = `vip:${memberId}:${level.rank}`;
      const g = await grantBonus(tx, {
        merchant,
        memberId,
        grantKey,
        title: 'vip_upgrade',
        amount: level.upgradeBonus,
        required: level.upgradeBonus * multiple,
        contributions: { '*': 100 },
        maxBet: null,
        expiresAt: new Date(now.getTime() + WAGER_DAYS * DAY),
        reference: { vip: level.rank },
      });
      await insertUpgrade(tx, {
        merchantId: merchant.id,
        memberId,
        rank: level.rank,
        amount: level.upgradeBonus,
        ledgerTransactionId: g.transactionId,
      });
      if (g.granted) for (const m of g.members) paid.add(m);
    }
    await raiseRank(tx, merchant.id, memberId, target);
    return [...paid];
  });
}

/** The hourly job of a merchant: members who played on the period's day, raised to the level they reach. */
export function vipJob(merchant: Merchant): PeriodJob {
  return {
    name: `vip-levels:${merchant.id}`,
    every: 'hour',
    timeZone: merchant.timeZone,
    catchUp: 24,
    async run(tx: Db, period: Period): Promise<number> {
      const levels = await levelsOf(tx, merchant.id);
      if (levels.length === 0) return 0;
      const deposits = depositsCount(merchant);
      const day = periodAt('day', merchant.timeZone, period.start).key;
      let raised = 0;
      for (const t of await vipTotals(tx, merchant.id, { day })) {
        if (rankFor(levels, t, deposits) <= t.rank) continue;
        await evaluateMember(tx, merchant, t.memberId, levels, period.end);
        raised++;
      }
      return raised;
    },
  };
}

/** Runs every merchant's due hours as of `now` (a test clock in tests), after the statistics caught up. */
export async function runVipLevels(db: Db, now = new Date()): Promise<RunOutcome[]> {
  await catchUp(db, dailyStatistics);
  const outcomes: RunOutcome[] = [];
  for (const id of await merchantsWithLevels(db)) {
    const merchant = await merchantById(db, id);
    if (merchant) outcomes.push(...(await runDuePeriods(db, vipJob(merchant), now)));
  }
  return outcomes;
}

/** The VIP page: the member raised to what they reach (paid once), their level, progress to the next and the levels. */
export async function vipStatus(db: Db, merchant: Merchant, lang: string, memberId: number, now = new Date()): Promise<VipStatus> {
  await catchUp(db, dailyStatistics);
  const levels = await levelsOf(db, merchant.id);
  const paid = await evaluateMember(db, merchant, memberId, levels, now);
  if (paid.length) await publishBalances(db, paid);
  const [totals] = await vipTotals(db, merchant.id, { memberId });
  const rank = totals?.rank ?? 1;
  const deposits = depositsCount(merchant);
  const major = (minor: number) => toAmount(minor, merchant.currency);
  const next = levels.find((l) => l.rank > rank);
  const percent = (have: number, need: number) => (need <= 0 ? 100 : Math.min(100, Math.floor((have * 100) / need)));
  return {
    rank,
    level: Math.max(0, rank - 1),
    validBets: major(totals?.validBets ?? 0),
    deposits: major(totals?.deposits ?? 0),
    next: next
      ? {
          rank: next.rank,
          level: next.rank - 1,
          validBetsPercent: percent(totals?.validBets ?? 0, next.minValidBets),
          depositsPercent: deposits ? percent(totals?.deposits ?? 0, next.minDeposits) : 100,
        }
      : null,
    levels: levels.map((l) => ({
      rank: l.rank,
      level: l.rank - 1,
      name: localText(l.name, lang, merchant.langList),
      validBets: major(l.minValidBets),
      deposits: deposits ? major(l.minDeposits) : 0,
      upgradeBonus: l.upgradeBonus > 0 ? major(l.upgradeBonus) : null,
      wageringMultiple: deposits ? l.wageringMultiple : 0,
      privileges: { vipService: l.rank > VIP_SERVICE_RANK },
    })),
    upgrades: (await upgradesOf(db, memberId)).map((u) => ({
      rank: u.rank,
      level: u.rank - 1,
      amount: major(u.amount),
      at: u.createdAt.getTime(),
    })),
    depositsCount: deposits,
  };
}
