import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../platform/db.ts';

const rows = queryRows;

/** Every ledger account of a member with its balance. */
export async function memberAccounts(db: Db, memberId: number): Promise<{ id: number; kind: string; balance: number }[]> {
  const res = await rows<{ id: string; kind: string; balance: string }>(
    db,
    sql`select id, kind, balance from ledger_accounts where member_id = ${memberId} order by id`,
  );
  return res.map((r) => ({ id: Number(r.id), kind: r.kind, balance: Number(r.balance) }));
}

export async function turnoverOf(db: Db, memberId: number): Promise<{ required: number; wagered: number }> {
  const res = await rows<{ required: string; wagered: string }>(
    db,
    sql`select coalesce(sum(wagering_required), 0) as required, coalesce(sum(wagered), 0) as wagered from ledger_accounts where member_id = ${memberId}`,
  );
  return { required: Number(res[0]?.required ?? 0), wagered: Number(res[0]?.wagered ?? 0) };
}

export interface HistoryFilter {
  memberId: number;
  types: string[];
  from: Date;
  to: Date;
  /** Also the held (locked) account: the operator's full view. */
  allWallets?: boolean;
}

function historyWhere(f: HistoryFilter) {
  const types = f.types.length
    ? sql` and t.type in (${sql.join(
        f.types.map((t) => sql`${t}`),
        sql`, `,
      )})`
    : sql``;
  // The locked account is the inside of a withdrawal: the player sees the hold and the release on the main wallet.
  const wallets = f.allWallets ? sql`` : sql` and a.kind <> 'locked'`;
  // Points are not money: they have their own statement (points transaction detail).
  const points = sql` and a.currency <> 'PTS'`;
  return sql`a.member_id = ${f.memberId}${wallets}${points}
    and t.created_at >= ${f.from.toISOString()}::timestamptz and t.created_at < ${f.to.toISOString()}::timestamptz${types}`;
}

/** One page of the member's entries, newest first. */
export async function historyPage(db: Db, f: HistoryFilter, limit: number, offset: number) {
  const res = await rows<{
    id: string;
    transaction_id: string;
    created_at: string | Date;
    type: string;
    kind: string;
    amount: string;
    balance_after: string;
    reference: Record<string, unknown>;
  }>(
    db,
    sql`select e.id, e.transaction_id, t.created_at, t.type, a.kind, e.amount, e.balance_after, t.reference
        from ledger_entries e
        join ledger_accounts a on a.id = e.account_id
        join ledger_transactions t on t.id = e.transaction_id
        where ${historyWhere(f)}
        order by e.id desc limit ${limit} offset ${offset}`,
  );
  return res.map((r) => ({
    id: Number(r.id),
    transactionId: Number(r.transaction_id),
    time: new Date(r.created_at).getTime(),
    type: r.type,
    wallet: r.kind,
    amount: Number(r.amount),
    balanceAfter: Number(r.balance_after),
    reference: r.reference,
  }));
}

/** Count and totals of every entry matching the filter. */
export async function historyTotals(db: Db, f: HistoryFilter): Promise<{ count: number; in: number; out: number }> {
  const res = await rows<{ n: string; income: string; outgo: string }>(
    db,
    sql`select count(*) as n,
               coalesce(sum(case when e.amount > 0 then e.amount else 0 end), 0) as income,
               coalesce(sum(case when e.amount < 0 then -e.amount else 0 end), 0) as outgo
        from ledger_entries e
        join ledger_accounts a on a.id = e.account_id
        join ledger_transactions t on t.id = e.transaction_id
        where ${historyWhere(f)}`,
  );
  const r = res[0];
  return { count: Number(r?.n ?? 0), in: Number(r?.income ?? 0), out: Number(r?.outgo ?? 0) };
}

/**
 * Game money of a member per local day and game category: stakes (bets less rollbacks), wins and
 * rebates, from the ledger's bet, win, rollback and rebate movements.
 */
