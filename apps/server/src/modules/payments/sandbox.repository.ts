import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { sandboxPayments } from './payments.tables.ts';

/** The sandbox provider's own store of charges and payouts (what a real provider keeps on its side). */

export type SandboxPaymentRow = typeof sandboxPayments.$inferSelect;

export async function insertSandboxPayment(db: Db, row: typeof sandboxPayments.$inferInsert): Promise<void> {
  await db.insert(sandboxPayments).values(row);
}

export async function findSandboxPayment(db: Db, id: string): Promise<SandboxPaymentRow | undefined> {
  const [row] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.id, id)).limit(1);
  return row;
}

/** The payout sent for a merchant reference, if any (payouts are idempotent by it). */
export async function payoutByReference(db: Db, reference: string): Promise<SandboxPaymentRow | undefined> {
  const [sent] = await db
    .select()
    .from(sandboxPayments)
    .where(and(eq(sandboxPayments.kind, 'payout'), eq(sandboxPayments.merchantReference, reference)))
    .limit(1);
  return sent;
}

/** Moves a pending charge to its result; undefined when it was no longer pending. */
export async function settlePending(
  db: Db,
  id: string,
  set: { status: string; settledAt: Date; transactionId: string | null },
): Promise<SandboxPaymentRow | undefined> {
  const [row] = await db
    .update(sandboxPayments)
    .set(set)
    .where(and(eq(sandboxPayments.id, id), eq(sandboxPayments.status, 'pending')))
    .returning();
  return row;
}

/** Expires a pending charge past its end; the row when this call expired it. */
export async function expireIfOverdue(db: Db, id: string, now: Date): Promise<SandboxPaymentRow | undefined> {
  const [row] = await db
    .update(sandboxPayments)
    .set({ status: 'expired', settledAt: now })
    .where(and(eq(sandboxPayments.id, id), eq(sandboxPayments.status, 'pending'), lt(sandboxPayments.expiresAt, now)))
    .returning();
  return row;
}
