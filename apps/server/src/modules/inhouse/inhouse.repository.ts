import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { fairSeedPairs } from './inhouse.tables.ts';

export type SeedPairRow = typeof fairSeedPairs.$inferSelect;

export async function activePair(db: Db, memberId: number): Promise<SeedPairRow | undefined> {
  const [row] = await db
    .select()
    .from(fairSeedPairs)
    .where(and(eq(fairSeedPairs.memberId, memberId), eq(fairSeedPairs.active, true)))
    .limit(1);
  return row;
}

/** Opens a pair unless one is active (two first rounds at once make one pair). */
export async function openPair(
  db: Db,
  row: { memberId: number; serverSeed: string; serverSeedHash: string; clientSeed: string },
): Promise<void> {
  await db.insert(fairSeedPairs).values(row).onConflictDoNothing();
}

/** Takes the active pair's next nonce: the round's seeds, one statement, never the same nonce twice. */
export async function takeNonce(db: Db, memberId: number): Promise<SeedPairRow | undefined> {
  const [row] = await db
    .update(fairSeedPairs)
    .set({ nonce: sql`${fairSeedPairs.nonce} + 1` })
    .where(and(eq(fairSeedPairs.memberId, memberId), eq(fairSeedPairs.active, true)))
    .returning();
  return row ? { ...row, nonce: row.nonce - 1 } : undefined;
}

/** Ends the active pair, revealing its server seed. */
export async function revealPair(db: Db, memberId: number, at: Date): Promise<SeedPairRow | undefined> {
  const [row] = await db
    .update(fairSeedPairs)
    .set({ active: false, revealedAt: at })
    .where(and(eq(fairSeedPairs.memberId, memberId), eq(fairSeedPairs.active, true)))
    .returning();
  return row;
}

export async function lastRevealed(db: Db, memberId: number): Promise<SeedPairRow | undefined> {
  const [row] = await db
    .select()
    .from(fairSeedPairs)
    .where(and(eq(fairSeedPairs.memberId, memberId), eq(fairSeedPairs.active, false)))
    .orderBy(desc(fairSeedPairs.revealedAt))
    .limit(1);
  return row;
}

export async function pairById(db: Db, id: number): Promise<SeedPairRow | undefined> {
  const [row] = await db.select().from(fairSeedPairs).where(eq(fairSeedPairs.id, id)).limit(1);
  return row;
}
