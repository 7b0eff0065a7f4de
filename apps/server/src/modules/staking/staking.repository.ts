import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../platform/db.ts';
import { type FeedRange, rangeMemberLines } from '../wallet/ledger.feed.ts';

/** Whether an operator has switched play off on the member's account. */
export async function playBlocked(db: Db, memberId: number): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    db,
    sql`select 1 as one from member_restrictions where member_id = ${memberId} and not can_play`,
  );
  return rows.length > 0;
}

/** The periods a limit counts, with the key of the one an instant falls in (as platform/periods.ts writes it). */
const periodKeys = [
  ['day', 'YYYY-MM-DD'],
  ['week', 'IYYY-"W"IW'],
  ['month', 'YYYY-MM'],
] as const;

/**
 * The SET list and the condition of a reservation on `stake_limits s`, a stake `stake` made at the
 * local time `local` (SQL expressions). Every counter is written from the row itself, so PostgreSQL's
 * re-check of a row another statement changed meanwhile counts on the changed row. `refusal` names
 * the policy a row that did not take the stake refuses it with.
 */
function reservation(stake: SQL, local: SQL): { set: SQL; fits: SQL; refusal: SQL } {
  const sets: SQL[] = [];
  const free = sql`(s.excluded_until is null or s.excluded_until <= now())`;
  const fits: Record<string, SQL[]> = { wager: [], loss: [] };
  for (const [period, format] of periodKeys) {
    const key = sql`to_char(${local}, ${sql.raw(`'${format}'`)})`;
    sets.push(sql`${sql.raw(period)} = ${key}`);
    for (const kind of ['wager', 'loss']) {
      const counter = sql.raw(`${kind}_${period}`);
      const next = sql`case when s.${sql.raw(period)} = ${key} then s.${counter} else 0 end + ${stake}`;
      sets.push(sql`${counter} = ${next}`);
      fits[kind]?.push(sql`(s.${sql.raw(`${kind}_${period}_limit`)} is null or ${next} <= s.${sql.raw(`${kind}_${period}_limit`)})`);
    }
  }
  const loss = sql.join(fits.loss ?? [], sql` and `);
  const wager = sql.join(fits.wager ?? [], sql` and `);
  return {
    set: sql.join([...sets, sql`updated_at = now()`], sql`, `),
    fits: sql`${free} and ${loss} and ${wager}`,
    // Which policy refused, read from the row as the statement saw it: exclusion, a loss limit, a wager limit.
    refusal: sql`case when not ${free} then 'APP_ERR_STAKE_EXCLUDED' when not (${loss}) then 'APP_ERR_STAKE_LOSS_LIMIT' else 'APP_ERR_STAKE_WAGER_LIMIT' end`,
  };
}

export type Reservation = 'free' | 'reserved' | 'APP_ERR_STAKE_EXCLUDED' | 'APP_ERR_STAKE_LOSS_LIMIT' | 'APP_ERR_STAKE_WAGER_LIMIT';

/**
 * Reserves a stake against the member's wager and loss limits, in the merchant's local day, week and
 * month: 'free' when the member has no limits row, 'reserved' when every limit holds after it (the
 * row stays locked until the transaction ends, so concurrent stakes count one after another),
 * the refusal's code when one would not (or the member is excluded).
 */
export async function reserveStake(db: Db, merchantId: number, memberId: number, amount: number): Promise<Reservation> {
  const local = sql`(select now() at time zone m.time_zone from merchants m where m.id = ${merchantId})`;
  const r = reservation(sql`${amount}::bigint`, local);
  const [row] = await queryRows<{ reserved: boolean; refusal: Reservation | null }>(
    db,
    sql`with u as (update stake_limits s set ${r.set} where s.member_id = ${memberId} and ${r.fits} returning 1)
       select exists (select 1 from u) as reserved, (select ${r.refusal} from stake_limits s where s.member_id = ${memberId}) as refusal`,
  );
  if (row?.reserved) return 'reserved';
  return row?.refusal ?? 'free';
}

