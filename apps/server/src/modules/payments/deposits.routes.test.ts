import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPlayer, payDeposit, rid, signedWebhook } from '../../../test/payments.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import { checkLedger } from '../wallet/ledger.service.ts';
import { reconcileOverdueDeposits } from './deposits.service.ts';
import { deposits, paymentWebhooks, sandboxPayments } from './payments.tables.ts';
import { sandboxProvider } from './payments.ts';
import { parsePixPayload } from './pix.ts';
import { ProviderRegistry } from './provider.ts';

let sut: TestApp;
beforeAll(async () => {
  sut = await buildTestApp();
});
afterAll(() => sut.close());

const balanceOf = async (p: { call: (m: 'GET', u: string) => Promise<{ json(): { value: { sumBalance: number; main: number } } }> }) =>
  (await p.call('GET', '/wps/v2/wallets/balance')).json().value;

describe('deposit channels', () => {
  it("lists each merchant's own channels in its currency and language", async () => {
    const br = await newPlayer(sut.app, sut.database.db, 'BRAZIL');
    const channels = (await br.call('GET', '/wps/depositv2/channels')).json().value;
    expect(channels.map((c: { code: string }) => c.code)).toEqual(['PIX']);
    expect(channels[0]).toMatchObject({ currency: 'BRL', method: 'pix', min: 10, max: 50_000, needsMobile: false });
    const sn = await newPlayer(sut.app, sut.database.db, 'UEMOA');
    const uemoa = (
      await sut.app.inject({ method: 'GET', url: '/wps/depositv2/channels', headers: { ...sn.headers, language: 'FR' } })
    ).json().value;
    expect(uemoa.map((c: { code: string }) => c.code)).toEqual(['ORANGE_MONEY', 'WAVE']);
    expect(uemoa[0]).toMatchObject({ currency: 'XOF', feePercent: 1, needsMobile: true });
    expect(uemoa[0].instructions).toContain('Orange Money');
    expect(uemoa[0].instructions).toContain('Validez');
  });
});

