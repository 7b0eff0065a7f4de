import { and, asc, desc, eq, gt, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { type AgentContractEventRow, type AgentContractRow, agentContractEvents, agentContracts, memberTree } from './agents.tables.ts';

// The contracts' SQL: every change of status is one conditional UPDATE on the status it leaves, so
// of two concurrent actions on one contract exactly one applies.

type NewContract = typeof agentContracts.$inferInsert;

export async function insertContract(tx: Db, row: NewContract): Promise<AgentContractRow> {
  const [created] = await tx.insert(agentContracts).values(row).returning();
  if (!created) throw new Error('contract insert returned nothing');
  return created;
}

export async function insertContractEvents(tx: Db, rows: (typeof agentContractEvents.$inferInsert)[]): Promise<void> {
  if (rows.length) await tx.insert(agentContractEvents).values(rows);
}

export async function findContract(db: Db, id: number): Promise<AgentContractRow | undefined> {
  const [row] = await db.select().from(agentContracts).where(eq(agentContracts.id, id));
  return row;
}

/** The member's contract of a kind in a status (at most one is active and one offered). */
export async function findContractIn(
  db: Db,
  memberId: number,
  kind: string,
  status: 'active' | 'offered',
): Promise<AgentContractRow | undefined> {
  const [row] = await db
    .select()
    .from(agentContracts)
    .where(and(eq(agentContracts.memberId, memberId), eq(agentContracts.kind, kind), eq(agentContracts.status, status)));
  return row;
}

/** Moves a contract from `from` to what `set` says; undefined when it was no longer in `from`. */
export async function moveContract(
  tx: Db,
  id: number,
  from: string,
  set: Partial<Pick<AgentContractRow, 'status' | 'signedAt' | 'endedAt' | 'terminationRequestedBy'>>,
): Promise<AgentContractRow | undefined> {
  const [row] = await tx
    .update(agentContracts)
    .set(set)
    .where(and(eq(agentContracts.id, id), eq(agentContracts.status, from)))
    .returning();
  return row;
}

/** The contracts of a kind in force or awaiting signature held by members below `agentId`, locked. */
export function lockTeamContracts(tx: Db, agentId: number, kind: string): Promise<AgentContractRow[]> {
  return tx
    .select({ c: agentContracts })
    .from(agentContracts)
    .innerJoin(
      memberTree,
      and(eq(memberTree.descendantId, agentContracts.memberId), eq(memberTree.ancestorId, agentId), gt(memberTree.depth, 0)),
    )
    .where(and(eq(agentContracts.kind, kind), inArray(agentContracts.status, ['active', 'offered'])))
    .orderBy(asc(agentContracts.id))
    .for('update', { of: agentContracts })
    .then((rows) => rows.map((r) => r.c));
}

export function findContracts(
  db: Db,
  q: { memberId?: number; uplineId?: number; merchantId?: number; kind?: string },
): Promise<AgentContractRow[]> {
  return db
    .select()
    .from(agentContracts)
    .where(
      and(
        q.memberId !== undefined ? eq(agentContracts.memberId, q.memberId) : undefined,
        q.uplineId !== undefined ? eq(agentContracts.uplineId, q.uplineId) : undefined,
        q.merchantId !== undefined ? eq(agentContracts.merchantId, q.merchantId) : undefined,
        q.kind ? eq(agentContracts.kind, q.kind) : undefined,
      ),
    )
    .orderBy(desc(agentContracts.id))
    .limit(500);
}

export async function findContractEvents(db: Db, ids: number[]): Promise<AgentContractEventRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(agentContractEvents)
    .where(inArray(agentContractEvents.contractId, ids))
    .orderBy(asc(agentContractEvents.at), asc(agentContractEvents.id));
}

/** Locks the contract row for the rest of the transaction. */
export async function lockContract(tx: Db, id: number): Promise<AgentContractRow | undefined> {
  const [row] = await tx.select().from(agentContracts).where(eq(agentContracts.id, id)).for('update');
  return row;
}
