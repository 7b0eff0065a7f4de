import { randomInt } from 'node:crypto';
import {
  type ConvertPointsBody,
  type PointsBalance,
  type PointsConfig,
  type PointsTransaction,
  type pointsTransactionTypes,
  toAmount,
} from '@platform/contract';
import { type Db, inTransaction } from '../../platform/db.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import type { PasswordHasher } from '../auth/passwords.ts';
import type { MemberRow } from '../members/members.service.ts';
import { paymentSettingsOf } from '../merchants/merchants.service.ts';
import { catchUp, type FeedConsumer, type FeedRange } from '../wallet/ledger.feed.ts';
import { accountStatement, grantMany } from '../wallet/ledger.grants.ts';
import { balanceOf, houseAccount, memberAccount, post } from '../wallet/ledger.service.ts';
import { checkPaymentPassword } from '../wallet/wallet.service.ts';
import {
  addProgress,
  type EarningRule,
  earnedBy,
  findSettings,
  insertRedemption,
  localDay,
  redemptionByRequest,
  type SettingsRow,
  upsertSettings,
} from './points.repository.ts';

// Points (decision 0032): whole points in the ledger under the currency PTS, so they follow the
// ledger's rules (double entry, never below zero, each key once) and its invariant check. A member
// has two points accounts: `points` (spendable) and `points_held` (reserved by redemptions still
// applying). The house side: `points_issued` (every point earned comes from it) and `points_spent`
// (points converted or spent on goods go to it).

export const POINTS_CURRENCY = 'PTS';
export const pointsKinds = { points: 'points', held: 'points_held', issued: 'points_issued', spent: 'points_spent' } as const;
/** The house account cash from conversions comes from, in the merchant's currency. */
const HOUSE_POINTS_CASH = 'points_cash';

type Owner = Pick<MemberRow, 'id' | 'merchantId'>;

/** How each movement type earns points, from the member's side: +1 a stake or a deposit, -1 a refund of a stake. */
const earning: readonly EarningRule[] = [
  { type: 'bet', kind: 'bet', sign: 1 },
  { type: 'rollback', kind: 'bet', sign: -1 },
  { type: 'lottery_refund', kind: 'bet', sign: -1 },
  { type: 'deposit', kind: 'deposit', sign: 1 },
];

/**
 * The points consumer of the ledger feed: valid bets (a stake, less its rollback or refund) and
 * deposits earn points at the merchant's rules. Per batch, one statement over the range values the
 * lines and keeps each member's remainder short of a whole point, and one ledger statement credits
 * the whole points (a movement per member under a key naming the batch). Nothing runs on the staking
 * path.
 */
export const pointsConsumer: FeedConsumer = {
  name: 'points',
  async applyRange(tx: Db, range: FeedRange) {
    const earned = await addProgress(tx, range, earning);
    if (earned.length === 0) return;
    const last = range.to.transactionId;
    await grantMany(tx, {
      type: 'points_earn',
      kind: pointsKinds.points,
      houseKind: `${pointsKinds.issued}#0`,
      currency: POINTS_CURRENCY,
      grants: earned.map((e) => ({
        merchantId: e.merchantId,
        memberId: e.memberId,
        amount: e.points,
        key: `points:earn:${last}:${e.memberId}`,
        reference: { feed: last },
      })),
    });
  },
};

const pointsAccount = (db: Db, member: Owner, kind: string) => memberAccount(db, member.merchantId, member.id, kind, POINTS_CURRENCY);

/**
 * The member's points as the ledger holds them. A read does not wait for the feed: points of a bet
 * arrive with the node's feed runner, within a second, and waiting would tie every balance read to
 * the oldest transaction open on the database (a settlement run of a minute would fail it).
 */
export async function pointsBalance(db: Db, member: Owner): Promise<PointsBalance> {
  const [points, held, earned] = await Promise.all([
    pointsAccount(db, member, pointsKinds.points).then((id) => balanceOf(db, id)),
    pointsAccount(db, member, pointsKinds.held).then((id) => balanceOf(db, id)),
    earnedBy(db, member.id),
  ]);
  return { points, held, earned };
}

/** The merchant's rules, or rules that earn nothing when it has none. */
export async function settingsOf(db: Db, merchantId: number): Promise<SettingsRow> {
  return (
    (await findSettings(db, merchantId)) ?? {
      merchantId,
      enabled: false,
      betRules: {},
      depositUnit: 0,
      convertPoints: 0,
      convertCash: 0,
      convertMin: 0,
    }
  );
}

export async function pointsConfig(db: Db, merchant: { id: number; currency: string }): Promise<PointsConfig> {
  const s = await settingsOf(db, merchant.id);
  const major = (minor: number) => toAmount(minor, merchant.currency);
  const rules = Object.entries(s.betRules).filter(([, unit]) => unit > 0);
  // Named categories first, the catch-all last.
  rules.sort(([a], [b]) => (a === '*' ? 1 : b === '*' ? -1 : a.localeCompare(b)));
  return {
    enabled: s.enabled,
    currency: merchant.currency,
    betRules: rules.map(([category, unit]) => ({ category, betPerPoint: major(unit) })),
    depositPerPoint: s.depositUnit > 0 ? major(s.depositUnit) : null,
    convert: {
      enabled: s.enabled && s.convertPoints > 0 && s.convertCash > 0,
      points: s.convertPoints,
      cash: major(s.convertCash),
      minPoints: Math.max(s.convertMin, s.convertPoints),
    },
  };
}

const transactionType: Record<string, (typeof pointsTransactionTypes)[number]> = {
  points_earn: 'earn',
  points_hold: 'redeem',
  points_release: 'release',
  points_spend: 'spend',
  points_convert: 'convert',
  points_adjust: 'adjust',
};