export async function profitLines(db: Db, memberId: number, from: Date, to: Date, timeZone: string) {
  const res = await rows<{ day: string; category: string; bets: string; wins: string; rebates: string }>(
    db,
    sql`select to_char(t.created_at at time zone ${timeZone}, 'YYYY-MM-DD') as day,
               coalesce(t.reference->>'category', 'OTHER') as category,
               coalesce(sum(case when t.type in ('bet', 'rollback', 'lottery_refund') then -e.amount else 0 end), 0) as bets,
               coalesce(sum(case when t.type = 'win' then e.amount else 0 end), 0) as wins,
               coalesce(sum(case when t.type = 'rebate' then e.amount else 0 end), 0) as rebates
        from ledger_entries e
        join ledger_accounts a on a.id = e.account_id
        join ledger_transactions t on t.id = e.transaction_id
        where a.member_id = ${memberId} and t.type in ('bet', 'win', 'rollback', 'lottery_refund', 'rebate')
          and t.created_at >= ${from.toISOString()}::timestamptz and t.created_at < ${to.toISOString()}::timestamptz
        group by 1, 2 order by 1, 2`,
  );
  return res.map((r) => ({ day: r.day, category: r.category, bets: Number(r.bets), wins: Number(r.wins), rebates: Number(r.rebates) }));
}

/**
 * Every member's game figures of a merchant in [from, to), straight from the ledger's entries: valid
 * bets (stakes less refunds), payouts and bonuses, counted as the daily statistics count them. What
 * a settled period is recomputed from.
 */
export async function playTotalsFromLedger(db: Db, merchantId: number, from: Date, to: Date) {
  const res = await rows<{ member_id: string; turnover: string; payout: string; bonuses: string }>(
    db,
    sql`select a.member_id,
               coalesce(sum(case when t.type in ('bet', 'rollback', 'lottery_refund') then -e.amount else 0 end), 0) as turnover,
               coalesce(sum(case when t.type = 'win' then e.amount else 0 end), 0) as payout,
               coalesce(sum(case when t.type in ('bonus', 'bonus_forfeit') then e.amount else 0 end), 0) as bonuses
        from ledger_transactions t
        join ledger_entries e on e.transaction_id = t.id
        join ledger_accounts a on a.id = e.account_id
        where t.merchant_id = ${merchantId} and a.member_id is not null
          and t.type in ('bet', 'win', 'rollback', 'lottery_refund', 'bonus', 'bonus_forfeit')
          and t.created_at >= ${from.toISOString()}::timestamptz and t.created_at < ${to.toISOString()}::timestamptz
        group by a.member_id
        having sum(case when t.type in ('bet', 'rollback', 'lottery_refund') then -e.amount else 0 end) <> 0
            or sum(case when t.type = 'win' then e.amount else 0 end) <> 0
            or sum(case when t.type in ('bonus', 'bonus_forfeit') then e.amount else 0 end) <> 0`,
  );
  return res.map((r) => ({
    memberId: Number(r.member_id),
    turnover: Number(r.turnover),
    payout: Number(r.payout),
    bonuses: Number(r.bonuses),
  }));
}

/** Signals every node that these members' balances changed; PostgreSQL delivers it once the surrounding work is committed. */
export async function notifyBalance(db: Db, memberIds: number[]): Promise<void> {
  // A NOTIFY payload must stay under 8000 bytes: 500 ids of up to 12 digits fit in one.
  for (let i = 0; i < memberIds.length; i += 500) {
    await db.execute(sql`select pg_notify('balance', ${memberIds.slice(i, i + 500).join(',')})`);
  }
}

/** Types of ledger movements that are play: a bet out, and what comes back (win, rollback, lottery refund). */
const returnTypes = ['win', 'rollback', 'lottery_refund'];

/**
 * What the member bet and got back since `from`, from the ledger (every account of the member, cash
 * and bonus), in minor units.
 */
export async function playSince(db: Db, memberId: number, from: Date): Promise<{ staked: number; returned: number }> {
  const [row] = await queryRows<{ staked: string; returned: string }>(
    db,
    sql`select coalesce(sum(case when t.type = 'bet' then -e.amount else 0 end), 0) as staked,
               coalesce(sum(case when t.type in (${sql.join(
                 returnTypes.map((t) => sql`${t}`),
                 sql`, `,
               )}) then e.amount else 0 end), 0) as returned
          from ledger_entries e
          join ledger_accounts a on a.id = e.account_id
          join ledger_transactions t on t.id = e.transaction_id
         where a.member_id = ${memberId} and t.created_at >= ${from.toISOString()}::timestamptz
           and t.type in ('bet', ${sql.join(
             returnTypes.map((t) => sql`${t}`),
             sql`, `,
           )})`,
  );
  return { staked: Number(row?.staked ?? 0), returned: Number(row?.returned ?? 0) };
}
