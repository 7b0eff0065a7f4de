import type { MallGood, RedeemBody, Redemption } from '@platform/contract';
import { toAmount } from '@platform/contract';
import { appendAudit } from '../../platform/audit.ts';
import { type Db, inTransaction } from '../../platform/db.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { localText } from '../../platform/http.ts';
import type { PasswordHasher } from '../auth/passwords.ts';
import { accountsOf, type MemberRow } from '../members/members.service.ts';
import type { MerchantDirectory } from '../merchants/merchants.service.ts';
import { houseAccount, memberAccount, post } from '../wallet/ledger.service.ts';
import { checkPaymentPassword } from '../wallet/wallet.service.ts';
import { noticeRedemption } from './mall-notices.ts';
import {
  activeItems,
  decideRedemption,
  findItem,
  insertItem,
  insertRedemption,
  localDay,
  type NewItem,
  type RedemptionRow,
  redeemedOn,
  redemptionByReference,
  redemptionByRequest,
  redemptionPage,
  returnStock,
  takeStock,
} from './points.repository.ts';
import { atPointsField, catchUpPoints, newReference, POINTS_CURRENCY, pointsKinds, settingsOf } from './points.service.ts';

// The points mall (decision 0032): applying for goods reserves both the points (spendable → held, a
// ledger movement) and the stock (a conditional UPDATE) in one transaction; a rejection gives both
// back, an approval sends the held points to the house; completion records the shipment.

type Merchant = { id: number; currency: string; timeZone: string };
const fallbacks = ['EN', 'PT'] as const;

export async function mallGoods(db: Db, merchant: Merchant, memberId: number | null, lang: string, now = new Date()): Promise<MallGood[]> {
  const day = await localDay(db, merchant.timeZone, now);
  const items = await activeItems(db, merchant.id, memberId, day);
  return items.map((i) => ({
    id: i.id,
    kind: i.kind,
    name: localText(i.name, lang, fallbacks),
    description: localText(i.description, lang, fallbacks),
    image: i.image,
    points: i.points,
    stock: i.stock,
    dailyLimit: i.dailyLimit,
    redeemedToday: i.today,
  }));
}

export function redemptionView(r: RedemptionRow, lang: string, currency: string): Redemption {
  return {
    reference: r.reference,
    applyTime: r.createdAt.getTime(),
    type: r.kind,
    name: r.name ? localText(r.name, lang, fallbacks) : '',
    quantity: r.quantity,
    points: r.points,
    amount: r.cash === null ? null : toAmount(r.cash, currency),
    status: r.status,
    remark: r.remark,
    trackingNumber: r.trackingNumber,
    address: r.address as Redemption['address'],
    decidedAt: r.decidedAt?.getTime() ?? null,
  };
}

const heldKey = (r: { reference: string }) => `points:hold:${r.reference}`;

/**
 * Applies for goods with points: checks the item, the address goods are shipped to and the payment
 * password, then in one transaction takes the stock (refused when there is not enough: the item's
 * row lock makes concurrent applications for the last unit deliver it once), checks the member's
 * daily limit (counted under that lock), records the redemption and holds its points (refused when
 * the member has too few). A repeated request id answers the first redemption.
 */
