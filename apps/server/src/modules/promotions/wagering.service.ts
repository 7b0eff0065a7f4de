import { type BonusDetail, type BonusDetails, toAmount } from '@platform/contract';
import { type Db, inTransaction } from '../../platform/db.ts';
import { merchantById } from '../merchants/merchants.service.ts';
import { catchUp, type FeedConsumer, type FeedRange, movementsIn } from '../wallet/ledger.feed.ts';
import { houseAccount, memberAccount, post } from '../wallet/ledger.service.ts';
import {
  activeObligations,
  expiredBy,
  insertObligation,
  type ObligationRow,
  obligationHoldersIn,
  obligationsOf,
  ofMember,
  owedBy,
  settleObligations,
  writeProgress,
} from './wagering.repository.ts';

// Wagering (decision 0025): a bonus waits in the member's bonus wallet, never staked (cash is spent
// first and only), until valid bets times their category's contribution have met its obligation;
// then it becomes cash. Progress is a consumer of the ledger feed; expiry and forfeiture send the
// bonus back to the house. The deposit's own turnover (the merchant's multiplier) stays the ledger's
// counter on the main wallet; a withdrawal needs both at zero.

/** The bonus wallet's kind, and the house account bonuses come from and go back to. */
const BONUS = 'bonus';
const HOUSE_BONUSES = 'bonuses';

export interface BonusGrant {
  merchant: { id: number; currency: string };
  memberId: number;
  /** Names the grant: a repeat (also concurrent) grants nothing more. */
  grantKey: string;
  title: string;
  /** Minor units. */
  amount: number;
  /** Valid bets owed (minor units, after contribution); 0 pays the bonus as cash at once. */
  required: number;
  contributions: Record<string, number>;
  maxBet: number | null;
  expiresAt: Date;
  /** What the ledger movement records about the grant (promotion, claim). */
  reference?: Record<string, unknown>;
}

/**
 * Grants a bonus in one transaction: the money from the house's bonuses to the member's bonus wallet
 * (or main wallet when nothing is to be wagered) under the grant's key, and its obligation. Answers
 * whether this call granted it (false: the key was granted before, nothing moved).
 */
export async function grantBonus(db: Db, g: BonusGrant): Promise<{ granted: boolean; transactionId: number; members: number[] }> {
  if (!Number.isSafeInteger(g.amount) || g.amount <= 0) throw new Error(`a bonus is a positive amount: ${g.amount}`);
  if (!Number.isSafeInteger(g.required) || g.required < 0) throw new Error(`a wagering requirement is not negative: ${g.required}`);
  return inTransaction(db, async (tx) => {
    const kind = g.required > 0 ? BONUS : 'main';
    const res = await post(tx, {
      merchantId: g.merchant.id,
      type: 'bonus',
      idempotencyKey: `bonus:${g.grantKey}`,
      request: { memberId: g.memberId, amount: g.amount, required: g.required, kind },
      reference: { ...g.reference, title: g.title, grant: g.grantKey },
      postings: [
        { accountId: await houseAccount(tx, g.merchant.id, HOUSE_BONUSES, g.merchant.currency, g.memberId), amount: -g.amount },
        { accountId: await memberAccount(tx, g.merchant.id, g.memberId, kind, g.merchant.currency), amount: g.amount },
      ],
    });
    if (!res.replayed && g.required > 0) {
      await insertObligation(tx, {
        merchantId: g.merchant.id,
        memberId: g.memberId,
        grantKey: g.grantKey,
        title: g.title,
        bonusAmount: g.amount,
        required: g.required,
        contributions: g.contributions,
        maxBet: g.maxBet,
        expiresAt: g.expiresAt,
      });
    }
    return { granted: !res.replayed, transactionId: res.transactionId, members: res.members };
  });
}

/** The percent a category's valid bets count for under an obligation. */
export function contributionOf(contributions: Record<string, number>, category: string): number {
  const c = contributions[category] ?? contributions['*'] ?? 0;
  return Math.max(0, Math.min(100, c));
}

/**
 * Counts a stake (positive) or a refund of one (negative) of a category against a member's active
 * obligations, oldest first: each takes stake × contribution up to what it still owes, and the stake
 * it did not need goes on to the next. A refund gives back from the newest. Only obligations granted
 * before the movement (`at`) take part: a bet placed before a bonus existed never counts for it,
 * however late the consumer reads it. Changes `wagered` in place; answers the obligations this completed.
 */
