import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../platform/db.ts';
import { chunkOf, memberBit } from '../../platform/member-bits.ts';

const chunk = chunkOf(sql`member_id`);

/**
 * A merchant's figures per day between two days, and the span's total (day null, active players
 * counted once), in one statement: the days rolled up in `daily_merchant_stats` read from there, the
 * days after the last rolled one (today, and any day the rollup has not reached) summed live from
 * `daily_member_stats`; the span's bettors once each, from the rolled days' bitmaps OR-ed with the
 * live days' bettors per chunk of member ids.
 */
export function reportRows(
  db: Db,
  merchant: { id: number; currency: string },
  fromDay: string,
  toDay: string,
): Promise<Record<string, string | number | null>[]> {
  const span = sql`day between ${fromDay}::date and ${toDay}::date`;
  return queryRows<Record<string, string | number | null>>(
    db,
    sql`with rolled as (
          select coalesce(max(day), '-infinity'::date) as through from daily_merchant_stats
           where merchant_id = ${merchant.id} and currency = ${merchant.currency}),
        days as (
          select day, deposits, withdrawals, bets, valid_stake, payout, bonuses, active
            from daily_merchant_stats
           where merchant_id = ${merchant.id} and currency = ${merchant.currency} and ${span}
          union all
          select day, sum(deposits), sum(withdrawals), sum(bets), sum(valid_stake), sum(payout), sum(bonuses),
                 count(distinct member_id) filter (where bets > 0)
            from daily_member_stats
           where merchant_id = ${merchant.id} and ${span} and day > (select through from rolled)
           group by day),
        bits as (
          select chunk, bettors from daily_merchant_bettors
           where merchant_id = ${merchant.id} and ${span} and day <= (select through from rolled)
          union all
          select ${chunk}, bit_or(${memberBit(sql`member_id`)})
            from daily_member_stats
           where merchant_id = ${merchant.id} and ${span} and day > (select through from rolled) and bets > 0
           group by ${chunk}),
        chunks as (select bit_or(bettors) as b from bits group by chunk)
        select to_char(day, 'YYYY-MM-DD') as day, deposits, withdrawals, bets, valid_stake, payout, bonuses, active
          from days
        union all
        select null, coalesce(sum(deposits), 0), coalesce(sum(withdrawals), 0), coalesce(sum(bets), 0),
               coalesce(sum(valid_stake), 0), coalesce(sum(payout), 0), coalesce(sum(bonuses), 0),
               (select coalesce(sum(bit_count(b)), 0) from chunks)
          from days
        order by 1 nulls first`,
  );
}

/**
 * Rolls a merchant's local days up into `daily_merchant_stats`, from the day after the last rolled one
 * (or its first figure) through `day`, a row for each day (zeros included), and those days' bettors'
 * bitmaps. Writers of `daily_member_stats` wait for the statement (SHARE lock until the caller's
 * transaction ends), so a line is either in the rollup or, written after it, added by the late-change
 * trigger: never lost.
 */
export async function rollUpMerchantDays(tx: Db, merchantId: number, day: string): Promise<number> {
  await tx.execute(sql`lock table daily_member_stats in share mode`);
  const rows = await queryRows<{ n: string | number }>(
    tx,
    sql`with first as (
          select coalesce(
                   (select max(day) + 1 from daily_merchant_stats where merchant_id = ${merchantId}),
                   (select min(day) from daily_member_stats where merchant_id = ${merchantId}),
                   ${day}::date) as day),
        added as (
          insert into daily_merchant_stats
            (merchant_id, day, currency, bets, stake, valid_stake, payout, deposits, withdrawals, bonuses, adjustments, active)
          select m.id, d.day::date, m.currency, coalesce(sum(s.bets), 0), coalesce(sum(s.stake), 0), coalesce(sum(s.valid_stake), 0),
                 coalesce(sum(s.payout), 0), coalesce(sum(s.deposits), 0), coalesce(sum(s.withdrawals), 0),
                 coalesce(sum(s.bonuses), 0), coalesce(sum(s.adjustments), 0),
                 count(distinct s.member_id) filter (where s.bets > 0)
            from merchants m
            cross join generate_series((select day from first), ${day}::date, interval '1 day') d(day)
            left join daily_member_stats s on s.merchant_id = m.id and s.day = d.day::date
           where m.id = ${merchantId}
           group by m.id, d.day, m.currency
          on conflict do nothing
          returning 1),
        bettors as (
          insert into daily_merchant_bettors (merchant_id, day, chunk, bettors)
          select ${merchantId}::int, day, ${chunk}, bit_or(${memberBit(sql`member_id`)})
            from daily_member_stats
           where merchant_id = ${merchantId} and day between (select day from first) and ${day}::date and bets > 0
           group by day, ${chunk}
          on conflict do nothing)
        select count(*) as n from added`,
  );
  return Number(rows[0]?.n ?? 0);
}
