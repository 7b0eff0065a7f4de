import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../platform/db.ts';

/** One leg of a movement as consumers see it: the account's owner and kind beside the amount. */
export interface FeedEntry {
  accountId: number;
  /** The member owning the account; null for house accounts. */
  memberId: number | null;
  kind: string;
  amount: number;
}

/** A committed ledger movement, as the feed hands it to consumers. */
export interface FeedMovement {
  id: number;
  xact: number;
  merchantId: number;
  type: string;
  reference: Record<string, unknown>;
  createdAt: Date;
  entries: FeedEntry[];
}

export interface FeedCursor {
  xact: number;
  transactionId: number;
}

/**
 * The feed's horizon now: every database transaction below `xmin` has ended, and every one that
 * ended before this call is below `xmax`.
 */
export async function feedHorizon(db: Db): Promise<{ xmin: number; xmax: number }> {
  const [row] = await queryRows<{ xmin: string; xmax: string }>(
    db,
    sql`select (pg_snapshot_xmin(s)::text)::bigint as xmin, (pg_snapshot_xmax(s)::text)::bigint as xmax from pg_current_snapshot() as s`,
  );
  if (!row) throw new Error('no snapshot');
  return { xmin: Number(row.xmin), xmax: Number(row.xmax) };
}

/**
 * Locks the consumers' cursors for this transaction, creating those that do not exist yet (at the
 * feed's start). A cursor another node holds is left out: that node is consuming for it.
 */
export async function lockCursors(db: Db, consumers: readonly string[]): Promise<Map<string, FeedCursor>> {
  await db.execute(sql`
    insert into ledger_feed_cursors (consumer)
    select jsonb_array_elements_text(${JSON.stringify(consumers)}::jsonb) on conflict do nothing`);
  const rows = await queryRows<{ consumer: string; xact: string; transaction_id: string }>(
    db,
    sql`select consumer, xact, transaction_id from ledger_feed_cursors
         where consumer in (select jsonb_array_elements_text(${JSON.stringify(consumers)}::jsonb)) for update skip locked`,
  );
  return new Map(rows.map((r) => [r.consumer, { xact: Number(r.xact), transactionId: Number(r.transaction_id) }]));
}

/** Moves each consumer's cursor to where it has consumed, counting what it took. */
export async function moveCursors(db: Db, moves: readonly { consumer: string; to: FeedCursor; consumed: number }[]): Promise<void> {
  if (moves.length === 0) return;
  await db.execute(sql`
    update ledger_feed_cursors c
       set xact = m.xact, transaction_id = m.transaction_id, consumed = c.consumed + m.consumed, updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(moves.map((m) => ({ consumer: m.consumer, xact: m.to.xact, transaction_id: m.to.transactionId, consumed: m.consumed })))}::jsonb)
           as m(consumer text, xact bigint, transaction_id bigint, consumed bigint)
     where c.consumer = m.consumer`);
}

/** A stretch of the feed: the movements after `from` up to and including `to`, in (xact, id) order. */
export interface FeedRange {
  from: FeedCursor;
  to: FeedCursor;
  /** How many movements it holds. */
  count: number;
  /**
   * How old its oldest movement was when the range was read, in milliseconds (from the start of the
   * movement's transaction, a moment before it committed: a little high, never low).
   */
  oldestAgeMs: number;
}

const horizonOf = sql`(pg_snapshot_xmin(pg_current_snapshot())::text)::bigint`;

/**
 * The next stretch of at most `limit` movements after `after`, or undefined when there is none. Only
 * movements of database transactions older than the oldest one still running: every movement below
 * that horizon has committed (or never will), and no new one can appear below it, so reading in
 * (xact, id) order never skips a movement that commits late. Its bounds are fixed: what a consumer
 * reads between them is the same whenever it reads it.
 */
export async function nextRange(db: Db, after: FeedCursor, limit: number): Promise<FeedRange | undefined> {
  const [row] = await queryRows<{ xact: string; id: string; n: string; age_ms: string }>(
    db,
    sql`
      with next as (
        select t.xact, t.id, t.created_at from ledger_transactions t
         where (t.xact, t.id) > (${after.xact}::bigint, ${after.transactionId}::bigint) and t.xact < ${horizonOf}
         order by t.xact, t.id
         limit ${limit}
      )
      select xact, id, (select count(*) from next) as n,
             (select extract(epoch from clock_timestamp() - min(created_at)) * 1000 from next) as age_ms
        from next order by xact desc, id desc limit 1`,
  );
  if (!row) return undefined;
  return {
    from: after,
    to: { xact: Number(row.xact), transactionId: Number(row.id) },
    count: Number(row.n),
    oldestAgeMs: Math.max(0, Number(row.age_ms)),
  };
}

/**
 * The member lines of a range as a subquery, for a consumer that says in SQL what it does with them:
 * one row per entry of a member's account (house legs left out), with its movement's
 * `transaction_id`, `merchant_id`, `type`, `reference` and `created_at`, and the entry's `member_id`,
 * `kind` (the account's) and `amount` (signed for the member).
 */
export function rangeMemberLines(range: FeedRange): SQL {
  return sql`(
    select t.id as transaction_id, t.merchant_id, t.type, t.reference, t.created_at, a.member_id, a.kind, e.amount
      from ledger_transactions t
      join ledger_entries e on e.transaction_id = t.id
      join ledger_accounts a on a.id = e.account_id
     where (t.xact, t.id) > (${range.from.xact}::bigint, ${range.from.transactionId}::bigint)
       and (t.xact, t.id) <= (${range.to.xact}::bigint, ${range.to.transactionId}::bigint)
       and a.member_id is not null
  )`;
}

/** The movements of a range, each with its entries, for a consumer that needs them in Node. */
export async function movementsIn(db: Db, range: FeedRange): Promise<FeedMovement[]> {
  const rows = await queryRows<{
    id: string;
    xact: string;
    merchant_id: number;
    type: string;
    reference: Record<string, unknown>;
    created_at: string | Date;
    entries: { accountId: number; memberId: number | null; kind: string; amount: number }[];
  }>(
    db,
    sql`
      with next as (
        select t.id, t.xact, t.merchant_id, t.type, t.reference, t.created_at
          from ledger_transactions t
         where (t.xact, t.id) > (${range.from.xact}::bigint, ${range.from.transactionId}::bigint)
           and (t.xact, t.id) <= (${range.to.xact}::bigint, ${range.to.transactionId}::bigint)
      )
      select n.id, n.xact, n.merchant_id, n.type, n.reference, n.created_at,
             coalesce(json_agg(json_build_object('accountId', e.account_id, 'memberId', a.member_id, 'kind', a.kind, 'amount', e.amount)
                               order by e.id) filter (where e.id is not null), '[]') as entries
        from next n
        left join ledger_entries e on e.transaction_id = n.id
        left join ledger_accounts a on a.id = e.account_id
       group by n.id, n.xact, n.merchant_id, n.type, n.reference, n.created_at
       order by n.xact, n.id`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    xact: Number(r.xact),
    merchantId: r.merchant_id,
    type: r.type,
    reference: r.reference,
    createdAt: new Date(r.created_at),
    entries: r.entries.map((e) => ({ ...e, amount: Number(e.amount), memberId: e.memberId === null ? null : Number(e.memberId) })),
  }));
}
