import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../platform/db.ts';

/**
 * Every member's rebate of a merchant day in one statement, from the daily statistics: the sum over
 * categories of valid stake × the category's rate (basis points, '*' for the others, rounded down
 * per category), capped per day; members owed nothing are left out. Ordered by member id. The same
 * arithmetic as rebateOf() (the unit tests hold it).
 */
export async function rebatesOfDay(
  db: Db,
  merchantId: number,
  day: string,
  ratesBp: Record<string, number>,
  capPerDay: number,
): Promise<{ memberId: number; amount: number }[]> {
  const rows = await queryRows<{ member_id: string; amount: string }>(
    db,
    sql`select member_id, least(sum(valid_stake * coalesce((r.rates ->> category)::bigint, (r.rates ->> '*')::bigint, 0) / 10000),
                                ${capPerDay}::bigint) as amount
          from daily_member_stats, (select ${JSON.stringify(ratesBp)}::jsonb as rates) r
         where merchant_id = ${merchantId} and day = ${day}::date and valid_stake > 0
         group by member_id
        having sum(valid_stake * coalesce((r.rates ->> category)::bigint, (r.rates ->> '*')::bigint, 0) / 10000) > 0
         order by member_id`,
  );
  return rows.map((r) => ({ memberId: Number(r.member_id), amount: Number(r.amount) }));
}

export interface RebateBatch {
  merchantId: number;
  offerId: number;
  periodKey: string;
  title: string;
  /** Wagering multiple of the amount (0: paid as cash, no obligation). */
  multiple: number;
  contributions: Record<string, number>;
  maxBet: number | null;
  expiresAt: Date;
  /** The ledger key of each member's grant: `bonus:<grant key>`. */
  grantKey: (memberId: number) => string;
  rows: { memberId: number; amount: number }[];
}

/** A PostgreSQL array literal, passed as one parameter (the keys hold no quotes, commas or braces). */
const arr = (xs: (string | number)[]) => `{${xs.map((x) => (typeof x === 'string' ? `"${x}"` : x)).join(',')}}`;

/**
 * The obligations and claims of a batch whose ledger grants were just written, in two statements:
 * each row joins its ledger movement by key (a key moved before, in an earlier run, finds its
 * obligation and claim already written in that run's transaction: both inserts skip it). Answers
 * how many claims this call recorded.
 */
export async function recordRebates(db: Db, b: RebateBatch): Promise<number> {
  if (b.rows.length === 0) return 0;
  const members = arr(b.rows.map((r) => Math.trunc(r.memberId)));
  const amounts = arr(b.rows.map((r) => Math.trunc(r.amount)));
  const keys = arr(b.rows.map((r) => b.grantKey(r.memberId)));
  if (b.multiple > 0) {
    await queryRows(
      db,
      sql`insert into wagering_obligations (merchant_id, member_id, grant_key, title, bonus_amount, required, contributions, max_bet, expires_at)
          select ${b.merchantId}::int, x.member_id, x.grant_key, ${b.title}, x.amount, x.amount * ${b.multiple}::bigint,
                 ${JSON.stringify(b.contributions)}::jsonb, ${b.maxBet}::bigint, ${b.expiresAt.toISOString()}::timestamptz
            from unnest(${members}::bigint[], ${amounts}::bigint[], ${keys}::text[]) as x(member_id, amount, grant_key)
           order by x.member_id
          on conflict (merchant_id, grant_key) do nothing`,
    );
  }
  const recorded = await queryRows<{ id: string }>(
    db,
    sql`insert into promotion_claims (merchant_id, offer_id, member_id, period_key, deposit_transaction_id, amount, required, ledger_transaction_id)
        select ${b.merchantId}::int, ${b.offerId}::int, x.member_id, ${b.periodKey}, null, x.amount, x.amount * ${b.multiple}::bigint, t.id
          from unnest(${members}::bigint[], ${amounts}::bigint[], ${keys}::text[]) as x(member_id, amount, grant_key)
          join ledger_transactions t on t.merchant_id = ${b.merchantId}::int and t.idempotency_key = 'bonus:' || x.grant_key
         order by x.member_id
        on conflict do nothing
        returning id`,
  );
  return recorded.length;
}
