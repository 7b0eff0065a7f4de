import { and, desc, eq, gt, isNull, lt, lte, ne, sql } from 'drizzle-orm';
import { purgeOldCounters } from '../../platform/attempts.ts';
import type { Db } from '../../platform/db.ts';
import { type MemberRow, memberRows } from '../members/members.service.ts';
import { captchas, passwordResets, serverSecrets, sessions, spentChallenges, verificationCodes } from './auth.tables.ts';

export type SessionRow = typeof sessions.$inferSelect;
export type CodeRow = typeof verificationCodes.$inferSelect;

// Sessions

export async function insertSession(db: Db, row: typeof sessions.$inferInsert): Promise<SessionRow> {
  const [created] = await db.insert(sessions).values(row).returning();
  if (!created) throw new Error('session insert returned nothing');
  return created;
}

export async function findSessionByHash(db: Db, tokenHash: string): Promise<SessionRow | undefined> {
  const [row] = await db.select().from(sessions).where(eq(sessions.tokenHash, tokenHash)).limit(1);
  return row;
}

/** A session and its member in one round trip: every authenticated call starts here. */
export async function findSessionWithMember(db: Db, tokenHash: string): Promise<{ session: SessionRow; member: MemberRow } | undefined> {
  const member = memberRows(db);
  const [row] = await db
    .select({ session: sessions, member: member._.selectedFields })
    .from(sessions)
    .innerJoin(member, eq(member.id, sessions.memberId))
    .where(eq(sessions.tokenHash, tokenHash))
    .limit(1);
  return row;
}

export async function touchSession(db: Db, id: number, now: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
}

export async function revokeSession(db: Db, id: number, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
}

/** Revokes every live session of a member, but the one kept (the caller's own) when given. */
/** Revokes the member's sessions not yet revoked (but `keepId`); returns how many. */
export async function revokeMemberSessions(db: Db, memberId: number, now: Date, keepId?: number): Promise<number> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.memberId, memberId), isNull(sessions.revokedAt), keepId === undefined ? undefined : ne(sessions.id, keepId)))
    .returning({ id: sessions.id });
  return revoked.length;
}

/** Wakes every node's sockets of these members to check their sessions again (logout, revocation). */
export async function announceSessionsEnded(db: Db, memberId: number): Promise<void> {
  await db.execute(sql`select pg_notify('session_end', ${String(memberId)})`);
}

// Captchas and bot checks

export async function insertCaptcha(db: Db, merchantId: number, answerHash: string, expiresAt: Date): Promise<string> {
  const [row] = await db.insert(captchas).values({ merchantId, answerHash, expiresAt }).returning({ id: captchas.id });
  if (!row) throw new Error('captcha insert returned nothing');
  return row.id;
}

/** Removes a captcha and returns its answer hash while it is still valid: an answer is judged once. */
export async function takeCaptcha(db: Db, id: string, merchantId: number, now: Date): Promise<string | undefined> {
  const [row] = await db
    .delete(captchas)
    .where(and(eq(captchas.id, id), eq(captchas.merchantId, merchantId)))
    .returning({ answerHash: captchas.answerHash, expiresAt: captchas.expiresAt });
  return row && row.expiresAt > now ? row.answerHash : undefined;
}

/** Marks an ALTCHA challenge spent; false when it already was. */
export async function spendChallenge(db: Db, challenge: string, expiresAt: Date): Promise<boolean> {
  const rows = await db
    .insert(spentChallenges)
    .values({ challenge, expiresAt })
    .onConflictDoNothing()
    .returning({ c: spentChallenges.challenge });
  return rows.length === 1;
}

// Secrets shared by the nodes

/** The secret of that name; the first node to need it creates it, and every node then reads the same one. */
export async function getOrCreateSecret(db: Db, name: string, create: () => Promise<string>): Promise<string> {
  const read = async () => (await db.select().from(serverSecrets).where(eq(serverSecrets.name, name)).limit(1))[0]?.value;
  const existing = await read();
  if (existing !== undefined) return existing;
  await db
    .insert(serverSecrets)
    .values({ name, value: await create() })
    .onConflictDoNothing();
  const value = await read();
  if (value === undefined) throw new Error(`secret ${name} missing`);
  return value;
}