/** Member transaction detail: the movements of the member's spendable points, newest first. */
export async function pointsTransactions(db: Db, member: Owner, q: { pageNo: number; pageSize: number }) {
  const account = await pointsAccount(db, member, pointsKinds.points);
  const { rows, total } = await accountStatement(db, account, q.pageNo, q.pageSize);
  return {
    content: rows.map(
      (r): PointsTransaction => ({
        id: r.id,
        time: r.time,
        type: transactionType[r.type] ?? 'adjust',
        points: r.amount,
        balance: r.balanceAfter,
        reference: typeof r.reference.redemption === 'string' ? r.reference.redemption : null,
      }),
    ),
    pageNo: q.pageNo,
    pageSize: q.pageSize,
    totalPages: Math.max(1, Math.ceil(total / q.pageSize)),
    totalElements: total,
  };
}

/** A redemption's reference number: PM, the date, then random letters and digits. */
export function newReference(now = new Date()): string {
  const day = now.toISOString().slice(2, 10).replaceAll('-', '');
  const letters = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ';
  const tail = Array.from({ length: 8 }, () => letters[randomInt(letters.length)]).join('');
  return `PM${day}${tail}`;
}

/** The ledger's overdraft of a points account, told at the field that asked for the points. */
export function atPointsField(err: unknown, field: string): unknown {
  if (err instanceof AppError && err.code === 'APP_ERR_WALLET_INSUFFICIENT_FUNDS') {
    return new AppError('APP_ERR_POINTS_INSUFFICIENT', [{ field, message: 'error.points_insufficient' }]);
  }
  return err;
}

/**
 * Converts points to cash at the merchant's ratio, in whole steps: in one transaction the points go
 * to the house and the cash (points / ratio points × ratio cash) to the main wallet, which carries
 * the merchant's turnover multiplier like deposited money. Recorded as a completed redemption of
 * kind cash; a repeated request id answers the first conversion.
 */
export async function convertPoints(
  db: Db,
  hasher: PasswordHasher,
  member: MemberRow,
  merchant: { id: number; currency: string; timeZone: string },
  body: ConvertPointsBody,
  now = new Date(),
): Promise<{ reference: string; points: number; cash: number; members: number[] }> {
  const s = await settingsOf(db, merchant.id);
  if (!s.enabled || s.convertPoints <= 0 || s.convertCash <= 0) throw new AppError('APP_ERR_POINTS_DISABLED');
  const first = await redemptionByRequest(db, member.id, body.requestId);
  if (first) return { reference: first.reference, points: first.points, cash: first.cash ?? 0, members: [] };
  const min = Math.max(s.convertMin, s.convertPoints);
  if (body.points < min || body.points % s.convertPoints !== 0) {
    throw new AppError('APP_ERR_VALIDATION', [fieldError('points', 'validation.points_step', { step: s.convertPoints, min })]);
  }
  await checkPaymentPassword(db, hasher, member, body.paymentPassword, now);
  await catchUp(db, pointsConsumer);
  const cash = (body.points / s.convertPoints) * s.convertCash;
  const multiplier = (await paymentSettingsOf(db, merchant.id)).turnoverMultiplier;
  const day = await localDay(db, merchant.timeZone, now);
  const repeat = Symbol('repeat');
  try {
    return await inTransaction(db, async (tx) => {
      const row = await insertRedemption(
        tx,
        {
          reference: newReference(now),
          merchantId: merchant.id,
          memberId: member.id,
          requestId: body.requestId,
          kind: 'cash',
          itemId: null,
          name: null,
          quantity: 1,
          points: body.points,
          cash,
          status: 'completed',
          day,
          address: null,
        },
        now,
      );
      if (!row) throw repeat;
      try {
        await post(tx, {
          merchantId: merchant.id,
          type: 'points_convert',
          idempotencyKey: `points:convert:${row.reference}`,
          reference: { redemption: row.reference },
          postings: [
            { accountId: await pointsAccount(tx, member, pointsKinds.points), amount: -body.points },
            {
              accountId: await houseAccount(tx, merchant.id, pointsKinds.spent, POINTS_CURRENCY, member.id),
              amount: body.points,
            },
          ],
        });
      } catch (err) {
        throw atPointsField(err, 'points');
      }
      const paid = await post(tx, {
        merchantId: merchant.id,
        type: 'points_cash',
        idempotencyKey: `points:cash:${row.reference}`,
        reference: { redemption: row.reference, reference: row.reference },
        postings: [
          { accountId: await houseAccount(tx, merchant.id, HOUSE_POINTS_CASH, merchant.currency, member.id), amount: -cash },
          { accountId: await memberAccount(tx, merchant.id, member.id, 'main', merchant.currency), amount: cash },
        ],
        ...(multiplier > 0 ? { turnoverRequired: { memberId: member.id, amount: cash * multiplier } } : {}),
      });
      return { reference: row.reference, points: body.points, cash, members: paid.members };
    });
  } catch (err) {
    if (err !== repeat) throw err;
    const row = await redemptionByRequest(db, member.id, body.requestId);
    if (!row) throw new Error('conversion repeat without a redemption');
    return { reference: row.reference, points: row.points, cash: row.cash ?? 0, members: [] };
  }
}

/** Brings the points consumer up to every movement committed before the call (a redemption spends points earned a moment ago). */
export const catchUpPoints = (db: Db) => catchUp(db, pointsConsumer);

/** Sets a merchant's points rules (the seed, operators' settings). */
export async function setPointsRules(db: Db, rules: SettingsRow): Promise<void> {
  await upsertSettings(db, rules);
}
