import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../platform/db.ts';
import { type FeedRange, rangeMemberLines } from '../wallet/ledger.feed.ts';

// Points and the mall's SQL (see points.tables.ts); the rules are points.service.ts's and mall.service.ts's.

export const MICRO = 1_000_000;

export interface SettingsRow {
  merchantId: number;
  enabled: boolean;
  betRules: Record<string, number>;
  depositUnit: number;
  convertPoints: number;
  convertCash: number;
  convertMin: number;
}

export async function findSettings(db: Db, merchantId: number): Promise<SettingsRow | undefined> {
  const [r] = await queryRows<Record<string, unknown>>(db, sql`select * from points_settings where merchant_id = ${merchantId}`);
  if (!r) return undefined;
  return {
    merchantId: Number(r.merchant_id),
    enabled: Boolean(r.enabled),
    betRules: (typeof r.bet_rules === 'string' ? JSON.parse(r.bet_rules) : r.bet_rules) as Record<string, number>,
    depositUnit: Number(r.deposit_unit),
    convertPoints: Number(r.convert_points),
    convertCash: Number(r.convert_cash),
    convertMin: Number(r.convert_min),
  };
}

export async function upsertSettings(db: Db, s: SettingsRow): Promise<void> {
  await db.execute(sql`
    insert into points_settings (merchant_id, enabled, bet_rules, deposit_unit, convert_points, convert_cash, convert_min)
    values (${s.merchantId}, ${s.enabled}, ${JSON.stringify(s.betRules)}::jsonb, ${s.depositUnit}, ${s.convertPoints}, ${s.convertCash}, ${s.convertMin})
    on conflict (merchant_id) do update set enabled = excluded.enabled, bet_rules = excluded.bet_rules, deposit_unit = excluded.deposit_unit,
      convert_points = excluded.convert_points, convert_cash = excluded.convert_cash, convert_min = excluded.convert_min, updated_at = now()`);
}

/** How a movement type earns points, from the member's side: `sign` +1 a stake (or deposit), -1 a refund of one. */
export interface EarningRule {
  type: string;
  kind: 'bet' | 'deposit';
  sign: 1 | -1;
}

/**
 * The points consumer's one statement per batch: each member line of the range that earns (by its
 * type's rule: a stake is the member's debit, a deposit the credit, a refund takes a stake back;
 * points accounts' own lines never earn) valued in micro-points at its merchant's rules (a merchant
 * without rules, or switched off, earns nothing), summed per member with the member's remainder, the
 * whole points split off; answers the whole points each member earned now.
 */
export async function addProgress(
  db: Db,
  range: FeedRange,
  rules: readonly EarningRule[],
): Promise<{ merchantId: number; memberId: number; points: number }[]> {
  const rows = await queryRows<{ merchant_id: number; member_id: string; credited: string }>(
    db,
    sql`with x as (
      select l.merchant_id, l.member_id, coalesce(l.reference ->> 'category', 'OTHER') as category, e.kind,
             case when e.kind = 'deposit' then l.amount else -l.amount end as amount
        from ${rangeMemberLines(range)} l
        join jsonb_to_recordset(${JSON.stringify(rules)}::jsonb) as e(type text, kind text, sign int) on e.type = l.type
       where l.kind not like 'points%' and sign(case when e.kind = 'deposit' then l.amount else -l.amount end) = e.sign
    ),
    r as (
      select x.merchant_id, x.member_id,
             sum(case when x.kind = 'deposit' then coalesce(x.amount * ${MICRO} / nullif(s.deposit_unit, 0), 0)
                      else coalesce(x.amount * ${MICRO} / nullif(coalesce((s.bet_rules ->> x.category)::bigint, (s.bet_rules ->> '*')::bigint), 0), 0)
                 end)::bigint as micro
        from x join points_settings s on s.merchant_id = x.merchant_id and s.enabled
       group by x.merchant_id, x.member_id
    )
    insert into points_progress as pp (merchant_id, member_id, micro, credited, earned)
    select merchant_id, member_id, micro - greatest(micro, 0) / ${MICRO} * ${MICRO}, greatest(micro, 0) / ${MICRO}, greatest(micro, 0) / ${MICRO}
      from r where micro <> 0 order by member_id
    on conflict (member_id) do update set
      micro = (pp.micro + excluded.micro + excluded.credited * ${MICRO}) - greatest(pp.micro + excluded.micro + excluded.credited * ${MICRO}, 0) / ${MICRO} * ${MICRO},
      credited = greatest(pp.micro + excluded.micro + excluded.credited * ${MICRO}, 0) / ${MICRO},
      earned = pp.earned + greatest(pp.micro + excluded.micro + excluded.credited * ${MICRO}, 0) / ${MICRO}
    returning pp.merchant_id, pp.member_id, pp.credited`,
  );
  return rows
    .map((r) => ({ merchantId: Number(r.merchant_id), memberId: Number(r.member_id), points: Number(r.credited) }))
    .filter((r) => r.points > 0);
}