export async function redeem(
  db: Db,
  hasher: PasswordHasher,
  member: MemberRow,
  merchant: Merchant,
  body: RedeemBody,
  now = new Date(),
): Promise<RedemptionRow> {
  const s = await settingsOf(db, merchant.id);
  if (!s.enabled) throw new AppError('APP_ERR_POINTS_DISABLED');
  const first = await redemptionByRequest(db, member.id, body.requestId);
  if (first) return first;
  const item = await findItem(db, merchant.id, body.itemId);
  if (!item) throw new AppError('APP_ERR_MALL_ITEM_UNKNOWN', [{ field: 'itemId', message: 'error.mall_item_unknown' }]);
  if (item.kind === 'goods' && !body.address) {
    throw new AppError('APP_ERR_VALIDATION', [{ field: 'address', message: 'validation.address_required' }]);
  }
  if (item.stock < body.quantity)
    throw new AppError('APP_ERR_MALL_OUT_OF_STOCK', [{ field: 'quantity', message: 'error.mall_out_of_stock' }]);
  await checkPaymentPassword(db, hasher, member, body.paymentPassword, now);
  await catchUpPoints(db);
  const day = await localDay(db, merchant.timeZone, now);
  const points = item.points * body.quantity;
  const repeat = Symbol('repeat');
  try {
    return await inTransaction(db, async (tx) => {
      if (!(await takeStock(tx, item.id, body.quantity))) {
        throw new AppError('APP_ERR_MALL_OUT_OF_STOCK', [{ field: 'quantity', message: 'error.mall_out_of_stock' }]);
      }
      if (item.dailyLimit > 0 && (await redeemedOn(tx, member.id, item.id, day)) + body.quantity > item.dailyLimit) {
        throw new AppError('APP_ERR_MALL_DAILY_LIMIT', [fieldError('quantity', 'error.mall_daily_limit', { limit: item.dailyLimit })]);
      }
      const row = await insertRedemption(
        tx,
        {
          reference: newReference(now),
          merchantId: merchant.id,
          memberId: member.id,
          requestId: body.requestId,
          kind: item.kind,
          itemId: item.id,
          name: item.name,
          quantity: body.quantity,
          points,
          cash: null,
          status: 'applying',
          day,
          address: item.kind === 'goods' && body.address ? { ...body.address } : null,
        },
        now,
      );
      if (!row) throw repeat;
      try {
        await post(tx, {
          merchantId: merchant.id,
          type: 'points_hold',
          idempotencyKey: heldKey(row),
          reference: { redemption: row.reference },
          postings: [
            { accountId: await memberAccount(tx, merchant.id, member.id, pointsKinds.points, POINTS_CURRENCY), amount: -points },
            { accountId: await memberAccount(tx, merchant.id, member.id, pointsKinds.held, POINTS_CURRENCY), amount: points },
          ],
        });
      } catch (err) {
        throw atPointsField(err, 'quantity');
      }
      return row;
    });
  } catch (err) {
    if (err !== repeat) throw err;
    const row = await redemptionByRequest(db, member.id, body.requestId);
    if (!row) throw new Error('redemption repeat without a row');
    return row;
  }
}

/** The member's redemption history (goods and conversions), newest first. */
export async function redeemList(
  db: Db,
  member: { id: number },
  lang: string,
  currency: string,
  q: { pageNo: number; pageSize: number; status?: string },
) {
  const { rows, total } = await redemptionPage(db, { memberId: member.id, status: q.status }, q.pageSize, (q.pageNo - 1) * q.pageSize);
  return {
    content: rows.map((r) => redemptionView(r, lang, currency)),
    pageNo: q.pageNo,
    pageSize: q.pageSize,
    totalPages: Math.max(1, Math.ceil(total / q.pageSize)),
    totalElements: total,
  };
}

// Operators

/** The operators' queue: redemptions of the merchants in their scope (undefined: every merchant), newest first. */
export async function adminRedemptions(
  db: Db,
  directory: MerchantDirectory,
  scope: number[] | undefined,
  q: { pageNo: number; pageSize: number; merchant?: string; status?: string },
) {
  const merchants = await directory.list();
  let ids = scope;
  if (q.merchant) {
    const named = merchants.find((m) => m.code === q.merchant?.toUpperCase())?.id ?? 0;
    ids = scope === undefined || scope.includes(named) ? [named] : [];
  }
  const { rows, total } = await redemptionPage(db, { merchantIds: ids, status: q.status }, q.pageSize, (q.pageNo - 1) * q.pageSize);
  const accounts = await accountsOf(
    db,
    rows.map((r) => r.memberId),
  );
  const byId = new Map(merchants.map((m) => [m.id, m]));
  return {
    content: rows.map((r) => ({
      ...redemptionView(r, 'EN', byId.get(r.merchantId)?.currency ?? 'BRL'),
      merchant: byId.get(r.merchantId)?.code ?? '',
      account: accounts.get(r.memberId) ?? '',
      decidedBy: r.decidedBy,
    })),
    pageNo: q.pageNo,
    pageSize: q.pageSize,
    totalPages: Math.max(1, Math.ceil(total / q.pageSize)),
    totalElements: total,
  };
}

