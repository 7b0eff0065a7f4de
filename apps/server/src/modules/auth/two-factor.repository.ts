import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { loginChallenges, memberTotp } from './two-factor.tables.ts';

export type TotpRow = typeof memberTotp.$inferSelect;
export type ChallengeRow = typeof loginChallenges.$inferSelect;

export async function findTotp(db: Db, memberId: number): Promise<TotpRow | undefined> {
  const [row] = await db.select().from(memberTotp).where(eq(memberTotp.memberId, memberId)).limit(1);
  return row;
}

/** A new secret for the member's authenticator, not yet in force (replaces one being set up). */
export async function upsertTotpSecret(db: Db, memberId: number, secret: string): Promise<void> {
  await db
    .insert(memberTotp)
    .values({ memberId, secret })
    .onConflictDoUpdate({ target: memberTotp.memberId, set: { secret, createdAt: new Date(), enabledAt: null, lastStep: null } });
}

export async function markTotpEnabled(db: Db, memberId: number, now: Date): Promise<void> {
  await db.update(memberTotp).set({ enabledAt: now }).where(eq(memberTotp.memberId, memberId));
}

export async function deleteTotp(db: Db, memberId: number): Promise<void> {
  await db.delete(memberTotp).where(eq(memberTotp.memberId, memberId));
}

/** Records an accepted time step, only when later than the last one (one conditional update): true when taken. */
export async function takeTotpStep(db: Db, memberId: number, step: number): Promise<boolean> {
  const [taken] = await db
    .update(memberTotp)
    .set({ lastStep: step })
    .where(and(eq(memberTotp.memberId, memberId), or(isNull(memberTotp.lastStep), lt(memberTotp.lastStep, step))))
    .returning();
  return taken !== undefined;
}

export async function insertChallenge(db: Db, row: typeof loginChallenges.$inferInsert): Promise<void> {
  await db.insert(loginChallenges).values(row);
}

/** A challenge not used and not expired. */
export async function findLiveChallenge(db: Db, id: string, now: Date): Promise<ChallengeRow | undefined> {
  const [challenge] = await db
    .select()
    .from(loginChallenges)
    .where(and(eq(loginChallenges.id, id), isNull(loginChallenges.usedAt), gt(loginChallenges.expiresAt, now)))
    .limit(1);
  return challenge;
}

/** Uses a challenge once: true for the one update that finds it unused. */
export async function useChallenge(db: Db, id: string, now: Date): Promise<boolean> {
  const [used] = await db
    .update(loginChallenges)
    .set({ usedAt: now })
    .where(and(eq(loginChallenges.id, id), isNull(loginChallenges.usedAt)))
    .returning();
  return used !== undefined;
}
