import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../platform/db.ts';
import { chunkOf, memberBit } from '../../platform/member-bits.ts';
import { memberRows } from '../members/members.service.ts';

// The team overview's SQL (decision 0036): the rollup of closed days per ancestor (agent_team_daily
// and its member bitmaps, agent_team_rollups for the days done), and the overview's read, which takes
// the rolled days from the rollup and the others (today, and any day not rolled) live from the daily
// statistics. Statistics rows are read by the statistics' own day index; members through the members
// module's published subquery.

/** A team's figures of one local day (`day` null: the whole range, whose counts are distinct members over it). */
export interface TeamDayFigures {
  day: string | null;
  newMembers: number;
  active: number;
  depositors: number;
  validStake: number;
  payout: number;
  deposits: number;
  withdrawals: number;
  bonuses: number;
}

/** A member's bit in its chunk's bitmap when `flag` holds, else no bit. */
const bitOf = (flag: SQL) => memberBit(sql`member_id`, flag);
const chunk = chunkOf(sql`member_id`);

/**
 * Rolls up one closed local day [start, end) of a merchant: every ancestor's team figures and bitmaps
 * of the day replace whatever was there, and the day is marked with `fingerprint`. Answers rows written.
 */
export async function rollupDay(
  db: Db,
  merchantId: number,
  day: string,
  bounds: { start: Date; end: Date },
  fingerprint: string,
  now: Date,
): Promise<number> {
  const m = memberRows(db);
  await db.execute(sql`delete from agent_team_daily where merchant_id = ${merchantId} and day = ${day}::date`);
  await db.execute(sql`delete from agent_team_daily_bits where merchant_id = ${merchantId} and day = ${day}::date`);
  const [row] = await queryRows<{ n: string | number }>(
    db,
    sql`with s as (
          select member_id, sum(valid_stake) as vs, sum(payout) as p, sum(deposits) as d, sum(withdrawals) as w, sum(bonuses) as b,
                 bool_or(valid_stake > 0) as act, bool_or(deposits > 0) as dep
            from daily_member_stats
           where merchant_id = ${merchantId} and day = ${day}::date
           group by member_id
        ), x as (
          select t.ancestor_id, s.member_id, s.vs, s.p, s.d, s.w, s.b, s.act, s.dep, false as joined
            from s join member_tree t on t.descendant_id = s.member_id and t.depth > 0
          union all
          select t.ancestor_id, ${m.id}, 0, 0, 0, 0, 0, false, false, true
            from ${m} join member_tree t on t.descendant_id = ${m.id} and t.depth > 0
           where ${m.merchantId} = ${merchantId} and ${m.createdAt} >= ${bounds.start.toISOString()}::timestamptz
             and ${m.createdAt} < ${bounds.end.toISOString()}::timestamptz
        ), daily as (
          insert into agent_team_daily
            (ancestor_id, day, merchant_id, new_members, active, depositors, valid_stake, payout, deposits, withdrawals, bonuses)
          select ancestor_id, ${day}::date, ${merchantId}::int, count(*) filter (where joined), count(*) filter (where act),
                 count(*) filter (where dep), sum(vs), sum(p), sum(d), sum(w), sum(b)
            from x group by ancestor_id
          returning 1
        ), bits as (
          insert into agent_team_daily_bits (ancestor_id, day, chunk, merchant_id, active, depositors)
          select ancestor_id, ${day}::date, ${chunk}, ${merchantId}::int, bit_or(${bitOf(sql`act`)}), bit_or(${bitOf(sql`dep`)})
            from x where act or dep group by ancestor_id, ${chunk}
          returning 1
        )
        select (select count(*) from daily) + (select count(*) from bits) as n`,
  );
  await db.execute(sql`
    insert into agent_team_rollups (merchant_id, day, fingerprint, rolled_at)
    values (${merchantId}, ${day}::date, ${fingerprint}, ${now.toISOString()}::timestamptz)
    on conflict (merchant_id, day) do update set fingerprint = excluded.fingerprint, rolled_at = excluded.rolled_at`);
  return Number(row?.n ?? 0);
}

/** The rolled days of a merchant between two days (inclusive) and the fingerprint each was rolled from. */
export async function findRolledDays(db: Db, merchantId: number, fromDay: string, toDay: string): Promise<Map<string, string>> {
  const rows = await queryRows<{ day: string; fingerprint: string }>(
    db,
    sql`select to_char(day, 'YYYY-MM-DD') as day, fingerprint from agent_team_rollups
         where merchant_id = ${merchantId} and day between ${fromDay}::date and ${toDay}::date`,
  );
  return new Map(rows.map((r) => [String(r.day), r.fingerprint]));
}

