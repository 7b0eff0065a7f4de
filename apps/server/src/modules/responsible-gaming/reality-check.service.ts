import { type RealityCheck, toAmount } from '@platform/contract';
import { eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../platform/db.ts';
import { failField } from '../../platform/errors.ts';
import type { MemberRow } from '../members/members.service.ts';
import type { Merchant } from '../merchants/merchants.service.ts';
import { rgRealityChecks } from './rg.tables.ts';

const MINUTE = 60_000;

/** Types of ledger movements that are play: a bet out, and what comes back (win, rollback, lottery refund). */
const returnTypes = ['win', 'rollback', 'lottery_refund'];

/**
 * What the member bet and got back since `from`, from the ledger (every account of the member, cash
 * and bonus), in minor units.
 */
async function playSince(db: Db, memberId: number, from: Date): Promise<{ staked: number; returned: number }> {
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

/** The member's reality-check interval: their choice, else the market's default. */
async function intervalOf(db: Db, merchant: Merchant, memberId: number): Promise<number> {
  const [row] = await db.select().from(rgRealityChecks).where(eq(rgRealityChecks.memberId, memberId));
  return row?.minutes ?? merchant.market.realityCheck.defaultMinutes;
}

/**
 * The reality check of the session that started at `sessionStartedAt`: how long it has lasted, what was
 * bet and won in it (from the ledger) and when the next check is due.
 */
export async function realityCheck(
  db: Db,
  merchant: Merchant,
  member: MemberRow,
  sessionStartedAt: Date,
  now = new Date(),
): Promise<RealityCheck> {
  const { minMinutes, maxMinutes } = merchant.market.realityCheck;
  const minutes = await intervalOf(db, merchant, member.id);
  const played = Math.max(0, Math.floor((now.getTime() - sessionStartedAt.getTime()) / MINUTE));
  const { staked, returned } = await playSince(db, member.id, sessionStartedAt);
  return {
    minutes,
    minMinutes,
    maxMinutes,
    sessionStartedAt: sessionStartedAt.getTime(),
    playedMinutes: played,
    staked: toAmount(staked, merchant.currency),
    returned: toAmount(returned, merchant.currency),
    net: toAmount(returned - staked, merchant.currency),
    nextAt: sessionStartedAt.getTime() + (Math.floor(played / minutes) + 1) * minutes * MINUTE,
  };
}

/** Sets the member's reality-check interval, within the market's bounds (refused at the field otherwise). */
export async function setRealityCheck(db: Db, merchant: Merchant, member: MemberRow, minutes: number, now = new Date()): Promise<void> {
  const { minMinutes, maxMinutes } = merchant.market.realityCheck;
  if (minutes < minMinutes || minutes > maxMinutes) {
    failField('minutes', 'validation.reality_check_range', { min: minMinutes, max: maxMinutes });
  }
  await db
    .insert(rgRealityChecks)
    .values({ memberId: member.id, minutes, updatedAt: now })
    .onConflictDoUpdate({ target: rgRealityChecks.memberId, set: { minutes, updatedAt: now } });
}