/** A member's gate row, with the merchant's time zone (for a refusal's detail and the player's page). */
export interface StakeLimitsRow {
  day: string;
  week: string;
  month: string;
  counters: Record<'wager' | 'loss', Record<'day' | 'week' | 'month', number>>;
  limits: Record<'wager' | 'loss', Record<'day' | 'week' | 'month', number | null>>;
  excludedUntil: Date | null;
  timeZone: string;
}

export async function stakeLimitsOf(db: Db, memberId: number): Promise<StakeLimitsRow | undefined> {
  const [row] = await queryRows<Record<string, string | null>>(
    db,
    sql`select s.*, m.time_zone from stake_limits s join members mb on mb.id = s.member_id join merchants m on m.id = mb.merchant_id where s.member_id = ${memberId}`,
  );
  if (!row) return undefined;
  const num = (v: string | null | undefined) => (v == null ? null : Number(v));
  const of = (kind: 'wager' | 'loss', suffix: string) => ({
    day: num(row[`${kind}_day${suffix}`]),
    week: num(row[`${kind}_week${suffix}`]),
    month: num(row[`${kind}_month${suffix}`]),
  });
  const used = (kind: 'wager' | 'loss') => {
    const c = of(kind, '');
    return { day: c.day ?? 0, week: c.week ?? 0, month: c.month ?? 0 };
  };
  const until = row.excluded_until as unknown;
  return {
    day: row.day ?? '',
    week: row.week ?? '',
    month: row.month ?? '',
    counters: { wager: used('wager'), loss: used('loss') },
    limits: { wager: of('wager', '_limit'), loss: of('loss', '_limit') },
    excludedUntil: until == null ? null : new Date(until as string | Date),
    timeZone: row.time_zone ?? 'UTC',
  };
}

/**
 * Writes the member's wager and loss limits as the gate enforces them (null: none), keeping what is
 * counted; the row goes when nothing is left on it.
 */
export async function writeStakeLimits(
  db: Db,
  memberId: number,
  limits: Record<'wager' | 'loss', Record<'day' | 'week' | 'month', number | null>>,
): Promise<void> {
  const l = limits;
  await db.execute(sql`
    insert into stake_limits (member_id, wager_day_limit, wager_week_limit, wager_month_limit, loss_day_limit, loss_week_limit, loss_month_limit)
    values (${memberId}, ${l.wager.day}, ${l.wager.week}, ${l.wager.month}, ${l.loss.day}, ${l.loss.week}, ${l.loss.month})
    on conflict (member_id) do update set wager_day_limit = excluded.wager_day_limit, wager_week_limit = excluded.wager_week_limit,
      wager_month_limit = excluded.wager_month_limit, loss_day_limit = excluded.loss_day_limit, loss_week_limit = excluded.loss_week_limit,
      loss_month_limit = excluded.loss_month_limit, updated_at = now()`);
  await dropEmptyRow(db, memberId);
}

/** An exclusion without end is stored as ending here (a real date: every driver reads it back as one). */
export const INDEFINITE = new Date('9999-12-31T00:00:00Z');

/** Sets (or, with null, lifts) the member's exclusion from staking. */
export async function writeExclusion(db: Db, memberId: number, until: Date | null): Promise<void> {
  const value = until === null ? sql`null` : sql`${until.toISOString()}::timestamptz`;
  await db.execute(sql`
    insert into stake_limits (member_id, excluded_until) values (${memberId}, ${value})
    on conflict (member_id) do update set excluded_until = excluded.excluded_until, updated_at = now()`);
  await dropEmptyRow(db, memberId);
}

/** A row with no limit and no exclusion left costs every stake a reservation for nothing. */
async function dropEmptyRow(db: Db, memberId: number): Promise<void> {
  await db.execute(sql`delete from stake_limits where member_id = ${memberId} and excluded_until is null
    and wager_day_limit is null and wager_week_limit is null and wager_month_limit is null
    and loss_day_limit is null and loss_week_limit is null and loss_month_limit is null`);
}

