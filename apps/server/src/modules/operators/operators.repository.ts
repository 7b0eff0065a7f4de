import { and, asc, count, desc, eq, isNull, lt, ne, or } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { operatorApiKeys, operatorSessions, operators } from './operators.tables.ts';

export type OperatorRow = typeof operators.$inferSelect;
export type OperatorSessionRow = typeof operatorSessions.$inferSelect;
export type ApiKeyRow = typeof operatorApiKeys.$inferSelect;

export async function countOperators(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(operators);
  return row?.n ?? 0;
}

/** Inserts an operator; undefined when the account name is taken. */
export async function insertOperator(db: Db, values: typeof operators.$inferInsert): Promise<OperatorRow | undefined> {
  const [row] = await db.insert(operators).values(values).onConflictDoNothing({ target: operators.account }).returning();
  return row;
}

export async function operatorById(db: Db, id: number): Promise<OperatorRow | undefined> {
  const [row] = await db.select().from(operators).where(eq(operators.id, id)).limit(1);
  return row;
}

export async function operatorByAccount(db: Db, account: string): Promise<OperatorRow | undefined> {
  const [row] = await db.select().from(operators).where(eq(operators.account, account)).limit(1);
  return row;
}

export function listOperators(db: Db): Promise<OperatorRow[]> {
  return db.select().from(operators).orderBy(asc(operators.id));
}

export async function updateOperator(db: Db, id: number, set: Partial<typeof operators.$inferInsert>): Promise<OperatorRow | undefined> {
  const [row] = await db.update(operators).set(set).where(eq(operators.id, id)).returning();
  return row;
}

/**
 * Takes a TOTP step for the operator when it is later than the last one taken: one conditional
 * update, so two requests can never both use a code. False when the step was already used.
 */
export async function takeTotpStep(db: Db, id: number, step: number): Promise<boolean> {
  const [row] = await db
    .update(operators)
    .set({ totpLastStep: step })
    .where(and(eq(operators.id, id), or(isNull(operators.totpLastStep), lt(operators.totpLastStep, step))))
    .returning({ id: operators.id });
  return row !== undefined;
}

export async function insertSession(db: Db, values: typeof operatorSessions.$inferInsert): Promise<OperatorSessionRow> {
  const [row] = await db.insert(operatorSessions).values(values).returning();
  if (!row) throw new Error('operator session not stored');
  return row;
}

export async function sessionByTokenHash(db: Db, tokenHash: string) {
  const [row] = await db
    .select({ session: operatorSessions, operator: operators })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(eq(operatorSessions.tokenHash, tokenHash))
    .limit(1);
  return row;
}

/** Moves a session from one stage to the next; false when it was no longer at `from` (a step taken twice at once). */
export async function advanceSession(
  db: Db,
  id: number,
  from: string,
  set: { stage: string; expiresAt: Date; lastSeenAt: Date },
): Promise<boolean> {
  const [row] = await db
    .update(operatorSessions)
    .set(set)
    .where(and(eq(operatorSessions.id, id), eq(operatorSessions.stage, from), isNull(operatorSessions.revokedAt)))
    .returning({ id: operatorSessions.id });
  return row !== undefined;
}

export async function touchSession(db: Db, id: number, now: Date): Promise<void> {
  await db.update(operatorSessions).set({ lastSeenAt: now }).where(eq(operatorSessions.id, id));
}

export async function revokeSession(db: Db, id: number, now: Date): Promise<void> {
  await db
    .update(operatorSessions)
    .set({ revokedAt: now })
    .where(and(eq(operatorSessions.id, id), isNull(operatorSessions.revokedAt)));
}

/** Ends every session of an operator, but `keep`. */
export async function revokeOperatorSessions(db: Db, operatorId: number, now: Date, keep?: number): Promise<void> {
  await db
    .update(operatorSessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(operatorSessions.operatorId, operatorId),
        isNull(operatorSessions.revokedAt),
        keep === undefined ? undefined : ne(operatorSessions.id, keep),
      ),
    );
}

export async function insertApiKey(db: Db, values: typeof operatorApiKeys.$inferInsert): Promise<ApiKeyRow> {
  const [row] = await db.insert(operatorApiKeys).values(values).returning();
  if (!row) throw new Error('API key not stored');
  return row;
}

export async function apiKeyByHash(db: Db, keyHash: string) {
  const [row] = await db
    .select({ key: operatorApiKeys, operator: operators })
    .from(operatorApiKeys)
    .innerJoin(operators, eq(operators.id, operatorApiKeys.operatorId))
    .where(eq(operatorApiKeys.keyHash, keyHash))
    .limit(1);
  return row;
}

export function apiKeysOf(db: Db, operatorId: number): Promise<ApiKeyRow[]> {
  return db.select().from(operatorApiKeys).where(eq(operatorApiKeys.operatorId, operatorId)).orderBy(desc(operatorApiKeys.id));
}

export async function touchApiKey(db: Db, id: number, now: Date): Promise<void> {
  await db.update(operatorApiKeys).set({ lastUsedAt: now }).where(eq(operatorApiKeys.id, id));
}

/** Revokes one of the operator's own keys; undefined when they have no such live key. */
export async function revokeApiKey(db: Db, operatorId: number, id: number, now: Date): Promise<ApiKeyRow | undefined> {
  const [row] = await db
    .update(operatorApiKeys)
    .set({ revokedAt: now })
    .where(and(eq(operatorApiKeys.id, id), eq(operatorApiKeys.operatorId, operatorId), isNull(operatorApiKeys.revokedAt)))
    .returning();
  return row;
}

export async function revokeOperatorApiKeys(db: Db, operatorId: number, now: Date): Promise<void> {
  await db
    .update(operatorApiKeys)
    .set({ revokedAt: now })
    .where(and(eq(operatorApiKeys.operatorId, operatorId), isNull(operatorApiKeys.revokedAt)));
}