/**
 * What a local day [start, end) of a merchant is rolled up from, in one string: its statistics rows'
 * count and sums (each also weighted by member id, so figures moved between members show) and its
 * joins. A day whose string changed since its rollup is rolled again.
 */
export async function dayFingerprint(db: Db, merchantId: number, day: string, bounds: { start: Date; end: Date }): Promise<string> {
  const m = memberRows(db);
  const [row] = await queryRows<{ f: string }>(
    db,
    sql`select concat_ws(':', s.n, s.vs, s.p, s.d, s.w, s.b, s.a, s.weighted, j.n, j.ids) as f
          from (select count(*) as n, coalesce(sum(valid_stake), 0) as vs, coalesce(sum(payout), 0) as p,
                       coalesce(sum(deposits), 0) as d, coalesce(sum(withdrawals), 0) as w, coalesce(sum(bonuses), 0) as b,
                       coalesce(sum(adjustments), 0) as a,
                       coalesce(sum(member_id::numeric * (valid_stake + 3 * payout + 5 * deposits + 7 * withdrawals + 11 * bonuses)), 0) as weighted
                  from daily_member_stats where merchant_id = ${merchantId} and day = ${day}::date) s,
               (select count(*) as n, coalesce(sum(${m.id}::numeric), 0) as ids from ${m}
                 where ${m.merchantId} = ${merchantId} and ${m.createdAt} >= ${bounds.start.toISOString()}::timestamptz
                   and ${m.createdAt} < ${bounds.end.toISOString()}::timestamptz) j`,
  );
  return row?.f ?? '';
}

/** The fingerprint of a day without statistics rows or joins. */
export const EMPTY_DAY = 'empty';

/** A text array as one parameter (values without commas, quotes or braces: day keys, ISO instants). */
const textArray = (values: string[]) => `{${values.join(',')}}`;

type Raw = Record<string, string | number | null>;

/**
 * An agent's team figures per local day between two days (inclusive) and over the range (the row
 * with day null, its counts distinct members over the range), in one statement: days the rollup has
 * done from `agent_team_daily` and its bitmaps; `liveDays` (sorted: today, a day not rolled yet or
 * un-rolled by a move) from the team's statistics rows and joins of those days, found by the day indexes.
 * `zone` is the merchant's time zone, in which a member's join day is read.
 */
export async function findTeamFigures(
  db: Db,
  q: { merchantId: number; agentId: number; fromDay: string; toDay: string; timeZone: string; liveDays: string[] },
): Promise<TeamDayFigures[]> {
  const m = memberRows(db);
  // The values that decide the plan are written into the statement (checked: ids are integers, days
  // are YYYY-MM-DD keys): the pool plans every parameterised statement generically (force_generic_plan),
  // and a generic plan cannot see which days are live, so it read every statistics row of the merchant
  // (measured 600 ms against 150 ms at 50,000 members on a loaded machine).
  const day = (d: string) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(d)) throw new Error(`not a day key: ${d}`);
    return sql.raw(`'${d}'::date`);
  };
  const int = (n: number) => {
    if (!Number.isSafeInteger(n)) throw new Error(`not an id: ${n}`);
    return sql.raw(String(n));
  };
  for (const d of q.liveDays) day(d);
  const live = sql.raw(`'${textArray(q.liveDays)}'::date[]`);
  // No live day: bounds that select no join.
  const first = day(q.liveDays[0] ?? '1970-01-02');
  const last = day(q.liveDays.at(-1) ?? '1970-01-01');
  const merchantId = int(q.merchantId);
  const agentId = int(q.agentId);
  const fromDay = day(q.fromDay);
  const toDay = day(q.toDay);
  const team = (id: SQL) =>
    sql`exists (select 1 from member_tree t where t.ancestor_id = ${agentId} and t.descendant_id = ${id} and t.depth > 0)`;
  const { rows } = (await db.execute(
    sql`with live as materialized (
          select s.day, s.member_id, sum(s.valid_stake) as vs, sum(s.payout) as p, sum(s.deposits) as d,
                 sum(s.withdrawals) as w, sum(s.bonuses) as b, bool_or(s.valid_stake > 0) as act, bool_or(s.deposits > 0) as dep
            from daily_member_stats s
           where s.merchant_id = ${merchantId} and s.day = any(${live}) and ${team(sql`s.member_id`)}
           group by s.day, s.member_id
        ), joins as (
          select (${m.createdAt} at time zone ${q.timeZone})::date as day, count(*) as n
            from ${m}
           where ${m.merchantId} = ${merchantId}
             and ${m.createdAt} >= (${first})::timestamp at time zone ${q.timeZone}
             and ${m.createdAt} < (${last} + 1)::timestamp at time zone ${q.timeZone}
             and ${team(sql`${m.id}`)}
           group by 1
        ), live_totals as (
          select day, count(*) filter (where act) as active, count(*) filter (where dep) as depositors,
                 sum(vs) as vs, sum(p) as p, sum(d) as d, sum(w) as w, sum(b) as b
            from live group by day
        ), days as (
          select day, new_members as joined, active, depositors, valid_stake as vs, payout as p, deposits as d, withdrawals as w, bonuses as b
            from agent_team_daily
           where ancestor_id = ${agentId} and day between ${fromDay} and ${toDay}
             and day <> all(${live})
          union all
          select coalesce(l.day, j.day), coalesce(j.n, 0), coalesce(l.active, 0), coalesce(l.depositors, 0),
                 coalesce(l.vs, 0), coalesce(l.p, 0), coalesce(l.d, 0), coalesce(l.w, 0), coalesce(l.b, 0)
            from live_totals l full join (select * from joins where day = any(${live})) j on j.day = l.day
        ), bits as (
          select chunk, active, depositors from agent_team_daily_bits
           where ancestor_id = ${agentId} and day between ${fromDay} and ${toDay}
             and day <> all(${live})
          union all
          select ${chunk}, bit_or(${bitOf(sql`act`)}), bit_or(${bitOf(sql`dep`)})
            from live where act or dep group by ${chunk}
        ), chunks as (
          select bit_or(active) as a, bit_or(depositors) as d from bits group by chunk
        )
        select to_char(day, 'YYYY-MM-DD') as day, joined, active, depositors, vs, p, d, w, b from days
        union all
        select null, (select coalesce(sum(joined), 0) from days), coalesce(sum(bit_count(a)), 0), coalesce(sum(bit_count(d)), 0),
               (select coalesce(sum(vs), 0) from days), (select coalesce(sum(p), 0) from days), (select coalesce(sum(d), 0) from days),
               (select coalesce(sum(w), 0) from days), (select coalesce(sum(b), 0) from days)
          from chunks
        order by day nulls first`,
  )) as unknown as { rows: Raw[] };
  return rows.map((r) => ({
    day: r.day === null ? null : String(r.day),
    newMembers: Number(r.joined),
    active: Number(r.active),
    depositors: Number(r.depositors),
    validStake: Number(r.vs),
    payout: Number(r.p),
    deposits: Number(r.d),
    withdrawals: Number(r.w),
    bonuses: Number(r.b),
  }));
}

