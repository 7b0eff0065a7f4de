import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../platform/db.ts';

/** Whether an operator has switched play off on the member's account. */
export async function playBlocked(db: Db, memberId: number): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    db,
    sql`select 1 as one from member_restrictions where member_id = ${memberId} and not can_play`,
  );
  return rows.length > 0;
}

/**
 * Reserves a stake against the member's daily wager limit, in the merchant's local day: 'free' when
 * the member has no limit, 'reserved' when it fits (the row stays locked until the transaction
 * ends, so concurrent stakes are counted one after another), 'over' when it would pass the limit.
 */
export async function reserveWager(db: Db, merchantId: number, memberId: number, amount: number): Promise<'free' | 'reserved' | 'over'> {
  const [row] = await queryRows<{ reserved: boolean; limited: boolean }>(
    db,
    sql`with d as (select to_char(now() at time zone m.time_zone, 'YYYY-MM-DD') as today from merchants m where m.id = ${merchantId}),
         u as (
           update wager_limits w
              set used = case when w.day = d.today then w.used else 0 end + ${amount}::bigint, day = d.today, updated_at = now()
             from d
            where w.member_id = ${memberId} and case when w.day = d.today then w.used else 0 end + ${amount}::bigint <= w.daily_limit
           returning 1
         )
       select exists (select 1 from u) as reserved, exists (select 1 from wager_limits where member_id = ${memberId}) as limited`,
  );
  if (row?.reserved) return 'reserved';
  return row?.limited ? 'over' : 'free';
}

export async function setRestriction(
  db: Db,
  memberId: number,
  flags: { canPlay: boolean; canDeposit: boolean; canWithdraw: boolean; reason: string },
): Promise<void> {
  await db.execute(sql`
    insert into member_restrictions (member_id, can_play, can_deposit, can_withdraw, reason, updated_at)
    values (${memberId}, ${flags.canPlay}, ${flags.canDeposit}, ${flags.canWithdraw}, ${flags.reason}, now())
    on conflict (member_id) do update set can_play = excluded.can_play, can_deposit = excluded.can_deposit,
      can_withdraw = excluded.can_withdraw, reason = excluded.reason, updated_at = now()`);
}

/** Sets the member's daily wager limit (minor units); null removes it. What was used today stays counted. */
export async function setWagerLimit(db: Db, memberId: number, dailyLimit: number | null): Promise<void> {
  if (dailyLimit === null) {
    await db.execute(sql`delete from wager_limits where member_id = ${memberId}`);
    return;
  }
  await db.execute(sql`
    insert into wager_limits (member_id, daily_limit) values (${memberId}, ${dailyLimit})
    on conflict (member_id) do update set daily_limit = excluded.daily_limit, updated_at = now()`);
}

/** What the member has staked against the limit on its last counted day. */
export async function wagerUsed(db: Db, memberId: number): Promise<{ day: string; used: number } | undefined> {
  const [row] = await queryRows<{ day: string; used: string }>(db, sql`select day, used from wager_limits where member_id = ${memberId}`);
  return row ? { day: row.day, used: Number(row.used) } : undefined;
}

/**
 * The gate's CTEs for the ledger's group statement (their rules are stake-gate.ts's): `sg_stake` the
 * items of these movement types that would move, `sg_blocked` play switched off, `sg_reserved` the
 * wager limits' rows updated, `sg_refused(i, code)` the stakes refused.
 */
export function groupGateCtes(types: readonly string[]): SQL {
  return sql`sg_stake as (
    select b.i, a.member_id as owner, b.merchant_id, -b.amount as stake
    from mb_in b
    cross join lateral (select member_id from ledger_accounts where id = b.member_id limit 1) a
    join mb_lock l on l.id = b.member_id
    where b.amount < 0 and b.type in (${sql.raw(types.map((t) => `'${t}'`).join(', '))}) and a.member_id is not null
      and b.i not in (select i from mb_seen) and l.balance + b.amount >= 0
  ),
  sg_blocked as (
    select s.i from sg_stake s
    cross join lateral (select 1 from member_restrictions r where r.member_id = s.owner and not r.can_play limit 1) r
  ),
  sg_reserved as (
    update wager_limits w
       set used = case when w.day = d.today then w.used else 0 end + s.stake, day = d.today, updated_at = now()
      from sg_stake s
      cross join lateral (select to_char(now() at time zone m.time_zone, 'YYYY-MM-DD') as today from merchants m where m.id = s.merchant_id) d
     where w.member_id = s.owner and s.i not in (select i from sg_blocked)
       and case when w.day = d.today then w.used else 0 end + s.stake <= w.daily_limit
    returning s.i
  ),
  sg_refused as (
    select i, 'APP_ERR_STAKE_PLAY_BLOCKED' as code from sg_blocked
    union all
    select s.i, 'APP_ERR_STAKE_WAGER_LIMIT' from sg_stake s
    where s.i not in (select i from sg_blocked) and s.i not in (select i from sg_reserved)
      and exists (select 1 from wager_limits w where w.member_id = s.owner)
  )`;
}
