import { type SQL, sql } from 'drizzle-orm';
import { type Db, preparedRows, queryRows } from '../../platform/db.ts';
import { groupGateSql } from '../staking/stake-gate.ts';

const rows = queryRows;

export interface AccountKey {
  merchantId: number;
  memberId: number | null;
  kind: string;
  currency: string;
}

/** The account's id, creating it on first use (a house account may go negative). */
export async function ensureAccount(db: Db, key: AccountKey): Promise<number> {
  const house = key.memberId === null ? 1 : 0;
  const inserted = await rows<{ id: string }>(
    db,
    sql`insert into ledger_accounts (merchant_id, member_id, kind, currency, house)
        values (${key.merchantId}, ${key.memberId}, ${key.kind}, ${key.currency}, ${house})
        on conflict (merchant_id, coalesce(member_id, 0), kind) do nothing
        returning id`,
  );
  if (inserted[0]) return Number(inserted[0].id);
  const found = await rows<{ id: string }>(
    db,
    sql`select id from ledger_accounts
        where merchant_id = ${key.merchantId} and coalesce(member_id, 0) = ${key.memberId ?? 0} and kind = ${key.kind}`,
  );
  if (!found[0]) throw new Error('ledger account vanished');
  return Number(found[0].id);
}

/** How a movement changes the wagering of one member account (see ledger_accounts.wagered). */
export interface TurnoverDelta {
  required: number;
  wagered: number;
}

/** What a posting statement did: the new transaction id, or none when its key already existed. */
export interface PostedRow {
  transactionId: number | undefined;
  balances: Record<number, number>;
}

/**
 * Writes one movement in a single statement (so row locks are held only for that statement):
 * claims the idempotency key, applies each account's delta, and writes the entries with the
 * balances they leave. When the key already exists nothing is changed. A member balance going
 * below zero violates the table's CHECK and aborts the statement. Postings must name distinct
 * accounts, sorted by id, so that concurrent statements lock rows in the same order.
 */
export async function postMovement(
  db: Db,
  t: { merchantId: number; type: string; idempotencyKey: string | null; requestHash: string | null; reference: Record<string, unknown> },
  postings: { accountId: number; amount: number }[],
  turnover: Map<number, TurnoverDelta> = new Map(),
): Promise<PostedRow> {
  const values = sql.join(
    postings.map((p) => {
      const w = turnover.get(p.accountId);
      return sql`(${p.accountId}::bigint, ${p.amount}::bigint, ${w?.wagered ?? 0}::bigint, ${w?.required ?? 0}::bigint)`;
    }),
    sql`, `,
  );

  const res = await rows<{ transaction_id: string | null; balances: { id: number; b: number }[] | null }>(
    db,
    sql`with mv_v(account_id, amount, wagered, required) as (values ${values}),
        mv_t as (
          insert into ledger_transactions (merchant_id, type, idempotency_key, request_hash, reference)
          values (${t.merchantId}, ${t.type}, ${t.idempotencyKey}, ${t.requestHash}, ${JSON.stringify(t.reference)}::jsonb)
          on conflict (merchant_id, idempotency_key) do nothing
          returning id
        ),
        mv_u as (
          update ledger_accounts a set
            balance = a.balance + v.amount,
            wagered = a.wagered + v.wagered,
            wagering_required = case when v.required > 0 then greatest(a.wagering_required, a.wagered) + v.required
                                     else a.wagering_required end
          from mv_v v where a.id = v.account_id and exists (select 1 from mv_t)
          returning a.id, a.balance
        ),
        mv_e as (
          insert into ledger_entries (transaction_id, account_id, amount, balance_after)
          select t.id, u.id, v.amount, u.balance from mv_t t cross join mv_u u join mv_v v on v.account_id = u.id
          returning account_id, balance_after
        )
        select (select id from mv_t) as transaction_id,
               (select json_agg(json_build_object('id', account_id, 'b', balance_after)) from mv_e) as balances`,
  );
  const row = res[0];
  const balances: Record<number, number> = {};
  for (const b of row?.balances ?? []) balances[Number(b.id)] = Number(b.b);
  return {
    transactionId: row?.transaction_id == null ? undefined : Number(row.transaction_id),
    balances,
  };
}

/** One movement of a batch: money between a member account and a house account, under a key. */
export interface PairMovement {
  merchantId: number;
  type: string;
  idempotencyKey: string;
  requestHash: string;
  reference: Record<string, unknown>;
  memberAccountId: number;
  houseAccountId: number;
  /** To the member account (negative takes from it); the house account gets the opposite. */
  amount: number;
  /** What it adds to the member account's wagering. */
  wagered: number;
}

/**
 * Writes more in a batch's statement: CTEs (each starting with a comma) that may read `mb_done`
 * (`i`, the item's position; `transaction_id`; `member_id`; `balance`, the member account's balance
 * after it) and `mb_still` (`i`, `member_id`, `balance`: the items of amount zero, which move
 * nothing and are written alongside only), a CTE `mb_skip(i)` of items not to move at all (the
 * caller's own idempotency), and an expression per item given in the result as `alongside`, that
 * may read `b.i`. The SQL is fixed (a module constant, built into the statement once) and takes its
 * values through placeholders, whose names must not start with `mb_`.
 */
