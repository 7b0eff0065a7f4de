import { adminPaths } from '@platform/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliClient, makeOperator, type TestOperator } from '../../../test/operators.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import { runCli } from '../../cli.ts';
import { operatorAudit } from '../../platform/audit.tables.ts';
import { appendAudit } from '../../platform/audit.ts';
import { merchants } from '../merchants/merchants.tables.ts';

let sut: TestApp;
let owner: TestOperator;
let uemoaRisk: TestOperator;
let ids: Record<string, number>;

beforeAll(async () => {
  sut = await buildTestApp();
  const { db } = sut.database;
  owner = await makeOperator(db, { account: 'audit-owner', role: 'owner' });
  uemoaRisk = await makeOperator(db, { account: 'audit-risk', role: 'risk', merchants: ['UEMOA'] });
  ids = Object.fromEntries((await db.select().from(merchants)).map((m) => [m.code, m.id]));
  for (const [n, code] of ['BRAZIL', 'UEMOA', 'BRAZIL', 'UEMOA', 'UEMOA'].entries()) {
    await appendAudit(db, {
      operator: `op-${code.toLowerCase()}`,
      action: 'merchant.test',
      merchantId: ids[code],
      target: `t:${n}`,
      reason: '',
    });
  }
});
afterAll(() => sut.close());

const get = (url: string, op: TestOperator) => sut.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${op.key}` } });
const verify = (op: TestOperator) =>
  sut.app.inject({ method: 'POST', url: adminPaths.auditVerify, headers: { authorization: `Bearer ${op.key}` } });

describe('the audit browser and the chain verification', () => {
  it('pages and filters the log on the server, newest first', async () => {
    const res = await get(`${adminPaths.auditLog}?action=merchant.&merchant=UEMOA&pageSize=2&page=0`, owner);
    expect(res.statusCode).toBe(200);
    const { list, total } = res.json().value;
    expect(total).toBe(3);
    expect(list).toHaveLength(2);
    expect(list.map((r: { target: string; merchant: string }) => [r.target, r.merchant])).toEqual([
      ['t:4', 'UEMOA'],
      ['t:3', 'UEMOA'],
    ]);
    const next = (await get(`${adminPaths.auditLog}?action=merchant.&merchant=UEMOA&pageSize=2&page=1`, owner)).json().value;
    expect(next.list.map((r: { target: string }) => r.target)).toEqual(['t:1']);
    const oldest = (await get(`${adminPaths.auditLog}?action=merchant.&order=asc&pageSize=1`, owner)).json().value;
    expect(oldest.list[0].target).toBe('t:0');
  });

  it("an operator of some merchants reads only their merchants' lines and cannot name another", async () => {
    const mine = (await get(`${adminPaths.auditLog}?pageSize=500`, uemoaRisk)).json().value;
    // Exactly what the owner finds for UEMOA (the demo seed's lines included), and no platform or Brazil line.
    const uemoa = (await get(`${adminPaths.auditLog}?merchant=UEMOA&pageSize=500`, owner)).json().value;
    expect(mine.total).toBe(uemoa.total);
    expect(mine.total).toBeGreaterThanOrEqual(3);
    expect(mine.list.every((r: { merchant: string }) => r.merchant === 'UEMOA')).toBe(true);
    expect((await get(`${adminPaths.auditLog}?merchant=BRAZIL`, uemoaRisk)).statusCode).toBe(403);
    // The chain runs through every merchant: only an operator of all of them verifies it.
    expect((await verify(uemoaRisk)).statusCode).toBe(403);
  });

  it('bad filters are refused at the field', async () => {
    const res = await get(`${adminPaths.auditLog}?pageSize=5000&from=yesterday`, owner);
    expect(res.statusCode).toBe(400);
    const fields = res.json().value.fields.map((f: { field: string }) => f.field);
    expect(fields).toEqual(expect.arrayContaining(['pageSize', 'from']));
  });

  it('failed operator sign-ins are in the trail', async () => {
    const tried = await sut.app.inject({
      method: 'POST',
      url: adminPaths.login,
      payload: { account: 'audit-owner', password: 'not the password' },
    });
    expect(tried.statusCode).toBe(401);
    const lines = (await get(`${adminPaths.auditLog}?action=operator.sign_in.failed&operator=audit-owner`, owner)).json().value;
    expect(lines.total).toBe(1);
    expect(lines.list[0]).toMatchObject({ target: `operator:${owner.id}`, details: { locked: false } });
  });

  it('the API, the CLI and the chain agree: intact, then an edit and a deletion are found', async () => {
    const client = cliClient(sut);
    const ok = (await verify(owner)).json().value;
    expect(ok).toMatchObject({ ok: true, breaks: [] });
    expect(ok.rows).toBeGreaterThanOrEqual(6);
    const out: string[] = [];
    expect(await runCli(['audit', 'verify'], (l) => out.push(l), client)).toBe(0);
    expect(out.at(-1)).toMatch(/^audit chain ok: \d+ lines, head [0-9a-f]{64}$/);

    const { db } = sut.database;
    const rows = await db.select().from(operatorAudit).where(eq(operatorAudit.action, 'merchant.test')).orderBy(operatorAudit.id);
    const [, edited, deleted, afterDeleted] = rows;
    if (!edited || !deleted || !afterDeleted) throw new Error('test lines missing');
    await db.update(operatorAudit).set({ target: 'covered up' }).where(eq(operatorAudit.id, edited.id));
    await db.delete(operatorAudit).where(eq(operatorAudit.id, deleted.id));

    const broken = (await verify(owner)).json().value;
    expect(broken.ok).toBe(false);
    expect(broken.breaks).toEqual([
      { id: edited.id, problem: 'edited' },
      { id: afterDeleted.id, problem: 'unlinked' },
    ]);
    const lines: string[] = [];
    expect(await runCli(['audit', 'verify'], (l) => lines.push(l), client)).toBe(1);
    expect(lines).toEqual([
      `line ${edited.id}: edited`,
      `line ${afterDeleted.id}: does not follow the line before it (a line was deleted or inserted)`,
      'audit chain NOT ok',
    ]);
  });
});