export function countStake(obligations: ObligationRow[], category: string, stake: number, at?: Date): ObligationRow[] {
  const completed: ObligationRow[] = [];
  let left = Math.abs(stake);
  const order = stake >= 0 ? obligations : [...obligations].reverse();
  for (const o of order) {
    if (left <= 0) break;
    if (o.status !== 'active') continue;
    if (at && at < o.createdAt) continue;
    const c = contributionOf(o.contributions, category);
    if (c === 0) continue;
    if (stake >= 0) {
      const owed = o.required - o.wagered;
      const credit = Math.floor((left * c) / 100);
      if (credit >= owed) {
        o.wagered = o.required;
        o.status = 'completed';
        completed.push(o);
        left -= Math.ceil((owed * 100) / c);
      } else {
        o.wagered += credit;
        left = 0;
      }
    } else {
      const back = Math.min(o.wagered, Math.floor((left * c) / 100));
      o.wagered -= back;
      left -= Math.ceil((back * 100) / c);
      if (back === 0) break;
    }
  }
  return completed;
}

/** How a movement type counts as wagering from the member's side: +1 a stake, -1 a refund of one. */
const wageringSign: Record<string, number> = { bet: 1, rollback: -1, lottery_refund: -1 };

/**
 * The wagering consumer of the ledger feed: each settled stake (a bet of any game: seamless wallet,
 * our own games, crash, lottery) counts against the member's active obligations at its category's
 * contribution; a rollback or refunded ticket takes it back. An obligation met releases its bonus to
 * the main wallet in the same transaction (under a key, once). A batch is read into Node only when
 * one of its stakes is of a member holding an obligation.
 */
export const wageringConsumer: FeedConsumer = {
  name: 'wagering',
  async applyRange(tx: Db, range: FeedRange) {
    // Almost no batch holds a stake of a member with a bonus to wager: only then are its movements read.
    if (!(await obligationHoldersIn(tx, range, Object.keys(wageringSign)))) return;
    const movements = await movementsIn(tx, range);
    const stakes: { memberId: number; category: string; amount: number; at: Date }[] = [];
    for (const m of movements) {
      const sign = wageringSign[m.type];
      if (!sign) continue;
      for (const e of m.entries) {
        if (e.memberId === null || Math.sign(e.amount) !== -sign) continue;
        stakes.push({ memberId: e.memberId, category: String(m.reference.category ?? 'OTHER'), amount: -e.amount, at: m.createdAt });
      }
    }
    if (stakes.length === 0) return;
    const obligations = await activeObligations(tx, [...new Set(stakes.map((s) => s.memberId))]);
    if (obligations.length === 0) return;
    const byMember = new Map<number, ObligationRow[]>();
    for (const o of obligations) byMember.set(o.memberId, [...(byMember.get(o.memberId) ?? []), o]);
    const before = new Map(obligations.map((o) => [o.id, o.wagered]));
    const completed: ObligationRow[] = [];
    for (const s of stakes) {
      const mine = byMember.get(s.memberId);
      if (mine) completed.push(...countStake(mine, s.category, s.amount, s.at));
    }
    await writeProgress(
      tx,
      obligations
        .filter((o) => o.status !== 'active' || o.wagered !== before.get(o.id))
        .map((o) => ({ id: o.id, wagered: o.wagered, status: o.status })),
    );
    for (const o of completed) await moveBonus(tx, o, 'bonus_release');
  },
};

/** Moves an obligation's bonus out of the bonus wallet: to the main wallet (met) or back to the house (expired, forfeited). */
async function moveBonus(tx: Db, o: ObligationRow, type: 'bonus_release' | 'bonus_forfeit'): Promise<void> {
  if (o.bonusAmount === 0) return;
  const currency = await currencyOf(tx, o);
  const to =
    type === 'bonus_release'
      ? await memberAccount(tx, o.merchantId, o.memberId, 'main', currency)
      : await houseAccount(tx, o.merchantId, HOUSE_BONUSES, currency, o.memberId);
  await post(tx, {
    merchantId: o.merchantId,
    type,
    idempotencyKey: `${type}:${o.id}`,
    reference: { obligation: o.id, title: o.title },
    postings: [
      { accountId: await memberAccount(tx, o.merchantId, o.memberId, BONUS, currency), amount: -o.bonusAmount },
      { accountId: to, amount: o.bonusAmount },
    ],
  });
}

const currencies = new Map<number, string>();
/** The merchant's currency (a merchant's currency never changes, so each is read once). */
async function currencyOf(tx: Db, o: ObligationRow): Promise<string> {
  const known = currencies.get(o.merchantId);
  if (known) return known;
  const merchant = await merchantById(tx, o.merchantId);
  if (!merchant) throw new Error(`no merchant ${o.merchantId}`);
  currencies.set(o.merchantId, merchant.currency);
  return merchant.currency;
}

