import {
  type Activity,
  type ActivityStatus,
  type ClaimedActivity,
  type OfferTerms,
  type OfferType,
  offerTermsSchema,
  toAmount,
} from '@platform/contract';
import { type Db, inTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { localText } from '../../platform/http.ts';
import { periodAt } from '../../platform/periods.ts';
import type { Merchant } from '../merchants/merchants.service.ts';
import { historyPage, historyTotals, publishBalances } from '../wallet/wallet.service.ts';
import { mayOffer } from './market-rules.ts';
import {
  type ClaimRow,
  claimsOf,
  insertClaim,
  insertOffer,
  type OfferRow,
  offerOf,
  openOffers,
  usedDeposits,
} from './promotions.repository.ts';
import { grantBonus } from './wagering.service.ts';

// The promotions engine (decision 0030): offers are data per merchant (a type and its terms); what a
// member may claim is worked out from the ledger (their deposits) and their claims; a claim pays
// through the ledger into the bonus wallet with its wagering obligation and records the claim, in
// one transaction, once per member, offer and period. The market rule (market-rules.ts) is checked
// wherever an offer could pay.

const DAY = 86_400_000;
/** The period of an offer paid once per member. */
const ONCE = 'once';

export interface NewOfferInput {
  promotionId?: number | null;
  title: Record<string, string>;
  terms: OfferTerms;
  enabled?: boolean;
  startsAt?: Date | null;
  endsAt?: Date | null;
  sort?: number;
}

/** Creates an offer of a merchant; a type the merchant's market forbids is refused, whoever asks. */
export async function createOffer(db: Db, merchant: Pick<Merchant, 'id' | 'country'>, input: NewOfferInput): Promise<number> {
  const terms = offerTermsSchema.parse(input.terms);
  if (!mayOffer(merchant, terms.type)) throw new AppError('APP_ERR_PROMOTION_MARKET_BANNED');
  return insertOffer(db, {
    merchantId: merchant.id,
    promotionId: input.promotionId ?? null,
    type: terms.type,
    title: input.title,
    terms,
    enabled: input.enabled ?? true,
    startsAt: input.startsAt ?? null,
    endsAt: input.endsAt ?? null,
    sort: input.sort ?? 0,
  });
}

/** An offer's terms as stored; a row that does not parse (written by hand) is not offered. */
function termsOf(o: OfferRow): OfferTerms | undefined {
  const parsed = offerTermsSchema.safeParse(o.terms);
  return parsed.success && parsed.data.type === o.type ? parsed.data : undefined;
}

/** An offer the merchant may show: switched on, of a type its market allows, with terms that parse. */
function offered(merchant: Merchant, o: OfferRow): OfferTerms | undefined {
  const terms = termsOf(o);
  return o.enabled && terms && mayOffer(merchant, terms.type) ? terms : undefined;
}

/** A deposit credited to the member's main wallet, as the ledger has it (net of fees). */
interface Deposit {
  transactionId: number;
  amount: number;
  at: number;
}

/** The member's credited deposits between two instants, newest first (from the ledger, through the wallet's history). */
async function depositsBetween(db: Db, memberId: number, from: Date, to: Date): Promise<Deposit[]> {
  const rows = await historyPage(db, { memberId, types: ['deposit'], from, to }, 100, 0);
  return rows
    .filter((r) => r.wallet === 'main' && r.amount > 0)
    .map((r) => ({ transactionId: r.transactionId, amount: r.amount, at: r.time }));
}

/** The member's first credited deposit, if any. */
async function firstDeposit(db: Db, memberId: number, now: Date): Promise<Deposit | undefined> {
  const filter = { memberId, types: ['deposit'], from: new Date(0), to: new Date(now.getTime() + 1) };
  const { count } = await historyTotals(db, filter);
  if (count === 0) return undefined;
  const [row] = await historyPage(db, filter, 1, count - 1);
  return row ? { transactionId: row.transactionId, amount: row.amount, at: row.time } : undefined;
}

/** What a claim would pay now, or why it cannot. */
type Quote =
  | { periodKey: string; depositTransactionId: number | null; amount: number; required: number; expiresAt: Date }
  | { status: ActivityStatus; reason: string };

/** Works out a member's claim of an offer from the ledger and their claims. */
async function quote(
  db: Db,
  merchant: Merchant,
  memberId: number,
  o: OfferRow,
  terms: OfferTerms,
  claims: ClaimRow[],
  now: Date,
): Promise<Quote> {
  if (o.startsAt && o.startsAt > now) return { status: 'coming', reason: 'not_started' };
  const expiresAt = new Date(now.getTime() + terms.wagerDays * DAY);
  if (terms.type === 'daily_rebate') return { status: 'process', reason: 'automatic' };
  if (terms.type === 'first_deposit') {
    if (claims.some((c) => c.offerId === o.id)) return { status: 'claimed', reason: 'claimed' };
    const first = await firstDeposit(db, memberId, now);
    if (!first) return { status: 'join', reason: 'deposit_needed' };
    if (first.amount < terms.minDeposit) return { status: 'rejected', reason: 'deposit_too_small' };
    if (now.getTime() - first.at > terms.claimDays * DAY) return { status: 'closed', reason: 'claim_window_passed' };
    // Claimed meanwhile (a concurrent claim), or joined another promotion.
    const usedBy = (await usedDeposits(db, memberId, [first.transactionId])).get(first.transactionId);
    if (usedBy === o.id) return { status: 'claimed', reason: 'claimed' };
    if (usedBy !== undefined) return { status: 'rejected', reason: 'deposit_used' };
    const amount = Math.min(Math.floor((first.amount * terms.percent) / 100), terms.cap);
    const base = terms.base === 'deposit_and_bonus' ? first.amount + amount : amount;
    return { periodKey: ONCE, depositTransactionId: first.transactionId, amount, required: base * terms.multiple, expiresAt };
  }
  // A reload: once per merchant day, on a deposit of that day that joined no other promotion.
  const day = periodAt('day', merchant.timeZone, now);
  if (claims.some((c) => c.offerId === o.id && c.periodKey === day.key)) return { status: 'claimed', reason: 'claimed' };
  const today = (await depositsBetween(db, memberId, day.start, new Date(now.getTime() + 1))).filter((d) => d.amount >= terms.minDeposit);
  const used = await usedDeposits(
    db,
    memberId,
    today.map((d) => d.transactionId),
  );
  if ([...used.values()].includes(o.id)) return { status: 'claimed', reason: 'claimed' };
  const deposit = today.find((d) => !used.has(d.transactionId));
  if (!deposit) return { status: 'join', reason: 'deposit_needed' };
  return {
    periodKey: day.key,
    depositTransactionId: deposit.transactionId,
    amount: terms.amount,
    required: terms.amount * terms.multiple,
    expiresAt,
  };
}

function termsView(terms: OfferTerms, currency: string): Activity['terms'] {
  const major = (minor: number) => toAmount(minor, currency);
  return {
    percent: terms.type === 'first_deposit' ? terms.percent : null,
    cap: terms.type === 'first_deposit' ? major(terms.cap) : null,
    amount: terms.type === 'reload' ? major(terms.amount) : null,
    minDeposit: terms.type === 'daily_rebate' ? null : major(terms.minDeposit),
    // Basis points read as percent (0.8%).
    rates: terms.type === 'daily_rebate' ? Object.fromEntries(Object.entries(terms.ratesBp).map(([c, bp]) => [c, bp / 100])) : null,
    capPerDay: terms.type === 'daily_rebate' ? major(terms.capPerDay) : null,
    multiple: terms.multiple,
    base: terms.type === 'first_deposit' ? terms.base : 'bonus',
    contributions: terms.contributions,
    maxBet: terms.maxBet === null ? null : major(terms.maxBet),
    wagerDays: terms.wagerDays,
    claimDays: terms.type === 'first_deposit' ? terms.claimDays : null,
  };
}

/** Who reads the list: the merchant and language, and the member when logged in. */
export interface ActivityReader {
  merchant: Merchant;
  lang: string;
  memberId: number | null;
}

/**
 * The merchant's promotions that pay money, each with the reader's state (the spec's activity
 * statuses) worked out from their deposits and claims. Types the market forbids are never listed.
 */
export async function activities(db: Db, reader: ActivityReader, now = new Date()): Promise<Activity[]> {
  const { merchant } = reader;
  const offers = (await openOffers(db, merchant.id, now)).flatMap((o) => {
    const terms = offered(merchant, o);
    return terms ? [{ o, terms }] : [];
  });
  const claims =
    reader.memberId === null
      ? []
      : await claimsOf(
          db,
          reader.memberId,
          offers.map((x) => x.o.id),
        );
  const major = (minor: number) => toAmount(minor, merchant.currency);
  return Promise.all(
    offers.map(async ({ o, terms }): Promise<Activity> => {
      const q: Quote =
        reader.memberId === null
          ? o.startsAt && o.startsAt > now
            ? { status: 'coming', reason: 'not_started' }
            : { status: 'join', reason: 'login_needed' }
          : await quote(db, merchant, reader.memberId, o, terms, claims, now);
      const last = claims.find((c) => c.offerId === o.id);
      const claimable = 'amount' in q;
      return {
        id: o.id,
        type: terms.type,
        title: localText(o.title, reader.lang, merchant.langList),
        promotionId: o.promotionId,
        status: claimable ? 'claim' : q.status,
        reason: claimable ? null : q.reason,
        reward: claimable ? major(q.amount) : null,
        wagering: claimable ? major(q.required) : null,
        paid: last ? { amount: major(last.amount), at: last.createdAt.getTime(), period: last.periodKey } : null,
        terms: termsView(terms, merchant.currency),
        startsAt: o.startsAt?.getTime() ?? null,
        endsAt: o.endsAt?.getTime() ?? null,
      };
    }),
  );
}

const refusals: Record<string, 'APP_ERR_PROMOTION_DEPOSIT_NEEDED' | 'APP_ERR_PROMOTION_ALREADY_CLAIMED' | 'APP_ERR_PROMOTION_CLOSED'> = {
  deposit_needed: 'APP_ERR_PROMOTION_DEPOSIT_NEEDED',
  claimed: 'APP_ERR_PROMOTION_ALREADY_CLAIMED',
  not_started: 'APP_ERR_PROMOTION_CLOSED',
};

/**
 * Claims an offer for a member: in one transaction the reward goes from the house into the bonus
 * wallet with its wagering obligation (wagering.service grantBonus, under a key naming the offer,
 * member and period) and the claim is recorded. A second claim for the period (also a concurrent
 * one, which waits for the first on the unique keys) or one on a deposit that joined another
 * promotion rolls back, paying nothing.
 */
export async function claimOffer(
  db: Db,
  merchant: Merchant,
  memberId: number,
  offerId: number,
  now = new Date(),
): Promise<ClaimedActivity> {
  const o = await offerOf(db, merchant.id, offerId);
  if (!o) throw new AppError('APP_ERR_PROMOTION_NOT_FOUND');
  const terms = termsOf(o);
  if (!terms) throw new AppError('APP_ERR_PROMOTION_NOT_FOUND');
  if (!mayOffer(merchant, terms.type)) throw new AppError('APP_ERR_PROMOTION_MARKET_BANNED');
  if (!o.enabled || (o.endsAt && o.endsAt <= now)) throw new AppError('APP_ERR_PROMOTION_CLOSED');
  const q = await quote(db, merchant, memberId, o, terms, await claimsOf(db, memberId, [o.id]), now);
  if (!('amount' in q)) throw new AppError(refusals[q.reason] ?? 'APP_ERR_PROMOTION_NOT_ELIGIBLE', undefined, { reason: q.reason });
  const paid = await inTransaction(db, async (tx) => {
    const g = await grantBonus(tx, {
      merchant,
      memberId,
      grantKey: `promo:${o.id}:${memberId}:${q.periodKey}`,
      title: terms.type,
      amount: q.amount,
      required: q.required,
      contributions: terms.contributions,
      maxBet: terms.maxBet,
      expiresAt: q.expiresAt,
      reference: { promotion: o.id, period: q.periodKey },
    }).catch((err: unknown) => {
      // The same key granted meanwhile with other figures: a concurrent claim of the period won.
      if (err instanceof AppError && err.code === 'APP_ERR_LEDGER_DUPLICATE') throw new AppError('APP_ERR_PROMOTION_ALREADY_CLAIMED');
      throw err;
    });
    const recorded = await insertClaim(tx, {
      merchantId: merchant.id,
      offerId: o.id,
      memberId,
      periodKey: q.periodKey,
      depositTransactionId: q.depositTransactionId,
      amount: q.amount,
      required: q.required,
      ledgerTransactionId: g.transactionId,
    });
    if (!g.granted || !recorded) throw new AppError('APP_ERR_PROMOTION_ALREADY_CLAIMED');
    return g.members;
  });
  await publishBalances(db, paid);
  return { amount: toAmount(q.amount, merchant.currency), wagering: toAmount(q.required, merchant.currency), status: 'claimed' };
}

export type { OfferType };
export { termsOf };
