import { asc, desc, eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../platform/db.ts';
import { vipLevels, vipUpgrades } from './vip.tables.ts';

export type VipLevelRow = typeof vipLevels.$inferSelect;

export async function levelsOf(db: Db, merchantId: number): Promise<VipLevelRow[]> {
  return db.select().from(vipLevels).where(eq(vipLevels.merchantId, merchantId)).orderBy(asc(vipLevels.rank));
}

export async function insertLevel(db: Db, row: typeof vipLevels.$inferInsert): Promise<void> {
  await db.insert(vipLevels).values(row);
}

/** The merchants that have VIP levels. */
export async function merchantsWithLevels(db: Db): Promise<number[]> {
  const rows = await db.selectDistinct({ merchantId: vipLevels.merchantId }).from(vipLevels);
  return rows.map((r) => r.merchantId);
}

/** What counts towards a level: cumulative valid bets (game categories) and deposits, from the daily statistics. */
export interface VipTotals {
  memberId: number;
  rank: number;
  validBets: number;
  deposits: number;
}

/**
 * Members' totals from the daily statistics the ledger feed keeps, with their current rank: one
 * member, or every member of the merchant active on a day (their totals over all days).
 */
export async function vipTotals(db: Db, merchantId: number, who: { memberId: number } | { day: string }): Promise<VipTotals[]> {
  const members =
    'memberId' in who
      ? sql`m.id = ${who.memberId}`
      : sql`m.id in (select member_id from daily_member_stats where merchant_id = ${merchantId} and day = ${who.day}::date)`;
  const rows = await queryRows<{ member_id: string; rank_level: number; valid_bets: string; deposits: string }>(
    db,
    sql`select m.id as member_id, m.rank_level,
               coalesce(sum(s.valid_stake) filter (where s.category <> 'WALLET'), 0) as valid_bets,
               coalesce(sum(s.deposits), 0) as deposits
          from members m
          left join daily_member_stats s on s.member_id = m.id and s.merchant_id = m.merchant_id
         where m.merchant_id = ${merchantId} and ${members}
         group by m.id, m.rank_level
         order by m.id`,
  );
  return rows.map((r) => ({
    memberId: Number(r.member_id),
    rank: r.rank_level,
    validBets: Number(r.valid_bets),
    deposits: Number(r.deposits),
  }));
}

/** Records an upgrade paid; false when this member's rank was recorded before (nothing more is paid). */
export async function insertUpgrade(db: Db, row: typeof vipUpgrades.$inferInsert): Promise<boolean> {
  const res = await db.insert(vipUpgrades).values(row).onConflictDoNothing().returning({ id: vipUpgrades.id });
  return res.length > 0;
}

export async function upgradesOf(db: Db, memberId: number): Promise<(typeof vipUpgrades.$inferSelect)[]> {
  return db.select().from(vipUpgrades).where(eq(vipUpgrades.memberId, memberId)).orderBy(desc(vipUpgrades.rank));
}

/**
 * Raises a member's club rank (members.rank_level, the column the VIP level is kept in) to `rank`,
 * never lowering it: two evaluations at once leave the higher.
 */
export async function raiseRank(db: Db, merchantId: number, memberId: number, rank: number): Promise<void> {
  await db.execute(
    sql`update members set rank_level = greatest(rank_level, ${rank}) where id = ${memberId} and merchant_id = ${merchantId}`,
  );
}

/** Locks the member's row for an upgrade: evaluations of one member run one after the other. */
export async function lockMember(db: Db, merchantId: number, memberId: number): Promise<number | undefined> {
  const rows = await queryRows<{ rank_level: number }>(
    db,
    sql`select rank_level from members where id = ${memberId} and merchant_id = ${merchantId} for update`,
  );
  return rows[0]?.rank_level;
}