/**
 * Bonuses past their expiry go back to the house, a batch per transaction, after the consumer has
 * counted every bet committed before (a bet made in time counts). Answers how many expired.
 */
export async function expireBonuses(db: Db, now = new Date()): Promise<number> {
  await catchUp(db, wageringConsumer);
  let total = 0;
  for (;;) {
    const n = await inTransaction(db, async (tx) => {
      const rows = await settleObligations(tx, expiredBy(now), 'expired');
      for (const o of rows) await moveBonus(tx, o, 'bonus_forfeit');
      return rows.length;
    });
    total += n;
    if (n === 0) return total;
  }
}

/**
 * The member gives up every bonus still wagering (the site warns first and asks for a yes): their
 * money goes back to the house and nothing is owed any more. Answers how many and how much (minor units).
 */
export async function forfeitBonuses(db: Db, memberId: number): Promise<{ forfeited: number; amount: number; members: number[] }> {
  await catchUp(db, wageringConsumer);
  const rows = await inTransaction(db, async (tx) => {
    const taken = await settleObligations(tx, ofMember(memberId), 'forfeited', 1_000);
    for (const o of taken) await moveBonus(tx, o, 'bonus_forfeit');
    return taken;
  });
  return {
    forfeited: rows.length,
    amount: rows.reduce((s, o) => s + o.bonusAmount, 0),
    members: rows.length > 0 ? [memberId] : [],
  };
}

/**
 * What the member still owes on bonuses (minor units), current: the consumer first counts every bet
 * committed before this call. A withdrawal is refused while it is above zero.
 */
export async function bonusWageringLeft(db: Db, memberId: number): Promise<number> {
  await catchUp(db, wageringConsumer);
  return (await owedBy(db, memberId)).left;
}

function detailOf(o: ObligationRow, currency: string): BonusDetail {
  const major = (minor: number) => toAmount(minor, currency);
  const remaining = o.status === 'active' ? o.required - o.wagered : 0;
  return {
    id: o.id,
    title: o.title,
    bonus: major(o.bonusAmount),
    required: major(o.required),
    wagered: major(o.wagered),
    remaining: major(remaining),
    progress: o.required === 0 ? 100 : Math.floor((o.wagered * 100) / o.required),
    contributions: o.contributions,
    maxBet: o.maxBet === null ? null : major(o.maxBet),
    status: o.status as BonusDetail['status'],
    expiresAt: o.expiresAt.getTime(),
    createdAt: o.createdAt.getTime(),
    settledAt: o.settledAt?.getTime() ?? null,
  };
}

/** The bonusDetails page: the member's bonuses with their progress, current. */
export async function bonusDetails(
  db: Db,
  memberId: number,
  currency: string,
  q: { pageNo: number; pageSize: number },
): Promise<BonusDetails> {
  await catchUp(db, wageringConsumer);
  const [{ rows, total }, owed] = await Promise.all([
    obligationsOf(db, memberId, q.pageSize, (q.pageNo - 1) * q.pageSize),
    owedBy(db, memberId),
  ]);
  const held = rows.filter((o) => o.status === 'active').reduce((s, o) => s + o.bonusAmount, 0);
  return {
    content: rows.map((o) => detailOf(o, currency)),
    pageNo: q.pageNo,
    pageSize: q.pageSize,
    totalPages: Math.max(1, Math.ceil(total / q.pageSize)),
    totalElements: total,
    remaining: toAmount(owed.left, currency),
    held: toAmount(held, currency),
    spendingOrder: 'cash_only',
  };
}

/** Turnover as the withdraw page and the withdrawal check read it (major units). */
export interface Turnover {
  required: number;
  wagered: number;
  remaining: number;
}

/**
 * The deposits' turnover (the ledger's counter on the main wallet) with the bonuses' wagering added,
 * current (the consumer catches up first): a withdrawal is refused while `remaining` is above zero.
 */
export async function withBonusWagering<T extends Turnover>(db: Db, memberId: number, currency: string, deposits: T): Promise<T> {
  await catchUp(db, wageringConsumer);
  const bonuses = await owedBy(db, memberId);
  return {
    ...deposits,
    required: deposits.required + toAmount(bonuses.required, currency),
    wagered: deposits.wagered + toAmount(bonuses.wagered, currency),
    remaining: deposits.remaining + toAmount(bonuses.left, currency),
  };
}