/**
 * Takes money that came back to members in a feed range off their counted loss: each credit to a
 * member's own account (not a vendor wallet) by a movement of `returnTypes`, or by a transfer out of
 * a vendor wallet, counted against the period its instant falls in when that is the period the row
 * counts. Members without a limits row are left out first; a transfer's vendor leg is found among the
 * range's own lines (the vendor wallet is the same member's), never by a search of the whole ledger.
 */
export async function creditReturns(db: Db, range: FeedRange, returnTypes: readonly string[]): Promise<void> {
  const keys = periodKeys.map(([p, f]) => sql`to_char(r.at at time zone m.time_zone, ${sql.raw(`'${f}'`)}) as ${sql.raw(p)}`);
  await db.execute(sql`
    with lines as materialized (
      select x.* from ${rangeMemberLines(range)} x
       where exists (select 1 from stake_limits s where s.member_id = x.member_id)
    ),
    r as (
      select x.member_id, x.amount, x.created_at as at
        from lines x
       where x.amount > 0 and x.kind not like 'vendor:%'
         and (x.type in (select jsonb_array_elements_text(${JSON.stringify(returnTypes)}::jsonb))
              or (x.type = 'transfer' and exists (
                    select 1 from lines v where v.transaction_id = x.transaction_id and v.amount < 0 and v.kind like 'vendor:%')))
    ),
    k as (
      select r.member_id, r.amount, ${sql.join(keys, sql`, `)}
      from r join members mb on mb.id = r.member_id join merchants m on m.id = mb.merchant_id
    ),
    t as (
      select k.member_id,
        coalesce(sum(k.amount) filter (where k.day = s.day), 0) as d,
        coalesce(sum(k.amount) filter (where k.week = s.week), 0) as w,
        coalesce(sum(k.amount) filter (where k.month = s.month), 0) as mo
      from k join stake_limits s on s.member_id = k.member_id group by k.member_id
    )
    update stake_limits s set loss_day = s.loss_day - t.d, loss_week = s.loss_week - t.w, loss_month = s.loss_month - t.mo
    from t where s.member_id = t.member_id`);
}

export async function setRestriction(
  db: Db,
  memberId: number,
  flags: { canPlay: boolean; canDeposit: boolean; canWithdraw: boolean; canLogin?: boolean; reason: string },
): Promise<void> {
  await db.execute(sql`
    insert into member_restrictions (member_id, can_play, can_deposit, can_withdraw, can_login, reason, updated_at)
    values (${memberId}, ${flags.canPlay}, ${flags.canDeposit}, ${flags.canWithdraw}, ${flags.canLogin ?? true}, ${flags.reason}, now())
    on conflict (member_id) do update set can_play = excluded.can_play, can_deposit = excluded.can_deposit,
      can_withdraw = excluded.can_withdraw, can_login = excluded.can_login, reason = excluded.reason, updated_at = now()`);
}

const flagColumns = { play: 'can_play', deposit: 'can_deposit', withdraw: 'can_withdraw', login: 'can_login' } as const;

/**
 * Sets one switch of the member's account and keeps the others as they are, in one statement (two
 * operators switching two flags at once both count); the reason is the last change's. Returns the
 * row after the change.
 */
