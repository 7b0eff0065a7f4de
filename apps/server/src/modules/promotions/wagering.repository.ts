import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../platform/db.ts';
import { type FeedRange, rangeMemberLines } from '../wallet/ledger.feed.ts';

// The wagering obligations' SQL (see wagering.tables.ts); the rules are wagering.service.ts's.

export interface ObligationRow {
  id: number;
  merchantId: number;
  memberId: number;
  title: string;
  bonusAmount: number;
  required: number;
  wagered: number;
  contributions: Record<string, number>;
  maxBet: number | null;
  status: string;
  expiresAt: Date;
  createdAt: Date;
  settledAt: Date | null;
}

type Raw = Record<string, unknown>;
const num = (v: unknown) => Number(v);
const date = (v: unknown) => (v instanceof Date ? v : new Date(String(v)));

function toRow(r: Raw): ObligationRow {
  return {
    id: num(r.id),
    merchantId: num(r.merchant_id),
    memberId: num(r.member_id),
    title: String(r.title),
    bonusAmount: num(r.bonus_amount),
    required: num(r.required),
    wagered: num(r.wagered),
    contributions: (typeof r.contributions === 'string' ? JSON.parse(r.contributions) : r.contributions) as Record<string, number>,
    maxBet: r.max_bet == null ? null : num(r.max_bet),
    status: String(r.status),
    expiresAt: date(r.expires_at),
    createdAt: date(r.created_at),
    settledAt: r.settled_at == null ? null : date(r.settled_at),
  };
}

export interface NewObligation {
  merchantId: number;
  memberId: number;
  grantKey: string;
  title: string;
  bonusAmount: number;
  required: number;
  contributions: Record<string, number>;
  maxBet: number | null;
  expiresAt: Date;
}

/** Records an obligation; a grant key used before records nothing (answers undefined). */
export async function insertObligation(db: Db, o: NewObligation): Promise<number | undefined> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`insert into wagering_obligations (merchant_id, member_id, grant_key, title, bonus_amount, required, contributions, max_bet, expires_at)
        values (${o.merchantId}, ${o.memberId}, ${o.grantKey}, ${o.title}, ${o.bonusAmount}, ${o.required},
                ${JSON.stringify(o.contributions)}::jsonb, ${o.maxBet}, ${o.expiresAt.toISOString()}::timestamptz)
        on conflict (merchant_id, grant_key) do nothing
        returning id`,
  );
  return row ? Number(row.id) : undefined;
}

/** The active obligations of these members, oldest first, locked for the transaction. */
/** Whether a member line of the range, of one of `types`, belongs to a member holding an active obligation. */
export async function obligationHoldersIn(db: Db, range: FeedRange, types: readonly string[]): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    db,
    sql`select 1 as one from ${rangeMemberLines(range)} x
         where x.type in (select jsonb_array_elements_text(${JSON.stringify(types)}::jsonb))
           and exists (select 1 from wagering_obligations o where o.member_id = x.member_id and o.status = 'active')
         limit 1`,
  );
  return rows.length > 0;
}

export async function activeObligations(db: Db, memberIds: number[]): Promise<ObligationRow[]> {
  if (memberIds.length === 0) return [];
  const rows = await queryRows<Raw>(
    db,
    sql`select * from wagering_obligations
         where member_id = any(${sql.raw(`'{${memberIds.map((m) => Math.trunc(m)).join(',')}}'`)}::bigint[]) and status = 'active'
         order by member_id, id
         for update`,
  );
  return rows.map(toRow);
}

/** Writes the progress of obligations; those given `settle` leave the active ones with that status. */
export async function writeProgress(db: Db, changes: { id: number; wagered: number; status: string }[]): Promise<void> {
  if (changes.length === 0) return;
  await db.execute(sql`
    update wagering_obligations o
       set wagered = c.wagered, status = c.status, settled_at = case when c.status <> 'active' then now() else o.settled_at end
      from unnest(${sql.raw(`'{${changes.map((c) => c.id).join(',')}}'`)}::bigint[],
                  ${sql.raw(`'{${changes.map((c) => c.wagered).join(',')}}'`)}::bigint[],
                  ${sql.raw(`'{${changes.map((c) => c.status).join(',')}}'`)}::text[]) as c(id, wagered, status)
     where o.id = c.id`);
}

/** Takes active obligations out of play with a status (expired, forfeited): those claimed now, locked. */
export async function settleObligations(db: Db, where: SQL, status: 'expired' | 'forfeited', limit = 200): Promise<ObligationRow[]> {
  const rows = await queryRows<Raw>(
    db,
    sql`update wagering_obligations set status = ${status}, settled_at = now()
         where id in (select id from wagering_obligations where status = 'active' and ${where} order by id limit ${limit} for update skip locked)
         returning *`,
  );
  return rows.map(toRow);
}

export const expiredBy = (now: Date) => sql`expires_at <= ${now.toISOString()}::timestamptz`;
export const ofMember = (memberId: number) => sql`member_id = ${memberId}`;

/** What a member's active obligations require, what is wagered on them and still owed, and how many there are. */
export async function owedBy(db: Db, memberId: number): Promise<{ required: number; wagered: number; left: number; active: number }> {
  const [row] = await queryRows<{ required: string; wagered: string; active: string }>(
    db,
    sql`select coalesce(sum(required), 0) as required, coalesce(sum(wagered), 0) as wagered, count(*) as active
          from wagering_obligations where member_id = ${memberId} and status = 'active'`,
  );
  const required = Number(row?.required ?? 0);
  const wagered = Number(row?.wagered ?? 0);
  return { required, wagered, left: required - wagered, active: Number(row?.active ?? 0) };
}

/** A member's obligations, newest first (the bonusDetails page). */
export async function obligationsOf(
  db: Db,
  memberId: number,
  limit: number,
  offset: number,
): Promise<{ rows: ObligationRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    queryRows<Raw>(
      db,
      sql`select * from wagering_obligations where member_id = ${memberId} order by id desc limit ${limit} offset ${offset}`,
    ),
    queryRows<{ n: string }>(db, sql`select count(*) as n from wagering_obligations where member_id = ${memberId}`),
  ]);
  return { rows: rows.map(toRow), total: Number(count[0]?.n ?? 0) };
}

/**
 * The stake cap while wagering, as an SQL expression over a member id expression: the lowest max bet
 * of the member's active obligations, null when none caps it. The stake gate reads it in both its forms.
 */
export function maxBetOf(memberId: SQL): SQL {
  return sql`(select min(max_bet) from wagering_obligations where member_id = ${memberId} and status = 'active')`;
}

/** The max bet of one member now (cap null: no bonus caps its stakes), and the merchant of the member's bonuses. */
export async function maxBetFor(db: Db, memberId: number): Promise<{ cap: number | null; merchantId: number }> {
  const [row] = await queryRows<{ cap: string | null; merchant_id: string | null }>(
    db,
    sql`select min(max_bet) as cap, min(merchant_id) as merchant_id from wagering_obligations where member_id = ${memberId} and status = 'active'`,
  );
  return { cap: row?.cap == null ? null : Number(row.cap), merchantId: Number(row?.merchant_id ?? 0) };
}
