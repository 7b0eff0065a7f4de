import { and, eq, isNull, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../platform/db.ts';
import { referralCodes, referralPrograms, referrals } from './referral.tables.ts';

export type ReferralProgramRow = typeof referralPrograms.$inferSelect;

export async function programOf(db: Db, merchantId: number): Promise<ReferralProgramRow | undefined> {
  const [row] = await db.select().from(referralPrograms).where(eq(referralPrograms.merchantId, merchantId));
  return row;
}

export async function upsertProgram(db: Db, row: typeof referralPrograms.$inferInsert): Promise<void> {
  await db
    .insert(referralPrograms)
    .values(row)
    .onConflictDoUpdate({
      target: referralPrograms.merchantId,
      set: { enabled: row.enabled, minDeposit: row.minDeposit, reward: row.reward, wageringMultiple: row.wageringMultiple },
    });
}

export async function enabledPrograms(db: Db): Promise<ReferralProgramRow[]> {
  return db.select().from(referralPrograms).where(eq(referralPrograms.enabled, true));
}

export async function codeOfMember(db: Db, memberId: number): Promise<string | undefined> {
  const [row] = await db.select({ code: referralCodes.code }).from(referralCodes).where(eq(referralCodes.memberId, memberId));
  return row?.code;
}

/** Stores a member's code; false when the code is taken in the merchant or the member has one. */
export async function insertCode(db: Db, merchantId: number, memberId: number, code: string): Promise<boolean> {
  const res = await db
    .insert(referralCodes)
    .values({ merchantId, memberId, code })
    .onConflictDoNothing()
    .returning({ code: referralCodes.code });
  return res.length > 0;
}

/** The member owning an invite code of the merchant (any case). */
export async function ownerOfCode(db: Db, merchantId: number, code: string): Promise<number | undefined> {
  const [row] = await db
    .select({ memberId: referralCodes.memberId })
    .from(referralCodes)
    .where(and(eq(referralCodes.merchantId, merchantId), sql`lower(${referralCodes.code}) = lower(${code})`));
  return row?.memberId;
}

export async function insertReferral(
  db: Db,
  row: { merchantId: number; friendId: number; referrerId: number; createdAt: Date },
): Promise<void> {
  await db.insert(referrals).values(row).onConflictDoNothing();
}

/** Friends not yet rewarded whose deposits (from the daily statistics) reach the minimum: all of the merchant's, or one referrer's. */
export async function qualifiedUnpaid(
  db: Db,
  merchantId: number,
  minDeposit: number,
  referrerId?: number,
): Promise<{ friendId: number; referrerId: number }[]> {
  const rows = await queryRows<{ friend_id: string; referrer_id: string }>(
    db,
    sql`select r.friend_id, r.referrer_id
          from referrals r
          join daily_member_stats s on s.member_id = r.friend_id and s.merchant_id = r.merchant_id
         where r.merchant_id = ${merchantId} and r.rewarded_at is null ${referrerId === undefined ? sql`` : sql`and r.referrer_id = ${referrerId}`}
         group by r.friend_id, r.referrer_id
        having sum(s.deposits) >= ${minDeposit}
         order by r.friend_id`,
  );
  return rows.map((r) => ({ friendId: Number(r.friend_id), referrerId: Number(r.referrer_id) }));
}

/**
 * Takes a friend's reward: one conditional UPDATE, so of two at once the second (waiting on the row)
 * finds it taken and answers false. The ledger movement is written in the same transaction after.
 */
export async function takeReward(db: Db, friendId: number, reward: number, at: Date): Promise<{ referrerId: number } | undefined> {
  const [row] = await db
    .update(referrals)
    .set({ reward, rewardedAt: at })
    .where(and(eq(referrals.friendId, friendId), isNull(referrals.rewardedAt)))
    .returning({ referrerId: referrals.referrerId });
  return row ? { referrerId: row.referrerId } : undefined;
}

export async function setRewardTransaction(db: Db, friendId: number, transactionId: number): Promise<void> {
  await db.update(referrals).set({ ledgerTransactionId: transactionId }).where(eq(referrals.friendId, friendId));
}

/** A referrer's friends with their account, deposits so far (daily statistics) and reward. */
export async function friendsOf(
  db: Db,
  referrerId: number,
): Promise<{ account: string; createdAt: Date; deposits: number; reward: number | null; rewardedAt: Date | null }[]> {
  const rows = await queryRows<{
    account: string;
    created_at: Date | string;
    deposits: string;
    reward: string | null;
    rewarded_at: Date | string | null;
  }>(
    db,
    sql`select m.account, r.created_at, coalesce((select sum(s.deposits) from daily_member_stats s
                                                   where s.member_id = r.friend_id and s.merchant_id = r.merchant_id), 0) as deposits,
               r.reward, r.rewarded_at
          from referrals r join members m on m.id = r.friend_id
         where r.referrer_id = ${referrerId}
         order by r.created_at desc, r.friend_id desc
         limit 100`,
  );
  return rows.map((r) => ({
    account: r.account,
    createdAt: new Date(r.created_at),
    deposits: Number(r.deposits),
    reward: r.reward === null ? null : Number(r.reward),
    rewardedAt: r.rewarded_at === null ? null : new Date(r.rewarded_at),
  }));
}