export async function setRestrictionFlag(
  db: Db,
  memberId: number,
  flag: keyof typeof flagColumns,
  on: boolean,
  reason: string,
): Promise<Restriction> {
  const column = sql.raw(flagColumns[flag]);
  const [row] = await queryRows<{
    can_play: boolean;
    can_deposit: boolean;
    can_withdraw: boolean;
    can_login: boolean;
    reason: string;
    updated_at: Date | string;
  }>(
    db,
    sql`insert into member_restrictions (member_id, ${column}, reason, updated_at) values (${memberId}, ${on}, ${reason}, now())
        on conflict (member_id) do update set ${column} = excluded.${column}, reason = excluded.reason, updated_at = now()
        returning can_play, can_deposit, can_withdraw, can_login, reason, updated_at`,
  );
  if (!row) throw new Error('member_restrictions upsert returned nothing');
  return {
    canPlay: row.can_play,
    canDeposit: row.can_deposit,
    canWithdraw: row.can_withdraw,
    canLogin: row.can_login,
    reason: row.reason,
    updatedAt: new Date(row.updated_at),
  };
}

/**
 * The gate's CTEs for the ledger's group statement (their rules are stake-gate.ts's): `sg_stake` the
 * items of these movement types that would move, `sg_check` each one's verdict before the limits
 * (play switched off, then over the max bet; null when neither), `sg_reserved` the limits' rows
 * updated, `sg_refused(i, code)` the stakes refused. One verdict per stake, read once: the checks'
 * lookups run once per stake however many CTEs read the verdict.
 */
export function groupGateCtes(types: readonly string[], maxBetOf: (memberId: SQL) => SQL): SQL {
  const group = reservation(sql`t.stake`, sql`(select now() at time zone m.time_zone from merchants m where m.id = t.merchant_id)`);
  return sql`sg_stake as (
    select b.i, a.member_id as owner, b.merchant_id, -b.amount as stake
    from mb_in b
    cross join lateral (select member_id from ledger_accounts where id = b.member_id limit 1) a
    join mb_lock l on l.id = b.member_id
    where b.amount < 0 and b.type in (${sql.raw(types.map((t) => `'${t}'`).join(', '))}) and a.member_id is not null
      and b.i not in (select i from mb_seen) and l.balance + b.amount >= 0
  ),
  sg_check as materialized (
    select s.*, case
      when exists (select 1 from member_restrictions r where r.member_id = s.owner and not r.can_play) then 'APP_ERR_STAKE_PLAY_BLOCKED'
      when s.stake > coalesce(${maxBetOf(sql`s.owner`)}, s.stake) then 'APP_ERR_STAKE_MAX_BET'
    end as code
    from sg_stake s
  ),
  sg_reserved as (
    update stake_limits s set ${group.set}
      from sg_check t
     where s.member_id = t.owner and t.code is null and ${group.fits}
    returning t.i
  ),
  sg_refused as (
    select i, code from sg_check where code is not null
    union all
    select t.i, ${group.refusal} from sg_check t
    cross join lateral (select * from stake_limits s where s.member_id = t.owner limit 1) s
    where t.code is null and t.i not in (select i from sg_reserved)
  )`;
}

/** The gate's place in the ledger's group statement with no policy: nothing refused (the bench's reference only). */
export function noGateCte(): SQL {
  return sql`sg_refused as (select null::int as i, null::text as code where false)`;
}

/** What an operator has switched off on the member's account, null when nothing ever was. */
export async function restrictionOf(db: Db, memberId: number, lock = false): Promise<Restriction | null> {
  const [row] = await queryRows<{
    can_play: boolean;
    can_deposit: boolean;
    can_withdraw: boolean;
    can_login: boolean;
    reason: string;
    updated_at: Date | string;
  }>(
    db,
    sql`select can_play, can_deposit, can_withdraw, can_login, reason, updated_at from member_restrictions
        where member_id = ${memberId} ${lock ? sql`for update` : sql``}`,
  );
  if (!row) return null;
  return {
    canPlay: row.can_play,
    canDeposit: row.can_deposit,
    canWithdraw: row.can_withdraw,
    canLogin: row.can_login,
    reason: row.reason,
    updatedAt: new Date(row.updated_at),
  };
}

export interface Restriction {
  canPlay: boolean;
  canDeposit: boolean;
  canWithdraw: boolean;
  canLogin: boolean;
  reason: string;
  updatedAt: Date;
}
