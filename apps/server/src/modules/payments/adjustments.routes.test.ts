import { type AdjustmentRequest, adjustmentPaths, adminPaths, apiPaths } from '@platform/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundMember } from '../../../test/funds.ts';
import { makeOperator } from '../../../test/operators.ts';
import { newPlayer, rid } from '../../../test/payments.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import { auditPage } from '../../platform/audit.ts';
import { queryRows } from '../../platform/db.ts';
import { DEMO_MAKER } from '../../seed/operators.seed.ts';
import { type Merchant, merchantByCode } from '../merchants/merchants.service.ts';
import { balanceOf, checkLedger } from '../wallet/ledger.service.ts';
import { ledgerTransactions } from '../wallet/ledger.tables.ts';
import { adjustmentRequests } from './payments.tables.ts';

// Manual adjustments with maker-checker (decision 0047), through HTTP: below the merchant's threshold
// an adjustment posts; at or above it a request waits for another operator with ledger.adjust in its
// merchant, who approves (posted once, whatever races) or rejects it with a reason.

let sut: TestApp;
let brazil: Merchant;
type Headers = Record<string, string>;
const as = (key: string): Headers => ({ authorization: `Bearer ${key}` });
const ops = {} as Record<'maker' | 'checker' | 'owner' | 'uemoaFinance' | 'support' | 'risk', Headers>;
const ids = {} as Record<'maker' | 'checker' | 'owner', number>;

beforeAll(async () => {
  sut = await buildTestApp();
  const db = sut.database.db;
  brazil = (await merchantByCode(db, 'BRAZIL')) as Merchant;
  const make = async (account: string, role: 'finance' | 'owner' | 'support' | 'risk', merchants: 'all' | string[]) =>
    makeOperator(db, { account, role, merchants });
  const maker = await make('adj-maker', 'finance', ['BRAZIL']);
  const checker = await make('adj-checker', 'finance', ['BRAZIL']);
  const owner = await make('adj-owner', 'owner', 'all');
  Object.assign(ids, { maker: maker.id, checker: checker.id, owner: owner.id });
  Object.assign(ops, {
    maker: as(maker.key),
    checker: as(checker.key),
    owner: as(owner.key),
    uemoaFinance: as((await make('adj-uemoa', 'finance', ['UEMOA'])).key),
    support: as((await make('adj-support', 'support', ['BRAZIL'])).key),
    risk: as((await make('adj-risk', 'risk', ['BRAZIL'])).key),
  });
});
afterAll(() => sut.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: object) =>
  sut.app.inject({ method, url, headers, payload });
const adjust = (memberId: number, headers: Headers, body: { amount: number; reason?: string; requestId?: string }) =>
  call('POST', apiPaths.adminAdjustment.replace(':memberId', String(memberId)), headers, {
    reason: 'goodwill',
    requestId: rid('adj'),
    ...body,
  });
const approve = (id: number, headers: Headers, reason?: string) =>
  call('POST', adjustmentPaths.approve.replace(':id', String(id)), headers, reason === undefined ? {} : { reason });
const reject = (id: number, headers: Headers, reason?: string) =>
  call('POST', adjustmentPaths.reject.replace(':id', String(id)), headers, reason === undefined ? {} : { reason });
const list = async (headers: Headers, query = '') => (await call('GET', `${adjustmentPaths.requests}${query}`, headers)).json();

/** A Brazil player with R$ 50 on the main wallet, and a reader of that wallet in reais. */
async function brazilPlayer() {
  const p = await newPlayer(sut.app, sut.database.db, 'BRAZIL');
  const main = await fundMember(sut.database.db, brazil, p.id, 5_000);
  return { id: p.id, main: async () => (await balanceOf(sut.database.db, main)) / 100 };
}

/** A pending request of the maker for R$ 1,500 (the default threshold is R$ 1,000). */
async function pendingRequest(memberId: number, amount = 1_500): Promise<AdjustmentRequest> {
  const res = await adjust(memberId, ops.maker, { amount, reason: 'compensation for a lost jackpot' });
  expect(res.json().value.outcome).toBe('requested');
  return res.json().value.request;
}