export interface BatchShape {
  ctes: SQL;
  skip: SQL;
  result: SQL;
}

export interface BatchAlongside {
  shape: BatchShape;
  values: Record<string, unknown>;
}

/** A batch with nothing written alongside. */
export const nothingAlongside: BatchAlongside = {
  shape: { skip: sql`mb_skip as (select null::int as i where false)`, ctes: sql``, result: sql`null` },
  values: {},
};

/** What a batch did to each item, in order. */
export interface PairRow {
  transactionId: number | null;
  /** The member account's balance after the item, or as it stands when the item did not move. */
  balance: number;
  /** The key was already used, or the caller skipped the item: nothing moved. */
  seen: boolean;
  /** The stake gate's refusal (an error code): nothing moved. */
  refused: string | null;
  alongside: unknown;
}

type PairRowRaw = { i: number; transaction_id: string | null; balance: string; seen: boolean; refused: string | null; alongside: unknown };
const p = (name: string) => sql.placeholder(`mb_${name}`);

function pairsStatement(shape: BatchShape) {
  return preparedRows<PairRowRaw>(
    () => sql`with mb_in as (
          select * from unnest(${p('i')}::int[], ${p('merchant')}::int[], ${p('type')}::text[], ${p('key')}::text[], ${p('hash')}::text[],
                               ${p('reference')}::text[], ${p('member')}::bigint[], ${p('house')}::bigint[], ${p('amount')}::bigint[],
                               ${p('wagered')}::bigint[])
            as x(i, merchant_id, type, key, request_hash, reference, member_id, house_id, amount, wagered)
        ),
        mb_lock as (
          select a.id, a.balance
          from unnest(${p('accounts')}::bigint[]) with ordinality k(id, n)
          cross join lateral (select id, balance from ledger_accounts where id = k.id limit 1) a
          order by k.n
          for update of a
        ),
        ${shape.skip},
        mb_seen as (
          select b.i from mb_in b
          cross join lateral (select 1 from ledger_transactions t where t.merchant_id = b.merchant_id and t.idempotency_key = b.key limit 1) t
          union select i from mb_skip
        ),
        ${groupGateSql()},
        mb_ok as (
          select b.*, l.balance + b.amount as balance
          from mb_in b join mb_lock l on l.id = b.member_id
          where b.amount <> 0 and b.i not in (select i from mb_seen) and b.i not in (select i from sg_refused) and l.balance + b.amount >= 0
        ),
        mb_still as (
          select b.i, b.member_id, l.balance
          from mb_in b join mb_lock l on l.id = b.member_id
          where b.amount = 0 and b.i not in (select i from mb_seen)
        ),
        mb_t as (
          insert into ledger_transactions (merchant_id, type, idempotency_key, request_hash, reference)
          select merchant_id, type, key, request_hash, reference::jsonb from mb_ok order by i
          returning id, merchant_id, idempotency_key
        ),
        mb_done as (
          select o.i, o.member_id, o.house_id, o.amount, o.wagered, o.balance, t.id as transaction_id
          from mb_ok o join mb_t t on t.merchant_id = o.merchant_id and t.idempotency_key = o.key
        ),
        mb_um as (
          update ledger_accounts a set balance = d.balance, wagered = a.wagered + d.wagered
          from mb_done d where a.id = d.member_id
          returning a.id
        ),
        mb_h as (
          select d.i, d.transaction_id, d.house_id, -d.amount as amount,
                 l.balance - sum(d.amount) over (partition by d.house_id order by d.i) as balance_after,
                 l.balance - sum(d.amount) over (partition by d.house_id) as final
          from mb_done d join mb_lock l on l.id = d.house_id
        ),
        mb_uh as (
          update ledger_accounts a set balance = h.final
          from (select distinct house_id, final from mb_h) h where a.id = h.house_id
          returning a.id
        ),
        mb_e as (
          insert into ledger_entries (transaction_id, account_id, amount, balance_after)
          select transaction_id, account_id, amount, balance_after from (
            select i, 0 as leg, transaction_id, member_id as account_id, amount, balance as balance_after from mb_done
            union all
            select i, 1, transaction_id, house_id, amount, balance_after from mb_h
          ) e order by i, leg
          returning id
        )${shape.ctes}
        select b.i, d.transaction_id, coalesce(d.balance, l.balance) as balance,
               exists (select 1 from mb_seen s where s.i = b.i) as seen, (select code from sg_refused r where r.i = b.i) as refused,
               ${shape.result} as alongside
        from mb_in b left join mb_done d on d.i = b.i left join mb_lock l on l.id = b.member_id
        order by b.i`,
  );
}

const pairsStatements = new WeakMap<BatchShape, ReturnType<typeof pairsStatement>>();

