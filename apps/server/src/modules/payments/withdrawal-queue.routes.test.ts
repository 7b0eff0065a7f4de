import { apiPaths, backofficePaths } from '@platform/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeOperator } from '../../../test/operators.ts';
import { bindAccount, newPlayer, rid, setPaymentPassword } from '../../../test/payments.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import { merchantByCode } from '../merchants/merchants.service.ts';
import { withdrawals } from './payments.tables.ts';

// The back office's withdrawal queue: paged on the server, in the operator's merchants only, and a
// review detail with its risk flags.

let sut: TestApp;
let owner: Record<string, string>;
let uemoaFinance: Record<string, string>;
const refs = { brazil: [] as string[], uemoa: [] as string[], rejected: '' };
let brazilAccount = '';

async function seedWithdrawals(merchant: 'BRAZIL' | 'UEMOA', n: number, status = 'pending') {
  const db = sut.database.db;
  const m = await merchantByCode(db, merchant);
  const p = await newPlayer(sut.app, db, merchant);
  await setPaymentPassword(p);
  const account = await bindAccount(db, p, p.mobile, {
    ...(merchant === 'BRAZIL'
      ? { kind: 'pix', institution: 'email', number: `${p.account}@mail.com` }
      : { kind: 'mobile_money', institution: 'orange', number: p.mobile }),
    holderName: 'Someone Else',
  });
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const reference = `WQ${merchant[0]}${status[0]}${i}${Date.now().toString(36)}`.toUpperCase();
    await db.insert(withdrawals).values({
      reference,
      merchantId: m?.id ?? 0,
      memberId: p.id,
      accountId: account.id,
      requestId: rid('wq'),
      currency: m?.currency ?? '',
      amount: merchant === 'BRAZIL' ? 10_000 + i : 5_000 + i,
      status,
    } as typeof withdrawals.$inferInsert);
    out.push(reference);
  }
  return { refs: out, account: p.account };
}

beforeAll(async () => {
  sut = await buildTestApp();
  const db = sut.database.db;
  owner = { authorization: `Bearer ${(await makeOperator(db, { account: 'wq-owner', role: 'owner' })).key}` };
  uemoaFinance = {
    authorization: `Bearer ${(await makeOperator(db, { account: 'wq-fin', role: 'finance', merchants: ['UEMOA'] })).key}`,
  };
  const brazil = await seedWithdrawals('BRAZIL', 3);
  refs.brazil = brazil.refs;
  brazilAccount = brazil.account;
  refs.uemoa = (await seedWithdrawals('UEMOA', 2)).refs;
  refs.rejected = (await seedWithdrawals('BRAZIL', 1, 'rejected')).refs[0] ?? '';
});
afterAll(() => sut.close());

const get = (url: string, headers: Record<string, string>) => sut.app.inject({ url, headers });

describe('the withdrawal queue', () => {
  it('pages pending withdrawals oldest first with the total, and filters by merchant and status', async () => {
    const first = (await get(`${backofficePaths.withdrawalQueue}?pageSize=2`, owner)).json().value;
    expect(first.total).toBe(5);
    expect(first.list.map((w: { reference: string }) => w.reference)).toEqual(refs.brazil.slice(0, 2));
    const third = (await get(`${backofficePaths.withdrawalQueue}?pageSize=2&page=2`, owner)).json().value;
    expect(third.list.map((w: { reference: string }) => w.reference)).toEqual([refs.uemoa[1]]);
    const newest = (await get(`${backofficePaths.withdrawalQueue}?pageSize=1&order=desc`, owner)).json().value;
    expect(newest.list[0].reference).toBe(refs.uemoa[1]);

    const brazil = (await get(`${backofficePaths.withdrawalQueue}?merchant=brazil`, owner)).json().value;
    expect(brazil.total).toBe(3);
    expect(brazil.list[0]).toMatchObject({ merchant: 'BRAZIL', account: brazilAccount, currency: 'BRL', amount: 100, status: 'pending' });
    const uemoa = (await get(`${backofficePaths.withdrawalQueue}?merchant=UEMOA`, owner)).json().value;
    // XOF has no cents: 5,000 minor units are 5,000 francs.
    expect(uemoa.list.map((w: { amount: number }) => w.amount)).toEqual([5_000, 5_001]);
    const rejected = (await get(`${backofficePaths.withdrawalQueue}?status=rejected`, owner)).json().value;
    expect(rejected.list.map((w: { reference: string }) => w.reference)).toEqual([refs.rejected]);
  });

  it("shows an operator of UEMOA only UEMOA's queue and refuses Brazil's, its detail and its review", async () => {
    const mine = (await get(backofficePaths.withdrawalQueue, uemoaFinance)).json().value;
    expect(mine.list.map((w: { reference: string }) => w.reference)).toEqual(refs.uemoa);
    expect(mine.total).toBe(2);
    const named = await get(`${backofficePaths.withdrawalQueue}?merchant=BRAZIL`, uemoaFinance);
    expect([named.statusCode, named.json().code]).toEqual([403, 'APP_ERR_OPERATOR_FORBIDDEN']);
    const detail = await get(backofficePaths.withdrawal.replace(':reference', refs.brazil[0] ?? ''), uemoaFinance);
    expect(detail.statusCode).toBe(403);
    const reject = await sut.app.inject({
      method: 'POST',
      url: apiPaths.adminWithdrawalReject.replace(':reference', refs.brazil[0] ?? ''),
      headers: uemoaFinance,
      payload: { reason: 'not mine' },
    });
    expect(reject.statusCode).toBe(403);
    // Nothing changed: Brazil's queue is whole.
    expect((await get(`${backofficePaths.withdrawalQueue}?merchant=BRAZIL`, owner)).json().value.total).toBe(3);
  });

  it('gives the reviewer the payee, the player and the risk flags', async () => {
    const detail = (await get(backofficePaths.withdrawal.replace(':reference', refs.uemoa[0] ?? ''), uemoaFinance)).json().value;
    expect(detail).toMatchObject({ reference: refs.uemoa[0], merchant: 'UEMOA', currency: 'XOF', amount: 5_000, paidBefore: 0 });
    expect(detail.payee).toMatchObject({ kind: 'mobile_money', holderName: 'Someone Else', institution: 'orange' });
    // A player registered today asking for a first payout.
    expect(detail.flags).toEqual(expect.arrayContaining(['new_account', 'first_withdrawal']));
    const missing = await get(backofficePaths.withdrawal.replace(':reference', 'WNOPE000'), owner);
    expect(missing.statusCode).toBe(404);
  });

  it('refuses bad filters at their fields and pages deeper than the cap', async () => {
    const bad = await get(`${backofficePaths.withdrawalQueue}?status=lost&pageSize=0&order=up`, owner);
    expect(bad.statusCode).toBe(400);
    const fields = bad
      .json()
      .value.fields.map((f: { field: string }) => f.field)
      .sort();
    expect(fields).toEqual(['order', 'pageSize', 'status']);
    const deep = await get(`${backofficePaths.withdrawalQueue}?page=400&pageSize=500`, owner);
    expect(deep.statusCode).toBe(400);
    expect(deep.json().value.fields).toEqual([{ field: 'page', message: 'validation.too_big' }]);
    const unknown = await get(`${backofficePaths.withdrawalQueue}?merchant=NOWHERE`, owner);
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'APP_ERR_MERCHANT_UNKNOWN']);
  });
});
