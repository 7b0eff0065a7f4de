import { sql } from 'drizzle-orm';
import { type Db, preparedRows, queryRows } from '../../platform/db.ts';

const p = (name: string) => sql.placeholder(name);

/**
 * Credits many member accounts of one kind from their merchant's house account of one kind, in one
 * statement, each credit its own movement under its key (the invariants of post(): entries sum to
 * zero and carry the balances they leave; a key moves money once). Accounts are opened by the same
 * statement: an upsert adds the credit to the balance, so an account opened concurrently is added
 * to, never skipped. Members are locked in member id order. Each member may appear once per call.
 */
const grantStatement = preparedRows<{ granted: string }>(
  () => sql`with g_in as (
      select * from unnest(${p('merchant')}::int[], ${p('member')}::bigint[], ${p('amount')}::bigint[], ${p('key')}::text[],
                           ${p('reference')}::text[]) with ordinality as x(merchant_id, member_id, amount, key, reference, i)
    ),
    g_t as (
      insert into ledger_transactions (merchant_id, type, idempotency_key, reference)
      select merchant_id, ${p('type')}::text, key, reference::jsonb from g_in order by i
      on conflict (merchant_id, idempotency_key) do nothing
      returning id, merchant_id, idempotency_key
    ),
    g_d as (
      select g.*, t.id as transaction_id from g_in g join g_t t on t.merchant_id = g.merchant_id and t.idempotency_key = g.key
    ),
    g_m as (
      insert into ledger_accounts as a (merchant_id, member_id, kind, currency, house, balance)
      select merchant_id, member_id, ${p('kind')}::text, ${p('currency')}::text, 0, amount from g_d order by member_id
      on conflict (merchant_id, coalesce(member_id, 0), kind) do update set balance = a.balance + excluded.balance
      returning a.id, a.merchant_id, a.member_id, a.balance
    ),
    g_s as (select merchant_id, sum(amount) as total from g_d group by merchant_id),
    g_h as (
      insert into ledger_accounts as a (merchant_id, member_id, kind, currency, house, balance)
      select merchant_id, null, ${p('houseKind')}::text, ${p('currency')}::text, 1, -total from g_s order by merchant_id
      on conflict (merchant_id, coalesce(member_id, 0), kind) do update set balance = a.balance + excluded.balance
      returning a.id, a.merchant_id, a.balance
    ),
    g_e as (
      insert into ledger_entries (transaction_id, account_id, amount, balance_after)
      select transaction_id, account_id, amount, balance_after from (
        select d.i, 0 as leg, d.transaction_id, m.id as account_id, d.amount, m.balance as balance_after
          from g_d d join g_m m on m.merchant_id = d.merchant_id and m.member_id = d.member_id
        union all
        select d.i, 1, d.transaction_id, h.id, -d.amount,
               h.balance + s.total - sum(d.amount) over (partition by d.merchant_id order by d.i)
          from g_d d join g_h h on h.merchant_id = d.merchant_id join g_s s on s.merchant_id = d.merchant_id
      ) e order by i, leg
      returning id
    )
    select (select count(*) from g_d) as granted`,
);

export interface GrantRow {
  merchantId: number;
  memberId: number;
  amount: number;
  key: string;
  reference: Record<string, unknown>;
}

/** Writes the grants in one statement; answers how many moved (a key used before moves nothing). */
export async function grantRows(
  db: Db,
  type: string,
  kind: string,
  houseKind: string,
  currency: string,
  rows: GrantRow[],
): Promise<number> {
  const [res] = await grantStatement(db, {
    type,
    kind,
    houseKind,
    currency,
    merchant: rows.map((r) => r.merchantId),
    member: rows.map((r) => r.memberId),
    amount: rows.map((r) => r.amount),
    key: rows.map((r) => r.key),
    reference: rows.map((r) => JSON.stringify(r.reference)),
  });
  return Number(res?.granted ?? 0);
}

/** One entry of an account's statement. */
export interface StatementLine {
  id: number;
  time: number;
  type: string;
  amount: number;
  balanceAfter: number;
  reference: Record<string, unknown>;
}

/** A page of one account's entries, newest first, and how many there are. */
export async function statementPage(
  db: Db,
  accountId: number,
  limit: number,
  offset: number,
): Promise<{ rows: StatementLine[]; total: number }> {
  const [rows, count] = await Promise.all([
    queryRows<{
      id: string;
      created_at: string | Date;
      type: string;
      amount: string;
      balance_after: string;
      reference: Record<string, unknown>;
    }>(
      db,
      sql`select e.id, t.created_at, t.type, e.amount, e.balance_after, t.reference
            from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
           where e.account_id = ${accountId}
           order by e.id desc limit ${limit} offset ${offset}`,
    ),
    queryRows<{ n: string }>(db, sql`select count(*) as n from ledger_entries where account_id = ${accountId}`),
  ]);
  return {
    rows: rows.map((r) => ({
      id: Number(r.id),
      time: new Date(r.created_at).getTime(),
      type: r.type,
      amount: Number(r.amount),
      balanceAfter: Number(r.balance_after),
      reference: r.reference,
    })),
    total: Number(count[0]?.n ?? 0),
  };
}