/**
 * Writes many movements in one statement, each as post() would write it alone. Every account is
 * locked first, in id order (the order post() locks in, so neither can deadlock the other); then
 * the items whose key is new and that their member can afford are written: the transactions, the
 * member balances, each house account once with their sum, and the entries with the balances they
 * leave, in item order. An item the member cannot afford, or whose key is used, moves nothing.
 * A member account may appear in one item only. A key taken by a concurrent statement after this
 * one began fails the whole statement (the caller writes the items one by one then). Lookups are
 * written as LATERAL ... LIMIT 1 so that they stay index probes whatever the planner's statistics
 * say: a prepared statement planned while a table was small must not scan it once it is large.
 */
export async function postPairs(db: Db, items: PairMovement[], alongside: BatchAlongside = nothingAlongside): Promise<PairRow[]> {
  let statement = pairsStatements.get(alongside.shape);
  if (!statement) {
    statement = pairsStatement(alongside.shape);
    pairsStatements.set(alongside.shape, statement);
  }
  const accounts = [...new Set(items.flatMap((m) => [m.memberAccountId, m.houseAccountId]))].sort((a, b) => a - b);
  const res = await statement(db, {
    ...alongside.values,
    mb_i: items.map((_, i) => i),
    mb_merchant: items.map((m) => m.merchantId),
    mb_type: items.map((m) => m.type),
    mb_key: items.map((m) => m.idempotencyKey),
    mb_hash: items.map((m) => m.requestHash),
    mb_reference: items.map((m) => JSON.stringify(m.reference)),
    mb_member: items.map((m) => m.memberAccountId),
    mb_house: items.map((m) => m.houseAccountId),
    mb_amount: items.map((m) => m.amount),
    mb_wagered: items.map((m) => m.wagered),
    mb_accounts: accounts,
  });
  return res.map((r) => ({
    transactionId: r.transaction_id == null ? null : Number(r.transaction_id),
    balance: Number(r.balance),
    seen: r.seen,
    refused: r.refused,
    alongside: r.alongside ?? null,
  }));
}

/** Merchant, currency and house flag of accounts (these never change once an account exists). */
export async function accountFacts(
  db: Db,
  ids: number[],
): Promise<{ id: number; merchantId: number; memberId: number | null; kind: string; currency: string; house: boolean }[]> {
  const res = await rows<{ id: string; merchant_id: number; member_id: string | null; kind: string; currency: string; house: number }>(
    db,
    sql`select id, merchant_id, member_id, kind, currency, house from ledger_accounts where id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return res.map((r) => ({
    id: Number(r.id),
    merchantId: r.merchant_id,
    memberId: r.member_id === null ? null : Number(r.member_id),
    kind: r.kind,
    currency: r.currency,
    house: r.house === 1,
  }));
}

/** Locks accounts in id order (the order every movement locks them in), for a movement written in steps. */
export async function lockAccounts(db: Db, ids: number[]): Promise<void> {
  await rows(
    db,
    sql`select id from ledger_accounts where id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}) order by id for update`,
  );
}

export async function findTransactionByKey(
  db: Db,
  merchantId: number,
  idempotencyKey: string,
): Promise<{ id: number; requestHash: string | null; type: string } | undefined> {
  const res = await rows<{ id: string; request_hash: string | null; type: string }>(
    db,
    sql`select id, request_hash, type from ledger_transactions where merchant_id = ${merchantId} and idempotency_key = ${idempotencyKey}`,
  );
  const row = res[0];
  return row ? { id: Number(row.id), requestHash: row.request_hash, type: row.type } : undefined;
}

export async function entriesOf(db: Db, transactionId: number): Promise<{ accountId: number; amount: number; balanceAfter: number }[]> {
  const res = await rows<{ account_id: string; amount: string; balance_after: string }>(
    db,
    sql`select account_id, amount, balance_after from ledger_entries where transaction_id = ${transactionId} order by id`,
  );
  return res.map((r) => ({ accountId: Number(r.account_id), amount: Number(r.amount), balanceAfter: Number(r.balance_after) }));
}

export async function balanceOf(db: Db, accountId: number): Promise<number> {
  const res = await rows<{ balance: string }>(db, sql`select balance from ledger_accounts where id = ${accountId}`);
  return Number(res[0]?.balance ?? 0);
}

/** Accounts whose balance differs from the sum of their entries, or a member account below zero. */
export function accountViolations(db: Db) {
  return rows<{ id: string; balance: string; entries_sum: string }>(
    db,
    sql`select a.id, a.balance, coalesce(sum(e.amount), 0) as entries_sum
        from ledger_accounts a left join ledger_entries e on e.account_id = a.id
        group by a.id
        having a.balance <> coalesce(sum(e.amount), 0) or (a.house = 0 and a.balance < 0)`,
  );
}

/** Transactions whose entries do not sum to zero, or that have fewer than two entries. */
export function transactionViolations(db: Db) {
  return rows<{ id: string; total: string; n: string }>(
    db,
    sql`select t.id, coalesce(sum(e.amount), 0) as total, count(e.id) as n
        from ledger_transactions t left join ledger_entries e on e.transaction_id = t.id
        group by t.id
        having coalesce(sum(e.amount), 0) <> 0 or count(e.id) < 2`,
  );
}
