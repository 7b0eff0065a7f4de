import { adminPaths } from '@platform/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeOperator } from '../../../test/operators.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';

// The merchants screen's maintenance switch: the operator's reason goes to the audit trail with the change.

let sut: TestApp;
let risk: Record<string, string>;
beforeAll(async () => {
  sut = await buildTestApp();
  risk = {
    authorization: `Bearer ${(await makeOperator(sut.database.db, { account: 'mm-risk', role: 'risk', merchants: ['UEMOA'] })).key}`,
  };
});
afterAll(() => sut.close());

const put = (payload: object) =>
  sut.app.inject({ method: 'PUT', url: adminPaths.merchantMaintenance.replace(':code', 'UEMOA'), headers: risk, payload });

describe('the maintenance switch', () => {
  it('puts a merchant into maintenance until a time and records the reason', async () => {
    const until = Date.now() + 3_600_000;
    const res = await put({ on: true, until, reason: 'Payment provider upgrade' });
    expect(res.json().value).toMatchObject({ code: 'UEMOA', maintenance: true, maintenanceEnd: until });
    const log = (await sut.app.inject({ url: `${adminPaths.auditLog}?action=merchant.maintenance`, headers: risk })).json().value;
    expect(log.list[0]).toMatchObject({ action: 'merchant.maintenance', merchant: 'UEMOA', reason: 'Payment provider upgrade' });
    expect(log.list[0].details).toEqual({ on: true, until });
    expect((await put({ on: false })).json().value).toMatchObject({ maintenance: false, maintenanceEnd: null });
  });

  it('refuses a reason too long at its field and changes nothing', async () => {
    const res = await put({ on: true, reason: 'x'.repeat(501) });
    expect(res.statusCode).toBe(400);
    expect(res.json().value.fields).toEqual([{ field: 'reason', message: 'validation.too_big' }]);
    const list = (await sut.app.inject({ url: adminPaths.merchants, headers: risk })).json().value.list;
    expect(list[0]).toMatchObject({ code: 'UEMOA', maintenance: false });
  });
});