// Verification codes

export async function insertCode(db: Db, row: typeof verificationCodes.$inferInsert): Promise<void> {
  await db.insert(verificationCodes).values(row);
}

type CodeTarget = Pick<CodeRow, 'merchantId' | 'channel' | 'target' | 'purpose'>;
const sameTarget = (t: CodeTarget) =>
  and(
    eq(verificationCodes.merchantId, t.merchantId),
    eq(verificationCodes.channel, t.channel),
    eq(verificationCodes.target, t.target),
    eq(verificationCodes.purpose, t.purpose),
  );

/** Voids the codes sent before to the same target for the same purpose: only the newest one works. */
export async function voidCodes(db: Db, target: CodeTarget, now: Date): Promise<void> {
  await db
    .update(verificationCodes)
    .set({ usedAt: now })
    .where(and(sameTarget(target), isNull(verificationCodes.usedAt)));
}

export async function latestLiveCode(db: Db, target: CodeTarget, maxAttempts: number, now: Date): Promise<CodeRow | undefined> {
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(
      and(
        sameTarget(target),
        isNull(verificationCodes.usedAt),
        gt(verificationCodes.expiresAt, now),
        lt(verificationCodes.attempts, maxAttempts),
      ),
    )
    .orderBy(desc(verificationCodes.id))
    .limit(1);
  return row;
}

export async function countCodeAttempt(db: Db, id: number): Promise<void> {
  await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(eq(verificationCodes.id, id));
}

/** Spends a code; false when another request spent or voided it first. */
export async function consumeCode(db: Db, id: number, maxAttempts: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(verificationCodes)
    .set({ usedAt: now })
    .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.usedAt), lt(verificationCodes.attempts, maxAttempts)))
    .returning({ id: verificationCodes.id });
  return rows.length === 1;
}

// Password-reset links

export async function insertPasswordReset(db: Db, row: typeof passwordResets.$inferInsert): Promise<void> {
  await db.insert(passwordResets).values(row);
}

/** Spends a reset link and returns its member, while it is unused and unexpired. */
export async function takePasswordReset(db: Db, tokenHash: string, now: Date): Promise<number | undefined> {
  const [row] = await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
    .returning({ memberId: passwordResets.memberId });
  return row?.memberId;
}

/** Deletes what has expired: captchas, spent challenges, day-old counters. Harmless on any node at any time. */
export async function purgeExpired(db: Db, now: Date): Promise<void> {
  await db.delete(captchas).where(lte(captchas.expiresAt, now));
  await db.delete(spentChallenges).where(lte(spentChallenges.expiresAt, now));
  await purgeOldCounters(db, now);
}

// Test support: never called by the application.

/** Moves a counter's window back in time (the counters live in platform/attempts.ts; member tests import it from here). */
export { ageCounterForTest } from '../../platform/attempts.ts';

/** Gives a captcha a known answer hash, so a test can answer it without reading the image. */
export async function setCaptchaAnswerForTest(db: Db, id: string, answerHash: string): Promise<void> {
  await db.update(captchas).set({ answerHash }).where(eq(captchas.id, id));
}

/** Moves a session's times back, as if `ms` had passed. */
export async function ageSessionForTest(db: Db, tokenHash: string, ms: number): Promise<void> {
  const shift = sql`${`${ms} milliseconds`}::interval`;
  await db
    .update(sessions)
    .set({
      lastSeenAt: sql`${sessions.lastSeenAt} - ${shift}`,
      expiresAt: sql`${sessions.expiresAt} - ${shift}`,
      createdAt: sql`${sessions.createdAt} - ${shift}`,
    })
    .where(eq(sessions.tokenHash, tokenHash));
}