/** How many adjustment movements touched the member's accounts. */
async function adjustmentsOf(memberId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    sut.database.db,
    sql`select count(*)::int as n from ledger_transactions t
        join ledger_entries e on e.transaction_id = t.id join ledger_accounts a on a.id = e.account_id
        where t.type = 'adjustment' and a.member_id = ${memberId}`,
  );
  return row?.n ?? 0;
}

describe('a manual adjustment and the merchant threshold', () => {
  it('posts an adjustment below the threshold at once', async () => {
    const p = await brazilPlayer();
    const res = await adjust(p.id, ops.maker, { amount: 999.99 });
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toMatchObject({ outcome: 'posted', replayed: false, transactionId: expect.any(Number) });
    expect(await p.main()).toBe(1_049.99);
    expect((await list(ops.owner, `?memberId=${p.id}`)).value.total).toBe(0);
  });

  it('turns an adjustment at or above the threshold, credit or debit, into a pending request and moves no money', async () => {
    const p = await brazilPlayer();
    const res = await adjust(p.id, ops.maker, { amount: 1_000, reason: 'chargeback reversal' });
    expect(res.statusCode).toBe(200);
    const { outcome, request, replayed } = res.json().value;
    expect([outcome, replayed]).toEqual(['requested', false]);
    expect(request).toMatchObject({
      merchant: 'BRAZIL',
      memberId: p.id,
      currency: 'BRL',
      amount: 1_000,
      reason: 'chargeback reversal',
      maker: 'adj-maker',
      makerId: ids.maker,
      status: 'pending',
      checker: null,
      transactionId: null,
    });
    const debit = (await adjust(p.id, ops.maker, { amount: -2_000 })).json().value;
    expect([debit.outcome, debit.request.amount]).toEqual(['requested', -2_000]);
    expect(await p.main()).toBe(50);
    expect(await adjustmentsOf(p.id)).toBe(0);
    const audit = await auditPage(sut.database.db, { action: 'ledger.adjust.request', target: `member:${p.id}` }, 0, 10);
    expect(audit.rows.map((a) => [a.operator, a.reason])).toEqual([
      ['adj-maker', 'goodwill'],
      ['adj-maker', 'chargeback reversal'],
    ]);
  });

  it('returns the same request when the maker resends its request id, even twenty times at once', async () => {
    const p = await brazilPlayer();
    const body = { amount: 1_200, reason: 'goodwill', requestId: rid('resend') };
    const answers = await Promise.all(Array.from({ length: 20 }, () => adjust(p.id, ops.maker, body)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const requestIds = new Set(answers.map((a) => a.json().value.request.id));
    expect(requestIds.size).toBe(1);
    expect(answers.filter((a) => !a.json().value.replayed)).toHaveLength(1);
    const again = (await adjust(p.id, ops.maker, body)).json().value;
    expect([again.replayed, again.request.id]).toEqual([true, [...requestIds][0]]);
    // The same request id for another adjustment is refused, as the ledger refuses a reused key.
    const other = await adjust(p.id, ops.maker, { ...body, amount: 1_300 });
    expect([other.statusCode, other.json().code]).toEqual([409, 'APP_ERR_LEDGER_DUPLICATE']);
    const rows = await sut.database.db.select().from(adjustmentRequests).where(eq(adjustmentRequests.requestId, body.requestId));
    expect(rows).toHaveLength(1);
  });

  it('lets an operator with merchants.manage change the threshold, validated at its field and audited', async () => {
    const url = adminPaths.merchantAdjustmentThreshold.replace(':code', 'BRAZIL');
    // Finance adjusts but does not manage merchants; an operator of UEMOA manages none of Brazil.
    expect((await call('PUT', url, ops.maker, { threshold: 50 })).statusCode).toBe(403);
    expect((await call('PUT', url, ops.uemoaFinance, { threshold: 50 })).statusCode).toBe(403);
    for (const [threshold, message] of [
      [0, 'validation.amount_positive'],
      [-5, 'validation.amount_positive'],
      [10.001, 'validation.amount_decimals'],
    ] as const) {
      const bad = await call('PUT', url, ops.risk, { threshold });
      expect([bad.statusCode, bad.json().value.fields]).toEqual([400, [{ field: 'threshold', message }]]);
    }
    // XOF has no minor unit: half a franc cannot be a threshold.
    const franc = await call('PUT', adminPaths.merchantAdjustmentThreshold.replace(':code', 'UEMOA'), ops.owner, { threshold: 10.5 });
    expect([franc.statusCode, franc.json().value.fields[0]]).toEqual([400, { field: 'threshold', message: 'validation.amount_decimals' }]);

    const p = await brazilPlayer();
    // Posted at once while R$ 60 was below the threshold...
    const requestId = rid('lowered');
    const first = (await adjust(p.id, ops.maker, { amount: 60, requestId })).json().value;
    expect(first.outcome).toBe('posted');
    const set = await call('PUT', url, ops.risk, { threshold: 50 });
    expect(set.statusCode).toBe(200);
    expect(set.json().value).toMatchObject({ code: 'BRAZIL', adjustmentThreshold: 50 });
    const listed = (await call('GET', adminPaths.merchants, ops.risk)).json().value.list;
    expect(listed.find((m: { code: string }) => m.code === 'BRAZIL').adjustmentThreshold).toBe(50);
    const audit = await auditPage(sut.database.db, { action: 'merchant.adjustment_threshold' }, 0, 10);
    expect(audit.rows[0]).toMatchObject({ operator: 'adj-risk', target: 'merchant:BRAZIL', details: { before: 100_000, after: 5_000 } });
    try {
      // ...its resend is still that movement, not a new request.
      const resent = (await adjust(p.id, ops.maker, { amount: 60, requestId })).json().value;
      expect(resent).toEqual({ outcome: 'posted', transactionId: first.transactionId, replayed: true });
      expect((await adjust(p.id, ops.maker, { amount: 49.99 })).json().value.outcome).toBe('posted');
      expect((await adjust(p.id, ops.maker, { amount: 50 })).json().value.outcome).toBe('requested');
      expect(await p.main()).toBe(50 + 60 + 49.99);
    } finally {
      await call('PUT', url, ops.owner, { threshold: 1_000 });
    }
  });
});

describe('approving and rejecting a request', () => {
  it("refuses the maker's own approval with a translated error, even an owner's", async () => {
    const p = await brazilPlayer();
    const r = await pendingRequest(p.id);
    const own = await approve(r.id, ops.maker);
    expect([own.statusCode, own.json().code, own.json().message]).toEqual([
      403,
      'APP_ERR_LEDGER_ADJUSTMENT_SAME_OPERATOR',
      'error.adjustment_same_operator',
    ]);
    const ownerMade = (await adjust(p.id, ops.owner, { amount: 5_000, reason: 'owner goodwill' })).json().value.request;
    const ownerOwn = await approve(ownerMade.id, ops.owner);
    expect([ownerOwn.statusCode, ownerOwn.json().code]).toEqual([403, 'APP_ERR_LEDGER_ADJUSTMENT_SAME_OPERATOR']);
    expect(await p.main()).toBe(50);
    expect((await list(ops.owner, `?memberId=${p.id}&status=pending`)).value.total).toBe(2);
  });

  it('posts the adjustment once when another operator approves, and refuses a second decision', async () => {
    const p = await brazilPlayer();
    const r = await pendingRequest(p.id);
    const res = await approve(r.id, ops.checker, 'checked the game log');
    expect(res.statusCode).toBe(200);
    const approved = res.json().value;
    expect(approved).toMatchObject({ id: r.id, status: 'approved', checker: 'adj-checker', checkerReason: 'checked the game log' });
    expect(approved.transactionId).toEqual(expect.any(Number));
    expect(approved.decidedAt).toEqual(expect.any(Number));
    expect(await p.main()).toBe(1_550);
    const again = await approve(r.id, ops.owner);
    expect([again.statusCode, again.json().code, again.json().value]).toEqual([
      409,
      'APP_ERR_LEDGER_ADJUSTMENT_STATE',
      { status: 'approved' },
    ]);
    expect((await reject(r.id, ops.owner, 'too late')).statusCode).toBe(409);
    expect(await p.main()).toBe(1_550);
    expect(await adjustmentsOf(p.id)).toBe(1);
    // The movement names the maker and the checker; the audit line is the checker's.
    const [tx] = await sut.database.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.id, approved.transactionId));
    expect(tx?.reference).toEqual({ reason: 'compensation for a lost jackpot', operator: 'adj-maker', approvedBy: 'adj-checker' });
    const audit = await auditPage(sut.database.db, { action: 'ledger.adjust.approve', target: `member:${p.id}` }, 0, 10);
    expect(audit.rows.map((a) => [a.operator, a.reason])).toEqual([['adj-checker', 'checked the game log']]);
    // A resend of the maker's request id now answers the approved request.
    expect((await list(ops.maker, `?memberId=${p.id}`)).value.list[0]).toMatchObject({
      status: 'approved',
      transactionId: approved.transactionId,
    });
  });

  it('posts exactly once under 20 concurrent approvals, and the ledger stays whole', async () => {
    const p = await brazilPlayer();
    const r = await pendingRequest(p.id, 2_000);
    const checkers = [ops.checker, ops.owner];
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => approve(r.id, checkers[i % 2] as Headers)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409 && a.json().code === 'APP_ERR_LEDGER_ADJUSTMENT_STATE')).toHaveLength(19);
    expect(await p.main()).toBe(2_050);
    expect(await adjustmentsOf(p.id)).toBe(1);
    expect((await checkLedger(sut.database.db)).ok).toBe(true);
  });

  it('takes one decision when approvals race rejections', async () => {
    const p = await brazilPlayer();
    const requests = [];
    for (let i = 0; i < 5; i++) requests.push(await pendingRequest(p.id, 1_000 + i));
    const answers = await Promise.all(
      requests.flatMap((r) => [
        approve(r.id, ops.checker),
        reject(r.id, ops.owner, 'not justified'),
        approve(r.id, ops.owner),
        reject(r.id, ops.checker, 'duplicate'),
      ]),
    );
    let expected = 50;
    for (const [i, r] of requests.entries()) {
      const mine = answers.slice(i * 4, i * 4 + 4);
      expect(mine.filter((a) => a.statusCode === 200)).toHaveLength(1);
      expect(mine.filter((a) => a.statusCode === 409)).toHaveLength(3);
      const decided = mine.find((a) => a.statusCode === 200)?.json().value;
      if (decided.status === 'approved') expected += r.amount;
      else expect(decided.transactionId).toBeNull();
    }
    expect(await p.main()).toBeCloseTo(expected, 2);
    expect((await checkLedger(sut.database.db)).ok).toBe(true);
  });

  it('rejects only with a reason, and nothing moves', async () => {
    const p = await brazilPlayer();
    const r = await pendingRequest(p.id);
    for (const body of [{}, { reason: '' }, { reason: '   ' }]) {
      const res = await call('POST', adjustmentPaths.reject.replace(':id', String(r.id)), ops.checker, body);
      expect([res.statusCode, res.json().value.fields[0].field]).toEqual([400, 'reason']);
    }
    const res = await reject(r.id, ops.checker, 'no ticket behind it');
    expect(res.json().value).toMatchObject({
      status: 'rejected',
      checker: 'adj-checker',
      checkerReason: 'no ticket behind it',
      transactionId: null,
    });
    expect((await approve(r.id, ops.owner)).json().code).toBe('APP_ERR_LEDGER_ADJUSTMENT_STATE');
    expect(await p.main()).toBe(50);
    const audit = await auditPage(sut.database.db, { action: 'ledger.adjust.reject', target: `member:${p.id}` }, 0, 10);
    expect(audit.rows.map((a) => a.reason)).toEqual(['no ticket behind it']);
    // The maker may withdraw their own request: rejecting it moves nothing either.
    const mine = await pendingRequest(p.id);
    expect((await reject(mine.id, ops.maker, 'typed the wrong amount')).json().value.status).toBe('rejected');
  });

  it('leaves a debit the wallet cannot cover pending', async () => {
    const p = await brazilPlayer();
    const r = (await adjust(p.id, ops.maker, { amount: -1_000 })).json().value.request;
    const res = await approve(r.id, ops.checker);
    expect([res.statusCode, res.json().code]).toEqual([409, 'APP_ERR_WALLET_INSUFFICIENT_FUNDS']);
    expect((await list(ops.owner, `?memberId=${p.id}`)).value.list[0].status).toBe('pending');
    expect(await p.main()).toBe(50);
  });
});

