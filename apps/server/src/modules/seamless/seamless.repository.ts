import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { gameVendors, merchantVendors } from '../games/games.tables.ts';
import { gameProviders, gameRounds, gameSessions, providerTransactions } from './seamless.tables.ts';

export type ProviderRow = typeof gameProviders.$inferSelect;
export type GameSessionRow = typeof gameSessions.$inferSelect;
export type ProviderTransactionRow = typeof providerTransactions.$inferSelect;
export type NewProviderTransaction = typeof providerTransactions.$inferInsert;
export type GameRoundRow = typeof gameRounds.$inferSelect;

export async function findProvider(db: Db, code: string): Promise<ProviderRow | undefined> {
  const [row] = await db.select().from(gameProviders).where(eq(gameProviders.code, code)).limit(1);
  return row;
}

export async function insertProvider(db: Db, row: typeof gameProviders.$inferInsert): Promise<void> {
  await db.insert(gameProviders).values(row).onConflictDoNothing();
}

/** Whether the merchant offers the vendor and has it switched on. */
export async function merchantOffersVendor(db: Db, merchantId: number, vendorCode: string): Promise<boolean> {
  const [row] = await db
    .select({ enabled: merchantVendors.enabled })
    .from(merchantVendors)
    .where(and(eq(merchantVendors.merchantId, merchantId), eq(merchantVendors.vendorCode, vendorCode)))
    .limit(1);
  return row?.enabled === true;
}

export async function insertGameSession(db: Db, row: typeof gameSessions.$inferInsert): Promise<GameSessionRow> {
  const [inserted] = await db.insert(gameSessions).values(row).returning();
  if (!inserted) throw new Error('game session not stored');
  return inserted;
}

export async function findGameSession(db: Db, tokenHash: string): Promise<GameSessionRow | undefined> {
  const [row] = await db.select().from(gameSessions).where(eq(gameSessions.tokenHash, tokenHash)).limit(1);
  return row;
}

/**
 * Claims a provider transaction id. Returns the new row, or undefined when the id is already taken
 * (a concurrent claim waits on the unique index until the first one commits or rolls back).
 */
export async function claimTransaction(db: Db, row: NewProviderTransaction): Promise<ProviderTransactionRow | undefined> {
  const [inserted] = await db.insert(providerTransactions).values(row).onConflictDoNothing().returning();
  return inserted;
}

/** The row of a provider transaction id, locked for the rest of the database transaction. */
export async function lockTransaction(db: Db, provider: string, transactionId: string): Promise<ProviderTransactionRow | undefined> {
  const [row] = await db
    .select()
    .from(providerTransactions)
    .where(and(eq(providerTransactions.provider, provider), eq(providerTransactions.transactionId, transactionId)))
    .for('update')
    .limit(1);
  return row;
}

export async function finishTransaction(
  db: Db,
  id: number,
  set: Partial<Pick<ProviderTransactionRow, 'status' | 'answer' | 'amount' | 'ledgerTransactionId'>>,
): Promise<void> {
  await db.update(providerTransactions).set(set).where(eq(providerTransactions.id, id));
}

/** Adds a bet's stake or a win to its round, opening the round on its first call. */
export async function addToRound(
  db: Db,
  round: Pick<GameRoundRow, 'provider' | 'roundId' | 'merchantId' | 'memberId' | 'vendorCode' | 'gameCode'>,
  change: { stake: number; win: number; close: boolean; detail?: Record<string, unknown> },
  now: Date,
): Promise<GameRoundRow> {
  const status = change.close ? 'closed' : 'open';
  const detail = change.detail ?? {};
  const [row] = await db
    .insert(gameRounds)
    .values({ ...round, status, stake: change.stake, win: change.win, detail, openedAt: now, closedAt: change.close ? now : null })
    .onConflictDoUpdate({
      target: [gameRounds.provider, gameRounds.roundId],
      set: {
        stake: sql`${gameRounds.stake} + ${change.stake}`,
        win: sql`${gameRounds.win} + ${change.win}`,
        status: change.close ? 'closed' : sql`${gameRounds.status}`,
        closedAt: change.close ? sql`coalesce(${gameRounds.closedAt}, ${now.toISOString()}::timestamptz)` : sql`${gameRounds.closedAt}`,
        detail: sql`${gameRounds.detail} || ${JSON.stringify(detail)}::jsonb`,
      },
    })
    .returning();
  if (!row) throw new Error('round not stored');
  return row;
}

export async function findRound(db: Db, provider: string, roundId: string): Promise<GameRoundRow | undefined> {
  const [row] = await db
    .select()
    .from(gameRounds)
    .where(and(eq(gameRounds.provider, provider), eq(gameRounds.roundId, roundId)))
    .limit(1);
  return row;
}

export async function closeRoundRow(db: Db, provider: string, roundId: string, now: Date): Promise<GameRoundRow | undefined> {
  const [row] = await db
    .update(gameRounds)
    .set({ status: 'closed', closedAt: sql`coalesce(${gameRounds.closedAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(gameRounds.provider, provider), eq(gameRounds.roundId, roundId)))
    .returning();
  return row;
}

export async function vendorCategory(db: Db, vendorCode: string): Promise<string | undefined> {
  const [row] = await db.select({ gameType: gameVendors.gameType }).from(gameVendors).where(eq(gameVendors.code, vendorCode)).limit(1);
  return row?.gameType;
}