/** The merchant of a redemption (null when there is none), for the admin routes' scope check. */
export async function merchantOfRedemption(db: Db, reference: string): Promise<{ id: number | null }> {
  return { id: (await redemptionByReference(db, reference))?.merchantId ?? null };
}

async function decide(
  db: Db,
  operator: string,
  reference: string,
  from: RedemptionRow['status'],
  work: (tx: Db, r: RedemptionRow) => Promise<RedemptionRow>,
): Promise<RedemptionRow> {
  return inTransaction(db, async (tx) => {
    const r = await redemptionByReference(tx, reference, true);
    if (!r || r.kind === 'cash') throw new AppError('APP_ERR_MALL_REDEMPTION_UNKNOWN');
    if (r.status !== from) throw new AppError('APP_ERR_MALL_REDEMPTION_STATE', undefined, { status: r.status });
    const done = await work(tx, r);
    await noticeRedemption(tx, done);
    await appendAudit(tx, {
      operator,
      action: `points.${done.status}`,
      merchantId: r.merchantId,
      target: `redemption:${r.reference}`,
      reason: done.remark ?? '',
      details: { points: r.points, quantity: r.quantity, trackingNumber: done.trackingNumber },
    });
    return done;
  });
}

/** Moves a redemption's held points: back to the member (rejected) or to the house (approved). */
async function moveHeld(tx: Db, r: RedemptionRow, to: 'member' | 'house'): Promise<void> {
  const held = await memberAccount(tx, r.merchantId, r.memberId, pointsKinds.held, POINTS_CURRENCY);
  const dest =
    to === 'member'
      ? await memberAccount(tx, r.merchantId, r.memberId, pointsKinds.points, POINTS_CURRENCY)
      : await houseAccount(tx, r.merchantId, pointsKinds.spent, POINTS_CURRENCY, r.memberId);
  const type = to === 'member' ? 'points_release' : 'points_spend';
  await post(tx, {
    merchantId: r.merchantId,
    type,
    idempotencyKey: `${type}:${r.reference}`,
    reference: { redemption: r.reference },
    postings: [
      { accountId: held, amount: -r.points },
      { accountId: dest, amount: r.points },
    ],
  });
}

/** Approves an application: its held points are spent; virtual goods are delivered at once (completed), goods wait for shipping (approved). */
export function approveRedemption(db: Db, operator: string, reference: string, remark: string | undefined, now = new Date()) {
  return decide(db, operator, reference, 'applying', async (tx, r) => {
    await moveHeld(tx, r, 'house');
    return decideRedemption(tx, r.id, {
      status: r.kind === 'virtual' ? 'completed' : 'approved',
      by: operator,
      remark: remark || null,
      at: now,
    });
  });
}

/** Rejects an application: its points and its stock are given back. */
export function rejectRedemption(db: Db, operator: string, reference: string, remark: string, now = new Date()) {
  return decide(db, operator, reference, 'applying', async (tx, r) => {
    await moveHeld(tx, r, 'member');
    if (r.itemId !== null) await returnStock(tx, r.itemId, r.quantity);
    return decideRedemption(tx, r.id, { status: 'rejected', by: operator, remark, at: now });
  });
}

/** The goods of an approved redemption were shipped: exchange completed, with the tracking number. */
export function completeRedemption(
  db: Db,
  operator: string,
  reference: string,
  body: { trackingNumber?: string; remark?: string },
  now = new Date(),
) {
  return decide(db, operator, reference, 'approved', (tx, r) =>
    decideRedemption(tx, r.id, {
      status: 'completed',
      by: operator,
      remark: body.remark || null,
      trackingNumber: body.trackingNumber || null,
      at: now,
    }),
  );
}

/** Puts goods in a merchant's mall (the seed, operators' catalogue). */
export function addMallItem(db: Db, item: NewItem): Promise<number> {
  return insertItem(db, item);
}