describe('the requests list and the scope of each route', () => {
  it("refuses operators of another merchant or without ledger.adjust, and never lists another merchant's requests", async () => {
    const p = await brazilPlayer();
    const r = await pendingRequest(p.id);
    for (const who of [ops.uemoaFinance, ops.support, ops.risk]) {
      for (const res of [await approve(r.id, who), await reject(r.id, who, 'no'), await adjust(p.id, who, { amount: 1 })]) {
        expect([res.statusCode, res.json().code]).toEqual([403, 'APP_ERR_OPERATOR_FORBIDDEN']);
      }
    }
    // A request that does not exist: 404 to an operator of every merchant, 403 to one of some (no probing).
    expect((await approve(2_000_000_000, ops.owner)).json().code).toBe('APP_ERR_LEDGER_ADJUSTMENT_UNKNOWN');
    expect((await approve(2_000_000_000, ops.uemoaFinance)).json().code).toBe('APP_ERR_OPERATOR_FORBIDDEN');
    const uemoa = await list(ops.uemoaFinance);
    expect(uemoa.value.list.filter((x: AdjustmentRequest) => x.merchant !== 'UEMOA')).toEqual([]);
    expect((await call('GET', `${adjustmentPaths.requests}?merchant=BRAZIL`, ops.uemoaFinance)).statusCode).toBe(403);
    // Support reads the ledger, so it reads the requests too.
    expect((await list(ops.support, `?memberId=${p.id}`)).value.list.map((x: AdjustmentRequest) => x.id)).toEqual([r.id]);
    expect(await p.main()).toBe(50);
  });

  it('lists pending requests first (oldest first), then the decided ones newest first, paged by the server', async () => {
    const p = await brazilPlayer();
    const [a, b, c, d] = [await pendingRequest(p.id), await pendingRequest(p.id), await pendingRequest(p.id), await pendingRequest(p.id)];
    await approve(b?.id ?? 0, ops.checker);
    await reject(d?.id ?? 0, ops.checker, 'no');
    const all = await list(ops.owner, `?memberId=${p.id}`);
    expect(all.value.list.map((x: AdjustmentRequest) => [x.id, x.status])).toEqual([
      [a?.id, 'pending'],
      [c?.id, 'pending'],
      [d?.id, 'rejected'],
      [b?.id, 'approved'],
    ]);
    expect([all.value.total, all.value.capped]).toEqual([4, false]);
    const second = await list(ops.owner, `?memberId=${p.id}&pageSize=3&page=1`);
    expect(second.value.list.map((x: AdjustmentRequest) => x.id)).toEqual([b?.id]);
    expect((await list(ops.owner, `?memberId=${p.id}&status=pending`)).value.total).toBe(2);
    const bad = await call('GET', `${adjustmentPaths.requests}?status=maybe&pageSize=0`, ops.owner);
    expect(bad.statusCode).toBe(400);
  });

  it('has the demo’s pending request of Brazil, asked by the seeded maker, for an owner to decide', async () => {
    const seeded = (await list(ops.owner, '?merchant=BRAZIL&status=pending')).value.list.find(
      (x: AdjustmentRequest) => x.maker === DEMO_MAKER.account,
    );
    expect(seeded).toMatchObject({ account: 'demoplayer', amount: 1_500, currency: 'BRL', status: 'pending' });
    const approved = await approve(seeded.id, ops.owner, 'seen in the demo');
    expect(approved.json().value.status).toBe('approved');
    expect((await checkLedger(sut.database.db)).ok).toBe(true);
  });
});
