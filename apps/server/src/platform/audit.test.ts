import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database.ts';
import { operatorAudit } from './audit.tables.ts';
import { appendAudit, auditPage, verifyAuditChain } from './audit.ts';
import { type Database, inTransaction } from './db.ts';

let database: Database;

function nth<T>(list: T[], i: number): T {
  const item = list[i];
  if (item === undefined) throw new Error(`no row ${i}`);
  return item;
}

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

const line = (n: number) => ({
  operator: `op${n % 3}`,
  action: n % 2 ? 'test.odd' : 'test.even',
  target: `t:${n}`,
  reason: `r${n}`,
  details: { n, nested: { b: 1, a: [n] } },
});

describe('the audit log is one hash chain', () => {
  it('appends racing in their own transactions still form one chain that verifies', async () => {
    const { db } = database;
    // Each append inside a transaction that also does other work, as actions do.
    await Promise.all(
      Array.from({ length: 24 }, (_, n) =>
        inTransaction(db, async (tx) => {
          await tx.execute(sql`select 1`);
          await appendAudit(tx, line(n));
        }),
      ),
    );
    const rows = await db.select().from(operatorAudit).orderBy(operatorAudit.id);
    expect(rows).toHaveLength(24);
    expect(rows[0]?.prevHash).toBe('');
    for (let i = 1; i < rows.length; i++) expect(rows[i]?.prevHash).toBe(rows[i - 1]?.hash);
    expect(new Set(rows.map((r) => r.hash)).size).toBe(24);
    const check = await verifyAuditChain(db);
    expect(check).toMatchObject({ ok: true, rows: 24, breaks: [], headHash: rows[23]?.hash, headId: rows[23]?.id });
  });

  it('a line rolled back with its action leaves no gap in the chain', async () => {
    const { db } = database;
    await expect(
      inTransaction(db, async (tx) => {
        await appendAudit(tx, line(100));
        throw new Error('the action failed');
      }),
    ).rejects.toThrow('the action failed');
    await appendAudit(db, line(101));
    expect((await verifyAuditChain(db)).ok).toBe(true);
  });

  it('pages and filters the log, newest first', async () => {
    const { db } = database;
    const page = await auditPage(db, { operator: 'op1', action: 'test.' }, 0, 3);
    expect(page.total).toBe(await db.$count(operatorAudit, eq(operatorAudit.operator, 'op1')));
    expect(page.rows).toHaveLength(3);
    expect(page.rows.every((r) => r.operator === 'op1')).toBe(true);
    expect(nth(page.rows, 0).id).toBeGreaterThan(nth(page.rows, 1).id);
    // A LIKE wildcard typed into the action filter is taken literally.
    expect((await auditPage(db, { action: 'test%' }, 0, 10)).total).toBe(0);
    // An operator of no merchant lines sees none of the platform's lines.
    expect((await auditPage(db, { merchantIds: [] }, 0, 10)).total).toBe(0);
  });

  it('an edited line, a deleted line and a forged link are each found where they are', async () => {
    const { db } = database;
    const rows = await db.select().from(operatorAudit).orderBy(operatorAudit.id);
    const edited = nth(rows, 5);
    const deleted = nth(rows, 10);
    const afterDeleted = nth(rows, 11);
    await db.update(operatorAudit).set({ reason: 'nothing to see' }).where(eq(operatorAudit.id, edited.id));
    await db.delete(operatorAudit).where(eq(operatorAudit.id, deleted.id));
    const check = await verifyAuditChain(db);
    expect(check.ok).toBe(false);
    expect(check.breaks).toEqual([
      { id: edited.id, problem: 'edited' },
      { id: afterDeleted.id, problem: 'unlinked' },
    ]);
    // Editing the details (jsonb) is seen too, whatever the key order written.
    await db.update(operatorAudit).set({ reason: edited.reason }).where(eq(operatorAudit.id, edited.id));
    await db
      .update(operatorAudit)
      .set({ details: { nested: { a: [3], b: 1 }, n: 4 } })
      .where(eq(operatorAudit.id, nth(rows, 3).id));
    expect((await verifyAuditChain(db)).breaks).toEqual([
      { id: nth(rows, 3).id, problem: 'edited' },
      { id: afterDeleted.id, problem: 'unlinked' },
    ]);
  });
});
