import { and, asc, eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../platform/db.ts';
import { checkinRules, checkins, missionClaims, missions, type StoredReward } from './missions.tables.ts';

// The reward centre's SQL (decision 0038): missions and their claims, check-in rules and check-ins,
// and the one read of the daily member statistics the progress comes from.

export type MissionRow = typeof missions.$inferSelect;
export type NewMissionRow = typeof missions.$inferInsert;
export type CheckinRulesRow = typeof checkinRules.$inferSelect;
export type CheckinRow = typeof checkins.$inferSelect;

export async function insertMission(db: Db, row: NewMissionRow): Promise<MissionRow> {
  const [created] = await db.insert(missions).values(row).returning();
  if (!created) throw new Error('mission not created');
  return created;
}

export function missionsOfMerchant(db: Db, merchantId: number): Promise<MissionRow[]> {
  return db.select().from(missions).where(eq(missions.merchantId, merchantId)).orderBy(asc(missions.sort), asc(missions.id));
}

export async function missionById(db: Db, id: number): Promise<MissionRow | undefined> {
  const [row] = await db.select().from(missions).where(eq(missions.id, id));
  return row;
}

export async function setMissionEnabled(db: Db, id: number, enabled: boolean): Promise<void> {
  await db.update(missions).set({ enabled }).where(eq(missions.id, id));
}

/** Whether the merchant has any mission yet (the seed writes only into an empty table). */
export async function anyMission(db: Db, merchantId: number): Promise<boolean> {
  const rows = await db.select({ id: missions.id }).from(missions).where(eq(missions.merchantId, merchantId)).limit(1);
  return rows.length > 0;
}

/** A member's figures per local day and game category, as the statistics consumer of the ledger feed keeps them. */
export interface DayFigures {
  day: string;
  category: string;
  bets: number;
  validStake: number;
  deposits: number;
}

/** The member's daily statistics over local days [fromDay, toDay]: the only source of mission progress and check-in eligibility. */
export async function memberDays(db: Db, merchantId: number, memberId: number, fromDay: string, toDay: string): Promise<DayFigures[]> {
  const rows = await queryRows<{ day: string; category: string; bets: number; valid_stake: string; deposits: string }>(
    db,
    sql`select to_char(day, 'YYYY-MM-DD') as day, category, bets, valid_stake, deposits from daily_member_stats
         where merchant_id = ${merchantId} and member_id = ${memberId} and day between ${fromDay}::date and ${toDay}::date`,
  );
  return rows.map((r) => ({
    day: r.day,
    category: r.category,
    bets: Number(r.bets),
    validStake: Number(r.valid_stake),
    deposits: Number(r.deposits),
  }));
}

/** The member's claims in the given periods. */
export async function claimsOf(db: Db, memberId: number, periodKeys: string[]): Promise<{ missionId: number; periodKey: string }[]> {
  if (periodKeys.length === 0) return [];
  return queryRows<{ missionId: number; periodKey: string }>(
    db,
    sql`select mission_id as "missionId", period_key as "periodKey" from mission_claims
         where member_id = ${memberId} and period_key in (${sql.join(
           periodKeys.map((k) => sql`${k}`),
           sql`, `,
         )})`,
  );
}

/** Records a claim; undefined when the member has claimed the mission in that period (also a concurrent claim, which waits on the unique key). */
export async function insertClaim(
  db: Db,
  row: { missionId: number; memberId: number; periodKey: string; progress: number; reward: StoredReward },
): Promise<number | undefined> {
  const [created] = await db.insert(missionClaims).values(row).onConflictDoNothing().returning({ id: missionClaims.id });
  return created?.id;
}

export async function checkinRulesOf(db: Db, merchantId: number): Promise<CheckinRulesRow | undefined> {
  const [row] = await db.select().from(checkinRules).where(eq(checkinRules.merchantId, merchantId));
  return row;
}

export async function upsertCheckinRules(db: Db, row: Omit<CheckinRulesRow, 'updatedAt'>): Promise<void> {
  const { merchantId, ...rest } = row;
  await db
    .insert(checkinRules)
    .values(row)
    .onConflictDoUpdate({ target: checkinRules.merchantId, set: { ...rest, updatedAt: sql`now()` } });
  void merchantId;
}

/** The member's check-in of a local day, and their last one before it. */
export async function checkinsAround(db: Db, memberId: number, day: string): Promise<{ today?: CheckinRow; last?: CheckinRow }> {
  const rows = await db
    .select()
    .from(checkins)
    .where(and(eq(checkins.memberId, memberId), sql`${checkins.day} <= ${day}::date`))
    .orderBy(sql`${checkins.day} desc`)
    .limit(2);
  const today = rows[0]?.day === day ? rows[0] : undefined;
  const last = today ? rows[1] : rows[0];
  return { today, last };
}

/** Records a check-in; undefined when the member has checked in that day (a concurrent one waits on the key, then finds it). */
export async function insertCheckin(
  db: Db,
  row: { memberId: number; merchantId: number; day: string; streak: number; rewards: StoredReward[] },
): Promise<boolean> {
  const created = await db.insert(checkins).values(row).onConflictDoNothing().returning({ day: checkins.day });
  return created.length > 0;
}
