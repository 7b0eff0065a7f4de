import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../platform/db.ts';
import { type FeedRange, rangeMemberLines } from '../wallet/ledger.feed.ts';

const measures = ['bets', 'stake', 'validStake', 'payout', 'deposits', 'withdrawals', 'bonuses', 'adjustments'] as const;

/** How a movement type counts: each measure's factor on the member's signed amount (`bets`: lines counted). */
export type StatRule = { type: string; game?: boolean } & Partial<Record<(typeof measures)[number], number>>;

const column = (m: (typeof measures)[number]) => m.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * Adds a feed range's member lines to the daily statistics, in one statement: each line measured by
 * its type's rule, summed per member, day (in the merchant's time zone) and category, each sum added
 * to the stored row.
 */
export async function addRangeStatistics(db: Db, range: FeedRange, rules: readonly StatRule[], wallet: string): Promise<void> {
  const ruleRows = JSON.stringify(
    rules.map((r) => ({ type: r.type, game: r.game ?? false, ...Object.fromEntries(measures.map((m) => [column(m), r[m] ?? 0])) })),
  );
  const sums = measures.map((m) => (m === 'bets' ? sql`sum(r.bets)` : sql`sum(r.${sql.raw(column(m))} * x.amount)`));
  await db.execute(sql`
    insert into daily_member_stats as s
      (merchant_id, member_id, day, category, bets, stake, valid_stake, payout, deposits, withdrawals, bonuses, adjustments)
    select x.merchant_id, x.member_id, (x.created_at at time zone m.time_zone)::date,
           case when r.game then coalesce(x.reference ->> 'category', 'OTHER') else ${wallet} end,
           ${sql.join(sums, sql`, `)}
      from ${rangeMemberLines(range)} x
      join jsonb_to_recordset(${ruleRows}::jsonb)
           as r(type text, game boolean, bets int, stake int, valid_stake int, payout int, deposits int, withdrawals int, bonuses int, adjustments int)
        on r.type = x.type
      join merchants m on m.id = x.merchant_id
     group by 1, 2, 3, 4
    on conflict (merchant_id, member_id, day, category) do update set
      bets = s.bets + excluded.bets,
      stake = s.stake + excluded.stake,
      valid_stake = s.valid_stake + excluded.valid_stake,
      payout = s.payout + excluded.payout,
      deposits = s.deposits + excluded.deposits,
      withdrawals = s.withdrawals + excluded.withdrawals,
      bonuses = s.bonuses + excluded.bonuses,
      adjustments = s.adjustments + excluded.adjustments`);
}

export interface DailyStats {
  merchantId: number;
  memberId: number;
  day: string;
  category: string;
  bets: number;
  stake: number;
  validStake: number;
  payout: number;
  deposits: number;
  withdrawals: number;
  bonuses: number;
  adjustments: number;
}

/** The daily statistics of a merchant's members between two days (inclusive), ordered by member, day, category. */
export async function dailyStats(db: Db, merchantId: number, fromDay: string, toDay: string): Promise<DailyStats[]> {
  const rows = await queryRows<Record<string, string | number>>(
    db,
    sql`select merchant_id, member_id, to_char(day, 'YYYY-MM-DD') as day, category, bets, stake, valid_stake, payout,
               deposits, withdrawals, bonuses, adjustments
          from daily_member_stats
         where merchant_id = ${merchantId} and day between ${fromDay}::date and ${toDay}::date
         order by member_id, day, category`,
  );
  return rows.map((r) => ({
    merchantId: Number(r.merchant_id),
    memberId: Number(r.member_id),
    day: String(r.day),
    category: String(r.category),
    bets: Number(r.bets),
    stake: Number(r.stake),
    validStake: Number(r.valid_stake),
    payout: Number(r.payout),
    deposits: Number(r.deposits),
    withdrawals: Number(r.withdrawals),
    bonuses: Number(r.bonuses),
    adjustments: Number(r.adjustments),
  }));
}

/** One member's totals over days (inclusive), every category: what the player's own pages show. */
export async function memberTotals(
  db: Db,
  merchantId: number,
  memberId: number,
  fromDay: string,
  toDay: string,
): Promise<{ stake: number; payout: number; deposits: number }> {
  const [row] = await queryRows<{ stake: string | null; payout: string | null; deposits: string | null }>(
    db,
    sql`select sum(stake) as stake, sum(payout) as payout, sum(deposits) as deposits from daily_member_stats
         where merchant_id = ${merchantId} and member_id = ${memberId} and day between ${fromDay}::date and ${toDay}::date`,
  );
  return { stake: Number(row?.stake ?? 0), payout: Number(row?.payout ?? 0), deposits: Number(row?.deposits ?? 0) };
}

