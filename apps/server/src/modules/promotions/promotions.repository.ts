import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../platform/db.ts';

// The promotion offers' and claims' SQL (see promotions.tables.ts); the rules are promotions.service.ts's.

export interface OfferRow {
  id: number;
  merchantId: number;
  promotionId: number | null;
  type: string;
  title: Record<string, string>;
  terms: Record<string, unknown>;
  enabled: boolean;
  startsAt: Date | null;
  endsAt: Date | null;
  sort: number;
}

export interface ClaimRow {
  offerId: number;
  memberId: number;
  periodKey: string;
  depositTransactionId: number | null;
  amount: number;
  required: number;
  createdAt: Date;
}

type Raw = Record<string, unknown>;
const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;
const dateOrNull = (v: unknown) => (v == null ? null : v instanceof Date ? v : new Date(String(v)));

function toOffer(r: Raw): OfferRow {
  return {
    id: Number(r.id),
    merchantId: Number(r.merchant_id),
    promotionId: r.promotion_id == null ? null : Number(r.promotion_id),
    type: String(r.type),
    title: json(r.title),
    terms: json(r.terms),
    enabled: Boolean(r.enabled),
    startsAt: dateOrNull(r.starts_at),
    endsAt: dateOrNull(r.ends_at),
    sort: Number(r.sort),
  };
}

function toClaim(r: Raw): ClaimRow {
  return {
    offerId: Number(r.offer_id),
    memberId: Number(r.member_id),
    periodKey: String(r.period_key),
    depositTransactionId: r.deposit_transaction_id == null ? null : Number(r.deposit_transaction_id),
    amount: Number(r.amount),
    required: Number(r.required),
    createdAt: dateOrNull(r.created_at) as Date,
  };
}

export interface NewOffer {
  merchantId: number;
  promotionId: number | null;
  type: string;
  title: Record<string, string>;
  terms: Record<string, unknown>;
  enabled: boolean;
  startsAt: Date | null;
  endsAt: Date | null;
  sort: number;
}

export async function insertOffer(db: Db, o: NewOffer): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`insert into promotion_offers (merchant_id, promotion_id, type, title, terms, enabled, starts_at, ends_at, sort)
        values (${o.merchantId}, ${o.promotionId}, ${o.type}, ${JSON.stringify(o.title)}::jsonb, ${JSON.stringify(o.terms)}::jsonb,
                ${o.enabled}, ${o.startsAt?.toISOString() ?? null}::timestamptz, ${o.endsAt?.toISOString() ?? null}::timestamptz, ${o.sort})
        returning id`,
  );
  return Number(row?.id);
}

/** A merchant's switched-on offers that have not ended (those not started yet included), in their order. */
export async function openOffers(db: Db, merchantId: number, now: Date): Promise<OfferRow[]> {
  const rows = await queryRows<Raw>(
    db,
    sql`select * from promotion_offers
         where merchant_id = ${merchantId} and enabled and (ends_at is null or ends_at > ${now.toISOString()}::timestamptz)
         order by sort, id`,
  );
  return rows.map(toOffer);
}

/** One offer of a merchant; another merchant's is not found. */
export async function offerOf(db: Db, merchantId: number, id: number): Promise<OfferRow | undefined> {
  const [row] = await queryRows<Raw>(db, sql`select * from promotion_offers where merchant_id = ${merchantId} and id = ${id}`);
  return row ? toOffer(row) : undefined;
}

/** Every switched-on offer of a type, of any merchant (the rebate job's list). */
export async function enabledOffersOfType(db: Db, type: string): Promise<OfferRow[]> {
  const rows = await queryRows<Raw>(db, sql`select * from promotion_offers where type = ${type} and enabled order by id`);
  return rows.map(toOffer);
}

/** A member's claims of some offers, newest first. */
export async function claimsOf(db: Db, memberId: number, offerIds: number[]): Promise<ClaimRow[]> {
  if (offerIds.length === 0) return [];
  const rows = await queryRows<Raw>(
    db,
    sql`select * from promotion_claims where member_id = ${memberId}
          and offer_id in (${sql.join(
            offerIds.map((id) => sql`${id}`),
            sql`, `,
          )})
        order by id desc`,
  );
  return rows.map(toClaim);
}

/** Of the deposits' ledger transactions given, those that already joined a promotion, with the offer each joined. */
export async function usedDeposits(db: Db, memberId: number, transactionIds: number[]): Promise<Map<number, number>> {
  if (transactionIds.length === 0) return new Map();
  const rows = await queryRows<{ id: string; offer_id: number }>(
    db,
    sql`select deposit_transaction_id as id, offer_id from promotion_claims where member_id = ${memberId}
          and deposit_transaction_id in (${sql.join(
            transactionIds.map((id) => sql`${id}`),
            sql`, `,
          )})`,
  );
  return new Map(rows.map((r) => [Number(r.id), Number(r.offer_id)]));
}

export interface NewClaim {
  merchantId: number;
  offerId: number;
  memberId: number;
  periodKey: string;
  depositTransactionId: number | null;
  amount: number;
  required: number;
  ledgerTransactionId: number;
}

/**
 * Records a claim; answers false when the member already has one for the offer and period, or the
 * deposit already joined a promotion (a unique index either way, so concurrent claims record one).
 */
export async function insertClaim(db: Db, c: NewClaim): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`insert into promotion_claims (merchant_id, offer_id, member_id, period_key, deposit_transaction_id, amount, required, ledger_transaction_id)
        values (${c.merchantId}, ${c.offerId}, ${c.memberId}, ${c.periodKey}, ${c.depositTransactionId}, ${c.amount}, ${c.required}, ${c.ledgerTransactionId})
        on conflict do nothing returning id`,
  );
  return rows.length === 1;
}

/** Every offer of a merchant, switched on or not, in their order (the operators' list). */
export async function offersOfMerchant(db: Db, merchantId: number): Promise<OfferRow[]> {
  const rows = await queryRows<Raw>(db, sql`select * from promotion_offers where merchant_id = ${merchantId} order by sort, id`);
  return rows.map(toOffer);
}

/** An offer by id, of any merchant (the operators' routes check the merchant's scope on it). */
export async function offerById(db: Db, id: number): Promise<OfferRow | undefined> {
  const [row] = await queryRows<Raw>(db, sql`select * from promotion_offers where id = ${id}`);
  return row ? toOffer(row) : undefined;
}

export async function setOfferEnabled(db: Db, id: number, enabled: boolean): Promise<void> {
  await queryRows(db, sql`update promotion_offers set enabled = ${enabled} where id = ${id} returning id`);
}
