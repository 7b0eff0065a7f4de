import { desc } from 'drizzle-orm';
import { operatorAudit } from './audit.tables.ts';
import type { Db } from './db.ts';

/** One line of the audit log: the operator, the action, its target (a reference, an issue...) and the reason given. */
export type AuditEntry = typeof operatorAudit.$inferInsert;
export type AuditRow = typeof operatorAudit.$inferSelect;

/**
 * Records what an operator did. Pass the transaction of the action itself, so the action and its
 * line commit or vanish together. Append only: nothing in the code updates or deletes a line.
 */
export async function appendAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(operatorAudit).values(entry);
}

/** The last `limit` lines of the audit log, newest first. */
export function auditTrail(db: Db, limit: number): Promise<AuditRow[]> {
  return db.select().from(operatorAudit).orderBy(desc(operatorAudit.id)).limit(limit);
}
