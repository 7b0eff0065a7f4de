import { type RealityCheck, toAmount } from '@platform/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { failField } from '../../platform/errors.ts';
import type { MemberRow } from '../members/members.service.ts';
import type { Merchant } from '../merchants/merchants.service.ts';
import { playSince } from '../wallet/wallet.service.ts';
import { rgRealityChecks } from './rg.tables.ts';

const MINUTE = 60_000;

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