/** A member's game figures over a span of days: what agents' settlement reads. */
export interface PlayTotals {
  memberId: number;
  /** Valid bets: stakes less refunds. */
  turnover: number;
  payout: number;
  bonuses: number;
}

/** Every member's game figures of a merchant between two local days (inclusive), for members with any. */
export async function playTotals(db: Db, merchantId: number, fromDay: string, toDay: string): Promise<PlayTotals[]> {
  const rows = await queryRows<{ member_id: string; turnover: string; payout: string; bonuses: string }>(
    db,
    sql`select member_id, sum(valid_stake) as turnover, sum(payout) as payout, sum(bonuses) as bonuses
          from daily_member_stats
         where merchant_id = ${merchantId} and day between ${fromDay}::date and ${toDay}::date
         group by member_id
        having sum(valid_stake) <> 0 or sum(payout) <> 0 or sum(bonuses) <> 0`,
  );
  return rows.map((r) => ({
    memberId: Number(r.member_id),
    turnover: Number(r.turnover),
    payout: Number(r.payout),
    bonuses: Number(r.bonuses),
  }));
}

/** A group of members' figures of one local day (`day` null: the whole range), in minor units. */
export interface GroupDayTotals {
  day: string | null;
  /** Members with a valid bet, with a deposit. */
  active: number;
  depositors: number;
  validStake: number;
  payout: number;
  deposits: number;
  withdrawals: number;
  bonuses: number;
}

/**
 * The figures of the members another module names by a subquery of member ids (an agent's team),
 * per local day and over the whole range (inclusive days), in one statement read by the primary key.
 */
export async function groupDailyTotals(
  db: Db,
  merchantId: number,
  members: SQL,
  fromDay: string,
  toDay: string,
): Promise<GroupDayTotals[]> {
  const rows = await queryRows<Record<string, string | number | null>>(
    db,
    sql`select to_char(day, 'YYYY-MM-DD') as day,
               count(distinct member_id) filter (where valid_stake > 0) as active,
               count(distinct member_id) filter (where deposits > 0) as depositors,
               coalesce(sum(valid_stake), 0) as valid_stake, coalesce(sum(payout), 0) as payout,
               coalesce(sum(deposits), 0) as deposits, coalesce(sum(withdrawals), 0) as withdrawals,
               coalesce(sum(bonuses), 0) as bonuses
          from daily_member_stats
         where merchant_id = ${merchantId} and day between ${fromDay}::date and ${toDay}::date
           and member_id in (${members})
         group by grouping sets ((day), ())
         order by day nulls first`,
  );
  return rows.map((r) => ({
    day: r.day === null ? null : String(r.day),
    active: Number(r.active),
    depositors: Number(r.depositors),
    validStake: Number(r.valid_stake),
    payout: Number(r.payout),
    deposits: Number(r.deposits),
    withdrawals: Number(r.withdrawals),
    bonuses: Number(r.bonuses),
  }));
}

/** One member's figures over a range, in minor units. */
export interface MemberRangeTotals {
  memberId: number;
  validStake: number;
  payout: number;
  bonuses: number;
  deposits: number;
  withdrawals: number;
}

/**
 * A page of the members another module names by a subquery (an agent's team) with their figures
 * over a range of local days (inclusive), those with any figure only, the biggest bettors first;
 * and how many there are.
 */
export async function groupMemberTotals(
  db: Db,
  merchantId: number,
  members: SQL,
  fromDay: string,
  toDay: string,
  page: { limit: number; offset: number },
): Promise<{ rows: MemberRangeTotals[]; total: number }> {
  const totals = sql`select member_id, sum(valid_stake) as valid_stake, sum(payout) as payout, sum(bonuses) as bonuses,
                            sum(deposits) as deposits, sum(withdrawals) as withdrawals
                       from daily_member_stats
                      where merchant_id = ${merchantId} and day between ${fromDay}::date and ${toDay}::date
                        and member_id in (${members})
                      group by member_id`;
  const [rows, [count]] = await Promise.all([
    queryRows<Record<string, string | number>>(
      db,
      sql`select * from (${totals}) t order by valid_stake desc, member_id limit ${page.limit} offset ${page.offset}`,
    ),
    queryRows<{ n: string | number }>(db, sql`select count(*) as n from (${totals}) t`),
  ]);
  return {
    rows: rows.map((r) => ({
      memberId: Number(r.member_id),
      validStake: Number(r.valid_stake),
      payout: Number(r.payout),
      bonuses: Number(r.bonuses),
      deposits: Number(r.deposits),
      withdrawals: Number(r.withdrawals),
    })),
    total: Number(count?.n ?? 0),
  };
}