export async function earnedBy(db: Db, memberId: number): Promise<number> {
  const [r] = await queryRows<{ earned: string }>(db, sql`select earned from points_progress where member_id = ${memberId}`);
  return Number(r?.earned ?? 0);
}

// The mall

export interface ItemRow {
  id: number;
  merchantId: number;
  kind: 'goods' | 'virtual';
  name: Record<string, string>;
  description: Record<string, string>;
  image: string;
  points: number;
  stock: number;
  dailyLimit: number;
  active: boolean;
  sort: number;
}

const json = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as Record<string, string>;

function toItem(r: Record<string, unknown>): ItemRow {
  return {
    id: Number(r.id),
    merchantId: Number(r.merchant_id),
    kind: r.kind as ItemRow['kind'],
    name: json(r.name),
    description: json(r.description),
    image: String(r.image),
    points: Number(r.points),
    stock: Number(r.stock),
    dailyLimit: Number(r.daily_limit),
    active: Boolean(r.active),
    sort: Number(r.sort),
  };
}

export type NewItem = Omit<ItemRow, 'id' | 'active'>;

export async function insertItem(db: Db, i: NewItem): Promise<number> {
  const [r] = await queryRows<{ id: number }>(
    db,
    sql`insert into mall_items (merchant_id, kind, name, description, image, points, stock, daily_limit, sort)
        values (${i.merchantId}, ${i.kind}, ${JSON.stringify(i.name)}::jsonb, ${JSON.stringify(i.description)}::jsonb, ${i.image},
                ${i.points}, ${i.stock}, ${i.dailyLimit}, ${i.sort})
        returning id`,
  );
  return Number(r?.id);
}