/** Every merchant's id, for the rollup's runs. */
export async function findMerchantIds(db: Db): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(db, sql`select id from merchants order by id`);
  return rows.map((r) => Number(r.id));
}

/** Holds the merchant's rollup until the transaction ends: the period job and the repair never roll one merchant's days at once. */
export async function lockMerchantRollup(tx: Db, merchantId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('agents.team-rollup'), ${merchantId}::int)`);
}

/** Which of a merchant's local days have statistics rows or joins (each probed by the day indexes). */
export async function findDaysWithData(db: Db, merchantId: number, days: { key: string; start: Date; end: Date }[]): Promise<Set<string>> {
  if (days.length === 0) return new Set();
  const m = memberRows(db);
  const rows = await queryRows<{ day: string }>(
    db,
    sql`select d.day from unnest(${textArray(days.map((d) => d.key))}::text[], ${textArray(days.map((d) => d.start.toISOString()))}::timestamptz[],
                                 ${textArray(days.map((d) => d.end.toISOString()))}::timestamptz[]) as d(day, s, e)
         where exists (select 1 from daily_member_stats where merchant_id = ${merchantId} and day = d.day::date)
            or exists (select 1 from ${m} where ${m.merchantId} = ${merchantId} and ${m.createdAt} >= d.s and ${m.createdAt} < d.e)`,
  );
  return new Set(rows.map((r) => String(r.day)));
}

/** Marks days without statistics or joins as rolled (nothing to roll), removing anything left of them. */
export async function markEmptyDays(db: Db, merchantId: number, days: string[], fingerprint: string, now: Date): Promise<void> {
  if (days.length === 0) return;
  await db.execute(sql`delete from agent_team_daily where merchant_id = ${merchantId} and day = any(${textArray(days)}::date[])`);
  await db.execute(sql`delete from agent_team_daily_bits where merchant_id = ${merchantId} and day = any(${textArray(days)}::date[])`);
  await db.execute(sql`
    insert into agent_team_rollups (merchant_id, day, fingerprint, rolled_at)
    select ${merchantId}::int, d, ${fingerprint}, ${now.toISOString()}::timestamptz from unnest(${textArray(days)}::date[]) d
    on conflict (merchant_id, day) do update set fingerprint = excluded.fingerprint, rolled_at = excluded.rolled_at`);
}