describe('a PIX deposit through the sandbox', () => {
  it('gives a copy-paste BR Code with the amount and credits the wallet once approved', async () => {
    const p = await newPlayer(sut.app, sut.database.db);
    const res = await p.call('POST', '/wps/depositv2', { channel: 'PIX', amount: 125.5, requestId: rid() });
    expect(res.statusCode).toBe(200);
    const deposit = res.json().value;
    expect(deposit).toMatchObject({ status: 'pending', currency: 'BRL', amount: 125.5, fee: 0, credited: 125.5 });
    const fields = parsePixPayload(deposit.payCode);
    expect(fields?.get('54')).toBe('125.50');
    expect(fields?.get('26')).toContain('/sandbox/pay/');
    expect(deposit.qrCode).toMatch(/^data:image\/png;base64,/);

    const id = new URL(deposit.payUrl).pathname.split('/').pop();
    const page = await sut.app.inject({ method: 'GET', url: `/sandbox/pay/${id}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(deposit.payCode);
    expect(page.body).toContain('data-action="approve"');
    expect((await balanceOf(p)).sumBalance).toBe(0);

    expect((await sut.app.inject({ method: 'POST', url: `/sandbox/pay/${id}/approve` })).statusCode).toBe(303);
    const after = (await p.call('GET', `/wps/depositv2/${deposit.reference}`)).json().value;
    expect(after.status).toBe('approved');
    expect(after.qrCode).toBeNull();
    expect((await balanceOf(p)).sumBalance).toBe(125.5);
    // A second click on the page changes nothing.
    await sut.app.inject({ method: 'POST', url: `/sandbox/pay/${id}/approve` });
    expect((await balanceOf(p)).sumBalance).toBe(125.5);
  });

  it('shows declined and expired deposits without moving money', async () => {
    const p = await newPlayer(sut.app, sut.database.db);
    const declined = await payDeposit(sut.app, p, { channel: 'PIX', amount: 20 }, 'decline');
    const expired = await payDeposit(sut.app, p, { channel: 'PIX', amount: 30 }, 'expire');
    const list = (await p.call('GET', '/wps/depositv2?pageSize=10')).json().value;
    const status = (ref: string) => list.content.find((d: { reference: string }) => d.reference === ref)?.status;
    expect(status(declined.deposit.reference)).toBe('declined');
    expect(status(expired.deposit.reference)).toBe('expired');
    expect((await p.call('GET', '/wps/depositv2?status=expired')).json().value.totalElements).toBe(1);
    expect((await balanceOf(p)).sumBalance).toBe(0);
  });

  it('returns the first deposit for a repeated request id', async () => {
    const p = await newPlayer(sut.app, sut.database.db);
    const body = { channel: 'PIX', amount: 15, requestId: rid() };
    const [a, b] = await Promise.all([p.call('POST', '/wps/depositv2', body), p.call('POST', '/wps/depositv2', body)]);
    expect(a.json().value.reference).toBe(b.json().value.reference);
    expect((await p.call('GET', '/wps/depositv2')).json().value.totalElements).toBe(1);
  });

  it('refuses a request id used again for another deposit with 409, and still answers the same body with the first deposit', async () => {
    const p = await newPlayer(sut.app, sut.database.db);
    const body = { channel: 'PIX', amount: 15, requestId: rid() };
    const first = await p.call('POST', '/wps/depositv2', body);
    expect(first.statusCode).toBe(200);
    for (const other of [
      { ...body, amount: 1_500 },
      { ...body, amount: 15.01 },
    ]) {
      const res = await p.call('POST', '/wps/depositv2', other);
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('APP_ERR_LEDGER_DUPLICATE');
    }
    // Two different bodies racing under one id: one deposit, and the other is refused.
    const racing = { channel: 'PIX', amount: 20, requestId: rid() };
    const [a, b] = await Promise.all([
      p.call('POST', '/wps/depositv2', racing),
      p.call('POST', '/wps/depositv2', { ...racing, amount: 30 }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const again = await p.call('POST', '/wps/depositv2', body);
    expect(again.statusCode).toBe(200);
    expect(again.json().value).toMatchObject({ reference: first.json().value.reference, amount: 15 });
    expect((await p.call('GET', '/wps/depositv2')).json().value.totalElements).toBe(2);
  });

  it('refuses a mobile-money request id used again for another number or channel', async () => {
    const p = await newPlayer(sut.app, sut.database.db, 'UEMOA');
    const body = { channel: 'WAVE', amount: 500, countryDialingCode: '+221', mobileNum: '761234567', requestId: rid() };
    const first = await p.call('POST', '/wps/depositv2', body);
    expect(first.statusCode).toBe(200);
    expect((await p.call('POST', '/wps/depositv2', { ...body, mobileNum: '761234568' })).statusCode).toBe(409);
    expect((await p.call('POST', '/wps/depositv2', { ...body, channel: 'ORANGE_MONEY' })).statusCode).toBe(409);
    // The same number written another way is the same request.
    const same = await p.call('POST', '/wps/depositv2', { ...body, mobileNum: '76 123 45 67' });
    expect(same.json().value.reference).toBe(first.json().value.reference);
  });

  it('refuses bad amounts at the field and creates nothing', async () => {
    const p = await newPlayer(sut.app, sut.database.db);
    const cases: [unknown, string][] = [
      [5, 'validation.amount_below_min'],
      [50_000.01, 'validation.amount_above_max'],
      [10.123, 'validation.amount_decimals'],
      [-10, 'validation.amount_positive'],
      ['ten', 'validation.amount_invalid'],
    ];
    for (const [amount, message] of cases) {
      const res = await p.call('POST', '/wps/depositv2', { channel: 'PIX', amount, requestId: rid() });
      expect(res.statusCode, String(amount)).toBe(400);
      expect(res.json().value.fields).toContainEqual(expect.objectContaining({ field: 'amount', message }));
    }
    const unknown = await p.call('POST', '/wps/depositv2', { channel: 'WAVE', amount: 20, requestId: rid() });
    expect(unknown.statusCode).toBe(404);
    expect((await p.call('GET', '/wps/depositv2')).json().value.totalElements).toBe(0);
  });

  it("does not show one player's deposit to another", async () => {
    const owner = await newPlayer(sut.app, sut.database.db);
    const other = await newPlayer(sut.app, sut.database.db);
    const { deposit } = await payDeposit(sut.app, owner, { channel: 'PIX', amount: 12 });
    expect((await other.call('GET', `/wps/depositv2/${deposit.reference}`)).statusCode).toBe(404);
    expect((await other.call('GET', '/wps/depositv2')).json().value.totalElements).toBe(0);
  });
});

describe('mobile money in UEMOA', () => {
  it('pushes the request to the bound number by default, keeps the fee and credits the rest', async () => {
    const p = await newPlayer(sut.app, sut.database.db, 'UEMOA');
    const { deposit } = await payDeposit(sut.app, p, { channel: 'ORANGE_MONEY', amount: 10_000 });
    expect(deposit).toMatchObject({ currency: 'XOF', fee: 100, credited: 9_900, payCode: p.mobile, qrCode: null });
    expect((await balanceOf(p)).sumBalance).toBe(9_900);
  });

  it('pushes to another number when given, and refuses a number that is not valid', async () => {
    const p = await newPlayer(sut.app, sut.database.db, 'UEMOA');
    const ok = await p.call('POST', '/wps/depositv2', {
      channel: 'WAVE',
      amount: 500,
      countryDialingCode: '+221',
      mobileNum: '761234567',
      requestId: rid(),
    });
    expect(ok.json().value.payCode).toBe('+221761234567');
    const bad = await p.call('POST', '/wps/depositv2', { channel: 'WAVE', amount: 500, mobileNum: '12', requestId: rid() });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().value.fields[0].field).toBe('mobileNum');
  });
});

describe('the webhook', () => {
  async function pendingDeposit() {
    const p = await newPlayer(sut.app, sut.database.db);
    const res = await p.call('POST', '/wps/depositv2', { channel: 'PIX', amount: 40, requestId: rid() });
    const deposit = res.json().value;
    const [row] = await sut.database.db.select().from(deposits).where(eq(deposits.reference, deposit.reference));
    return { p, deposit, providerRef: row?.providerRef as string };
  }
  const send = (payload: string, headers: Record<string, string>) =>
    sut.app.inject({ method: 'POST', url: '/wps/payments/webhook/sandbox', payload, headers });

  it('credits once when the same result arrives many times at once', async () => {
    const { p, deposit, providerRef } = await pendingDeposit();
    const event = {
      id: providerRef,
      reference: deposit.reference,
      status: 'paid',
      transactionId: `SBT${providerRef}`,
      amount: 4_000,
      currency: 'BRL',
    };
    const { payload, headers } = await signedWebhook(sut.database.db, event);
    const answers = await Promise.all(Array.from({ length: 20 }, () => send(payload, headers)));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    const outcomes = answers.map((a) => a.json().value.outcome);
    expect(outcomes.filter((o) => o === 'credited')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(19);
    expect((await balanceOf(p)).sumBalance).toBe(40);
    // Late: the same result a while later, after the player saw it approved.
    expect((await send(payload, headers)).json().value.outcome).toBe('duplicate');
    expect((await balanceOf(p)).sumBalance).toBe(40);
    expect((await checkLedger(sut.database.db)).ok).toBe(true);
  });

  it('refuses a bad signature and keeps nothing of it; refuses and logs an unknown reference, a wrong amount or currency', async () => {
    const { p, deposit, providerRef } = await pendingDeposit();
    const good = { id: providerRef, reference: deposit.reference, status: 'paid', transactionId: 'SBTX1', amount: 4_000, currency: 'BRL' };
    const signed = await signedWebhook(sut.database.db, good);
    const forged = await send(signed.payload.replace('4000', '9000'), signed.headers);
    expect(forged.statusCode).toBe(401);
    expect(forged.json().code).toBe('APP_ERR_PAYMENT_WEBHOOK_SIGNATURE');
    const unsigned = await send(signed.payload, { 'content-type': 'application/json' });
    expect(unsigned.statusCode).toBe(401);
    for (const bad of [
      { ...good, reference: 'DNOTOURS1234' },
      { ...good, amount: 400_000 },
      { ...good, currency: 'USD' },
    ]) {
      const s = await signedWebhook(sut.database.db, bad);
      const res = await send(s.payload, s.headers);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('APP_ERR_PAYMENT_WEBHOOK_REFUSED');
    }
    expect((await balanceOf(p)).sumBalance).toBe(0);
    expect((await p.call('GET', `/wps/depositv2/${deposit.reference}`)).json().value.status).toBe('pending');
    const logged = await sut.database.db.select().from(paymentWebhooks);
    const refusals = logged.filter((l) => l.body.includes(providerRef) && l.outcome.startsWith('refused:')).map((l) => l.outcome);
    expect(refusals.sort()).toEqual(['refused:amount_mismatch', 'refused:amount_mismatch', 'refused:unknown_reference']);
    expect(logged.filter((l) => !l.signatureOk)).toEqual([]);
  });

  it('refuses a source’s webhooks beyond 300 a minute, signed or not, and not another source’s', async () => {
    const { p, deposit, providerRef } = await pendingDeposit();
    const paid = {
      id: providerRef,
      reference: deposit.reference,
      status: 'paid',
      transactionId: `SBT${providerRef}`,
      amount: 4_000,
      currency: 'BRL',
    };
    const signed = await signedWebhook(sut.database.db, paid);
    const from = (remoteAddress: string, payload: string, headers: Record<string, string>) =>
      sut.app.inject({ method: 'POST', url: '/wps/payments/webhook/sandbox', payload, headers, remoteAddress });
    const forged = { 'content-type': 'application/json', 'x-sandbox-signature': `t=1,v1=${'0'.repeat(64)}` };
    const answers = await Promise.all(Array.from({ length: 320 }, () => from('203.0.113.7', signed.payload, forged)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(300);
    expect(codes.filter((c) => c === 429)).toHaveLength(20);
    expect(answers.find((a) => a.statusCode === 429)?.json().code).toBe('APP_ERR_RATE_LIMITED');
    // The flooding source's next call is refused even when signed; the provider's own address is not.
    expect((await from('203.0.113.7', signed.payload, signed.headers)).statusCode).toBe(429);
    expect((await from('198.51.100.20', signed.payload, signed.headers)).json().value.outcome).toBe('credited');
    expect((await balanceOf(p)).sumBalance).toBe(40);
  });

  it('stores nothing of a flood of unsigned webhooks, and refuses a body over 8 KB before reading it', async () => {
    const before = (await sut.database.db.select().from(paymentWebhooks)).length;
    const junk = JSON.stringify({ id: 'SBX', reference: 'D', status: 'paid', pad: 'x'.repeat(7_000) });
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        sut.app.inject({
          method: 'POST',
          url: '/wps/payments/webhook/sandbox',
          payload: junk,
          headers: { 'content-type': 'application/json', 'x-sandbox-signature': `t=1,v1=${'0'.repeat(64)}` },
          remoteAddress: '192.0.2.55',
        }),
      ),
    );
    expect(answers.every((a) => a.statusCode === 401 && a.json().code === 'APP_ERR_PAYMENT_WEBHOOK_SIGNATURE')).toBe(true);
    const big = await send(JSON.stringify({ pad: 'x'.repeat(9_000) }), { 'content-type': 'application/json' });
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe('APP_ERR_PAYLOAD_TOO_LARGE');
    expect(await sut.database.db.select().from(paymentWebhooks)).toHaveLength(before);
  });

  it('still credits a charge paid after the deposit expired, and finds results whose webhook was lost', async () => {
    const { p, deposit, providerRef } = await pendingDeposit();
    // Our side gave up on it...
    await sut.database.db
      .update(deposits)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(deposits.reference, deposit.reference));
    // ...but the provider has it paid, and its webhook never came.
    await sut.database.db
      .update(sandboxPayments)
      .set({ status: 'paid', transactionId: 'SBTLOST1', settledAt: new Date() })
      .where(eq(sandboxPayments.id, providerRef));
    const providers = new ProviderRegistry([
      await sandboxProvider(sut.database.db, { publicOrigin: 'http://localhost', sandboxRedeliverMs: 0 }),
    ]);
    expect(await reconcileOverdueDeposits({ db: sut.database.db, providers })).toBeGreaterThanOrEqual(1);
    expect((await p.call('GET', `/wps/depositv2/${deposit.reference}`)).json().value.status).toBe('approved');
    expect((await balanceOf(p)).sumBalance).toBe(40);

    // A charge left unpaid past its end expires on both sides.
    const other = await pendingDeposit();
    await sut.database.db
      .update(deposits)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(deposits.reference, other.deposit.reference));
    await sut.database.db
      .update(sandboxPayments)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sandboxPayments.id, other.providerRef));
    await reconcileOverdueDeposits({ db: sut.database.db, providers });
    expect((await other.p.call('GET', `/wps/depositv2/${other.deposit.reference}`)).json().value.status).toBe('expired');
    expect((await checkLedger(sut.database.db)).ok).toBe(true);
  });

  it('refuses trial accounts and visitors', async () => {
    const free = await sut.app.inject({
      method: 'POST',
      url: '/wps/session/login/freeplay',
      headers: { merchant: 'BRAZIL' },
      payload: { os: 'linux', platform: 'W' },
    });
    const headers = { authorization: `Bearer ${free.json().value.token}`, merchant: 'BRAZIL' };
    const trial = await sut.app.inject({
      method: 'POST',
      url: '/wps/depositv2',
      headers,
      payload: { channel: 'PIX', amount: 20, requestId: rid() },
    });
    expect(trial.statusCode).toBe(403);
    expect(trial.json().message).toBe('please_create_real_account');
    const anonymous = await sut.app.inject({
      method: 'POST',
      url: '/wps/depositv2',
      payload: { channel: 'PIX', amount: 20, requestId: rid() },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('without the sandbox (production)', () => {
  it('offers no sandbox page and answers deposits with a provider error, creating nothing', async () => {
    const prod = await buildTestApp({ config: { paymentSandbox: false } });
    try {
      const p = await newPlayer(prod.app, prod.database.db);
      const res = await p.call('POST', '/wps/depositv2', { channel: 'PIX', amount: 20, requestId: rid() });
      expect(res.statusCode).toBe(502);
      expect(res.json().code).toBe('APP_ERR_PAYMENT_PROVIDER_FAILED');
      expect((await prod.app.inject({ method: 'GET', url: '/sandbox/pay/SBX0123456789ABCDEF0123' })).statusCode).toBe(404);
      expect((await p.call('GET', '/wps/depositv2')).json().value.totalElements).toBe(0);
    } finally {
      await prod.close();
    }
  });
});