/** The merchant's active goods, in their order, with what the member redeemed of each today (not counting rejected ones). */
export async function activeItems(
  db: Db,
  merchantId: number,
  memberId: number | null,
  day: string,
): Promise<(ItemRow & { today: number })[]> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select i.*, coalesce((select sum(r.quantity) from mall_redemptions r
                               where r.member_id = ${memberId ?? 0} and r.item_id = i.id and r.day = ${day}::date and r.status <> 'rejected'), 0) as today
          from mall_items i where i.merchant_id = ${merchantId} and i.active order by i.sort, i.id`,
  );
  return rows.map((r) => ({ ...toItem(r), today: Number(r.today) }));
}

export async function findItem(db: Db, merchantId: number, id: number): Promise<ItemRow | undefined> {
  const [r] = await queryRows<Record<string, unknown>>(
    db,
    sql`select * from mall_items where id = ${id} and merchant_id = ${merchantId} and active`,
  );
  return r ? toItem(r) : undefined;
}

/** Takes `quantity` from the item's stock if it has that many (the row stays locked until commit): false when it has not. */
export async function takeStock(db: Db, itemId: number, quantity: number): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`update mall_items set stock = stock - ${quantity} where id = ${itemId} and stock >= ${quantity} returning id`,
  );
  return rows.length > 0;
}

export async function returnStock(db: Db, itemId: number, quantity: number): Promise<void> {
  await db.execute(sql`update mall_items set stock = stock + ${quantity} where id = ${itemId}`);
}

/** Units of an item the member has applied for on a day (rejected ones not counted). */
export async function redeemedOn(db: Db, memberId: number, itemId: number, day: string): Promise<number> {
  const [r] = await queryRows<{ n: string }>(
    db,
    sql`select coalesce(sum(quantity), 0) as n from mall_redemptions
         where member_id = ${memberId} and item_id = ${itemId} and day = ${day}::date and status <> 'rejected'`,
  );
  return Number(r?.n ?? 0);
}

/** The merchant's local day now (yyyy-mm-dd). */
export async function localDay(db: Db, timeZone: string, now: Date): Promise<string> {
  const [r] = await queryRows<{ day: string }>(
    db,
    sql`select to_char((${now.toISOString()}::timestamptz at time zone ${timeZone})::date, 'YYYY-MM-DD') as day`,
  );
  return String(r?.day);
}

export interface RedemptionRow {
  id: number;
  reference: string;
  merchantId: number;
  memberId: number;
  requestId: string;
  kind: 'goods' | 'virtual' | 'cash';
  itemId: number | null;
  name: Record<string, string> | null;
  quantity: number;
  points: number;
  cash: number | null;
  status: 'applying' | 'rejected' | 'approved' | 'completed';
  day: string;
  address: Record<string, string> | null;
  remark: string | null;
  trackingNumber: string | null;
  decidedBy: string | null;
  createdAt: Date;
  decidedAt: Date | null;
}

const date = (v: unknown) => (v instanceof Date ? v : new Date(String(v)));

function toRedemption(r: Record<string, unknown>): RedemptionRow {
  return {
    id: Number(r.id),
    reference: String(r.reference),
    merchantId: Number(r.merchant_id),
    memberId: Number(r.member_id),
    requestId: String(r.request_id),
    kind: r.kind as RedemptionRow['kind'],
    itemId: r.item_id == null ? null : Number(r.item_id),
    name: r.name == null ? null : json(r.name),
    quantity: Number(r.quantity),
    points: Number(r.points),
    cash: r.cash == null ? null : Number(r.cash),
    status: r.status as RedemptionRow['status'],
    day: String(r.day),
    address: r.address == null ? null : json(r.address),
    remark: r.remark == null ? null : String(r.remark),
    trackingNumber: r.tracking_number == null ? null : String(r.tracking_number),
    decidedBy: r.decided_by == null ? null : String(r.decided_by),
    createdAt: date(r.created_at),
    decidedAt: r.decided_at == null ? null : date(r.decided_at),
  };
}

export type NewRedemption = Pick<
  RedemptionRow,
  | 'reference'
  | 'merchantId'
  | 'memberId'
  | 'requestId'
  | 'kind'
  | 'itemId'
  | 'name'
  | 'quantity'
  | 'points'
  | 'cash'
  | 'status'
  | 'day'
  | 'address'
>;

/** Records a redemption; a request id the member used before records nothing (undefined). */
export async function insertRedemption(db: Db, r: NewRedemption, now: Date): Promise<RedemptionRow | undefined> {
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`insert into mall_redemptions (reference, merchant_id, member_id, request_id, kind, item_id, name, quantity, points, cash, status, day, address,
                                      created_at, decided_at)
        values (${r.reference}, ${r.merchantId}, ${r.memberId}, ${r.requestId}, ${r.kind}, ${r.itemId},
                ${r.name === null ? null : JSON.stringify(r.name)}::jsonb, ${r.quantity}, ${r.points}, ${r.cash}, ${r.status}, ${r.day}::date,
                ${r.address === null ? null : JSON.stringify(r.address)}::jsonb, ${now.toISOString()}::timestamptz,
                ${r.status === 'completed' ? now.toISOString() : null}::timestamptz)
        on conflict (member_id, request_id) do nothing
        returning *`,
  );
  return row ? toRedemption(row) : undefined;
}

export async function redemptionByRequest(db: Db, memberId: number, requestId: string): Promise<RedemptionRow | undefined> {
  const [r] = await queryRows<Record<string, unknown>>(
    db,
    sql`select * from mall_redemptions where member_id = ${memberId} and request_id = ${requestId}`,
  );
  return r ? toRedemption(r) : undefined;
}

export async function redemptionByReference(db: Db, reference: string, lock = false): Promise<RedemptionRow | undefined> {
  const [r] = await queryRows<Record<string, unknown>>(
    db,
    sql`select * from mall_redemptions where reference = ${reference}${lock ? sql` for update` : sql``}`,
  );
  return r ? toRedemption(r) : undefined;
}

export async function decideRedemption(
  db: Db,
  id: number,
  change: { status: RedemptionRow['status']; by: string; remark?: string | null; trackingNumber?: string | null; at: Date },
): Promise<RedemptionRow> {
  const [r] = await queryRows<Record<string, unknown>>(
    db,
    sql`update mall_redemptions set status = ${change.status}, decided_by = ${change.by}, decided_at = ${change.at.toISOString()}::timestamptz,
               remark = coalesce(${change.remark ?? null}, remark), tracking_number = coalesce(${change.trackingNumber ?? null}, tracking_number)
         where id = ${id} returning *`,
  );
  if (!r) throw new Error(`redemption ${id} vanished`);
  return toRedemption(r);
}

export interface RedemptionFilter {
  memberId?: number;
  merchantIds?: number[];
  status?: string;
}

function where(f: RedemptionFilter): SQL {
  const parts: SQL[] = [sql`true`];
  if (f.memberId !== undefined) parts.push(sql`member_id = ${f.memberId}`);
  if (f.merchantIds !== undefined)
    parts.push(
      f.merchantIds.length === 0
        ? sql`false`
        : sql`merchant_id in (${sql.join(
            f.merchantIds.map((m) => sql`${m}`),
            sql`, `,
          )})`,
    );
  if (f.status) parts.push(sql`status = ${f.status}`);
  return sql.join(parts, sql` and `);
}

/** A page of redemptions, newest first (the member's history, the operators' queue). */
export async function redemptionPage(
  db: Db,
  f: RedemptionFilter,
  limit: number,
  offset: number,
): Promise<{ rows: RedemptionRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    queryRows<Record<string, unknown>>(
      db,
      sql`select * from mall_redemptions where ${where(f)} order by id desc limit ${limit} offset ${offset}`,
    ),
    queryRows<{ n: string }>(db, sql`select count(*) as n from mall_redemptions where ${where(f)}`),
  ]);
  return { rows: rows.map(toRedemption), total: Number(count[0]?.n ?? 0) };
}
