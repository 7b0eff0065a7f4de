import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshIp, lastCode } from '../../../test/auth.ts';
import { cliClient, makeOperator } from '../../../test/operators.ts';
import { bindAccount, newPlayer, type Player, payDeposit, rid, setPaymentPassword } from '../../../test/payments.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import { runCli } from '../../cli.ts';
import { operatorAudit } from '../../platform/audit.tables.ts';
import { loadConfig } from '../../platform/config.ts';
import { merchantByCode } from '../merchants/merchants.service.ts';
import { checkLedger, houseAccount, post } from '../wallet/ledger.service.ts';
import { walletAccount } from '../wallet/wallet.service.ts';
import { autoConfirmWithdrawals } from './payments.repository.ts';
import { sandboxPayments, withdrawals } from './payments.tables.ts';
import { withdrawDeps } from './payments.ts';
import { finishPayingWithdrawals, PAYING_STALE_MS } from './withdrawal-requests.service.ts';

/** An API key of alice, an operator of every merchant who may do everything the admin API offers. */
let operatorToken = '';
let sut: TestApp;
beforeAll(async () => {
  sut = await buildTestApp();
  operatorToken = (await makeOperator(sut.database.db, { account: 'alice', role: 'owner' })).key;
});
afterAll(() => sut.close());

const admin = (method: 'GET' | 'POST', url: string, payload?: object, token = operatorToken) =>
  sut.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload });
const balance = async (p: Player) => (await p.call('GET', '/wps/v2/wallets/balance')).json().value;

/** A Brazilian player with money wagered (so no turnover is owed), a payment password and a PIX account. */
async function readyPlayer(amount: number) {
  const db = sut.database.db;
  const p = await newPlayer(sut.app, db);
  await payDeposit(sut.app, p, { channel: 'PIX', amount });
  const brazil = (await merchantByCode(db, 'BRAZIL'))?.id ?? 0;
  // Wager the deposit once (a bet and an equal win), as the games module will post them.
  const main = await walletAccount(db, { id: p.id, merchantId: brazil }, 'main', 'BRL');
  const games = await houseAccount(db, brazil, 'games', 'BRL', p.id);
  const stake = Math.round(amount * 100);
  await post(db, {
    merchantId: brazil,
    type: 'bet',
    postings: [
      { accountId: main, amount: -stake },
      { accountId: games, amount: stake },
    ],
  });
  await post(db, {
    merchantId: brazil,
    type: 'win',
    postings: [
      { accountId: games, amount: -stake },
      { accountId: main, amount: stake },
    ],
  });
  await setPaymentPassword(p);
  const account = await bindAccount(db, p, p.mobile, {
    kind: 'pix',
    holderName: 'Ana Souza',
    institution: 'email',
    number: `${p.account}@mail.com`,
  });
  return { p, accountId: account.id };
}

const withdraw = (p: Player, accountId: number, amount: number, over: object = {}) =>
  p.call('POST', '/wps/withdraw', { accountId, amount, paymentPassword: '246810', requestId: rid('wd'), ...over });

describe('payment password', () => {
  it('is set once, then changed only with the old one', async () => {
    const p = await newPlayer(sut.app, sut.database.db);
    expect((await p.call('GET', '/wps/withdraw/info')).json().value.hasPaymentPassword).toBe(false);
    const mismatch = await p.call('PUT', '/wps/member/paymentPassword', { newPaymentPassword: '123456', confirmPaymentPassword: '654321' });
    expect(mismatch.json().value.fields).toEqual([{ field: 'confirmPaymentPassword', message: 'validation.confirm_mismatch' }]);
    const format = await p.call('PUT', '/wps/member/paymentPassword', { newPaymentPassword: 'abc', confirmPaymentPassword: 'abc' });
    expect(format.json().value.fields[0]).toEqual({ field: 'newPaymentPassword', message: 'validation.payment_password_format' });
    await setPaymentPassword(p, '111111');
    const noOld = await p.call('PUT', '/wps/member/paymentPassword', { newPaymentPassword: '222222', confirmPaymentPassword: '222222' });
    expect(noOld.json().value.fields).toEqual([{ field: 'oldPaymentPassword', message: 'validation.required' }]);
    const wrongOld = await p.call('PUT', '/wps/member/paymentPassword', {
      oldPaymentPassword: '999999',
      newPaymentPassword: '222222',
      confirmPaymentPassword: '222222',
    });
    expect(wrongOld.json().value.fields).toEqual([{ field: 'oldPaymentPassword', message: 'error.payment_password_wrong' }]);
    const changed = await p.call('PUT', '/wps/member/paymentPassword', {
      oldPaymentPassword: '111111',
      newPaymentPassword: '222222',
      confirmPaymentPassword: '222222',
    });
    expect(changed.statusCode).toBe(200);
    expect((await p.call('GET', '/wps/withdraw/info')).json().value.hasPaymentPassword).toBe(true);
  });
});

describe('withdrawal accounts', () => {
  it('binds a PIX key with the code sent to the bound phone, masked, refusing a wrong code or key', async () => {
    const db = sut.database.db;
    const p = await newPlayer(sut.app, db);
    await p.call('POST', '/wps/withdraw/accounts/code');
    const wrong = await p.call('POST', '/wps/withdraw/accounts', {
      kind: 'pix',
      holderName: 'Ana',
      institution: 'cpf',
      number: '529.982.247-25',
      verificationCode: '000000',
    });
    expect(wrong.statusCode).toBe(400);
    const badCpf = await p.call('POST', '/wps/withdraw/accounts', {
      kind: 'pix',
      holderName: 'Ana',
      institution: 'cpf',
      number: '111.222.333-44',
      verificationCode: '000000',
    });
    expect(badCpf.json().value.fields).toEqual([{ field: 'number', message: 'validation.pix_key_invalid' }]);
    const notHere = await p.call('POST', '/wps/withdraw/accounts', {
      kind: 'mobile_money',
      holderName: 'Ana',
      institution: 'wave',
      number: '771234567',
      verificationCode: '000000',
    });
    expect(notHere.json().value.fields).toEqual([{ field: 'kind', message: 'validation.unknown_value' }]);
    const code = await lastCode(db, p.mobile);
    const bound = await p.call('POST', '/wps/withdraw/accounts', {
      kind: 'pix',
      holderName: 'Ana Souza',
      institution: 'cpf',
      number: '529.982.247-25',
      verificationCode: code,
    });
    const account = bound.json().value;
    // The code served once.
    const twice = await p.call('POST', '/wps/withdraw/accounts', {
      kind: 'pix',
      holderName: 'Ana Souza',
      institution: 'email',
      number: 'ana@mail.com',
      verificationCode: code,
    });
    expect(twice.statusCode).toBe(400);
    const list = (await p.call('GET', '/wps/withdraw/accounts')).json().value;
    expect(list).toEqual([expect.objectContaining({ id: account.id, kind: 'pix', institution: 'cpf', number: '******4725' })]);
    expect((await p.call('DELETE', `/wps/withdraw/accounts/${account.id}`)).statusCode).toBe(200);
    expect((await p.call('GET', '/wps/withdraw/accounts')).json().value).toEqual([]);
  });

  it('binds an Orange Money number in UEMOA', async () => {
    const db = sut.database.db;
    const p = await newPlayer(sut.app, db, 'UEMOA');
    await bindAccount(db, p, p.mobile, {
      kind: 'mobile_money',
      holderName: 'Awa Diop',
      institution: 'orange',
      number: '77 123 45 67',
    });
    const info = (await p.call('GET', '/wps/withdraw/info')).json().value;
    expect(info).toMatchObject({ currency: 'XOF', accountKinds: ['mobile_money', 'bank'], min: 1_000 });
    expect(info.accounts[0]).toMatchObject({ kind: 'mobile_money', institution: 'orange', number: '******4567' });
  });
});

describe('requesting a withdrawal', () => {
  it('holds the amount at once and shows it pending', async () => {
    const { p, accountId } = await readyPlayer(100);
    const res = await withdraw(p, accountId, 60);
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toMatchObject({ status: 'pending', amount: 60, currency: 'BRL' });
    expect(await balance(p)).toMatchObject({ sumBalance: 40, main: 40, locked: 60 });
    const info = (await p.call('GET', '/wps/withdraw/info')).json().value;
    expect(info).toMatchObject({ usedCount: 1, usedAmount: 60, balance: 40 });
  });

  it('needs the payment password, the deposit wagered, and an own account', async () => {
    const db = sut.database.db;
    const p = await newPlayer(sut.app, db);
    await payDeposit(sut.app, p, { channel: 'PIX', amount: 100 });
    const account = await bindAccount(db, p, p.mobile, {
      kind: 'bank',
      holderName: 'Ana Souza',
      institution: 'Banco do Brasil',
      number: '12345-6',
    });
    expect((await withdraw(p, account.id, 50)).json().code).toBe('APP_ERR_WALLET_PAYMENT_PASSWORD_NOT_SET');
    await setPaymentPassword(p);
    const wrong = await withdraw(p, account.id, 50, { paymentPassword: '135791' });
    expect(wrong.json().value.fields).toEqual([{ field: 'paymentPassword', message: 'error.payment_password_wrong' }]);
    const turnover = await withdraw(p, account.id, 50);
    expect(turnover.statusCode).toBe(409);
    expect(turnover.json()).toMatchObject({
      code: 'APP_ERR_WALLET_TURNOVER_NOT_MET',
      value: { fields: [{ field: 'amount', params: { remaining: 100 } }] },
    });
    const other = await readyPlayer(10);
    expect((await withdraw(p, other.accountId, 50)).json().value.fields).toEqual([
      { field: 'accountId', message: 'error.payment_not_found' },
    ]);
    expect(await balance(p)).toMatchObject({ main: 100, locked: 0 });
  });

  it('refuses amounts outside the limits or above the balance, at the field', async () => {
    const { p, accountId } = await readyPlayer(30);
    expect((await withdraw(p, accountId, 19.99)).json().value.fields[0]).toMatchObject({
      field: 'amount',
      message: 'validation.amount_below_min',
    });
    expect((await withdraw(p, accountId, 50_000.01)).json().value.fields[0]).toMatchObject({
      field: 'amount',
      message: 'validation.amount_above_max',
    });
    const over = await withdraw(p, accountId, 30.01);
    expect(over.statusCode).toBe(409);
    expect(over.json().value.fields).toEqual([{ field: 'amount', message: 'error.insufficient_funds' }]);
    expect(await balance(p)).toMatchObject({ main: 30, locked: 0 });
    expect((await p.call('GET', '/wps/withdraw')).json().value.totalElements).toBe(0);
  });

  it('never holds more than the balance when 20 requests arrive at once', async () => {
    const { p, accountId } = await readyPlayer(100);
    const answers = await Promise.all(Array.from({ length: 20 }, () => withdraw(p, accountId, 30)));
    const okCount = answers.filter((a) => a.statusCode === 200).length;
    expect(okCount).toBe(3);
    expect(answers.filter((a) => a.statusCode !== 200).every((a) => ['APP_ERR_WALLET_INSUFFICIENT_FUNDS'].includes(a.json().code))).toBe(
      true,
    );
    expect(await balance(p)).toMatchObject({ main: 10, locked: 90 });
    expect((await checkLedger(sut.database.db)).ok).toBe(true);
  });

  it('keeps to the daily count and amount limits, and answers a repeated request once', async () => {
    const { p, accountId } = await readyPlayer(200);
    const body = { accountId, amount: 20, paymentPassword: '246810', requestId: rid('same') };
    const same = await Promise.all([p.call('POST', '/wps/withdraw', body), p.call('POST', '/wps/withdraw', body)]);
    expect(same[0]?.json().value.reference).toBe(same[1]?.json().value.reference);
    for (let i = 0; i < 4; i++) expect((await withdraw(p, accountId, 20)).statusCode).toBe(200);
    const sixth = await withdraw(p, accountId, 20);
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json().code).toBe('APP_ERR_WALLET_DAILY_LIMIT');
    expect(await balance(p)).toMatchObject({ main: 100, locked: 100 });
  });
});

describe('operator review and the confirmation flow', () => {
  it('refuses the admin API without an operator token, or with a player session', async () => {
    const { p } = await readyPlayer(10);
    expect((await admin('GET', '/admin/v1/withdrawals', undefined, 'not-a-real-token-xxxxxxxxxxxxxxx')).statusCode).toBe(401);
    expect(
      (await sut.app.inject({ method: 'GET', url: '/admin/v1/withdrawals', headers: { authorization: `Bearer ${p.token}` } })).statusCode,
    ).toBe(401);
  });

  it('rejects with a reason: the funds return and the audit log says who and why', async () => {
    const { p, accountId } = await readyPlayer(50);
    const w = (await withdraw(p, accountId, 50)).json().value;
    expect((await admin('POST', `/admin/v1/withdrawals/${w.reference}/reject`, { reason: '' })).statusCode).toBe(400);
    const res = await admin('POST', `/admin/v1/withdrawals/${w.reference}/reject`, { reason: 'holder name differs' });
    expect(res.json().value).toMatchObject({ status: 'rejected', reviewedBy: 'alice', reviewReason: 'holder name differs' });
    expect(await balance(p)).toMatchObject({ main: 50, locked: 0 });
    expect((await p.call('GET', `/wps/withdraw/${w.reference}`)).json().value).toMatchObject({
      status: 'rejected',
      reason: 'holder name differs',
    });
    expect((await admin('POST', `/admin/v1/withdrawals/${w.reference}/approve`, {})).statusCode).toBe(409);
    const [audit] = await sut.database.db.select().from(operatorAudit).where(eq(operatorAudit.target, w.reference));
    expect(audit).toMatchObject({ operator: 'alice', action: 'withdrawal.reject', reason: 'holder name differs' });
  });

  it('approves by command, pays out, and takes a partly-received confirmation with a proof image', async () => {
    const { p, accountId } = await readyPlayer(80);
    const w = (await withdraw(p, accountId, 80)).json().value;
    const listed = (await admin('GET', '/admin/v1/withdrawals?merchant=BRAZIL&status=pending')).json().value;
    expect(listed.map((x: { reference: string }) => x.reference)).toContain(w.reference);
    const lines: string[] = [];
    expect(await runCli(['withdrawal', 'approve', w.reference, '--reason', 'checked'], (l) => lines.push(l), cliClient(sut))).toBe(0);
    expect(lines.at(-1)).toBe(`${w.reference}: paid (checked)`);
    const paid = (await p.call('GET', `/wps/withdraw/${w.reference}`)).json().value;
    expect(paid.status).toBe('paid');
    expect(paid.confirmBy - paid.paidAt).toBe(30 * 60_000);
    expect(await balance(p)).toMatchObject({ sumBalance: 0, locked: 0 });
    // The player is told through a platform message, once, in their language.
    const inbox = (await sut.app.inject({ method: 'GET', url: '/wps/messages', headers: { ...p.headers, language: 'PT' } })).json().value;
    const told = inbox.content.filter((m: { kind: string; content: string }) => m.kind === 'system' && m.content.includes(w.reference));
    expect(told).toHaveLength(1);
    expect(told[0].title).toBe('Saque pago');

    // Partly received needs the proof image first.
    const noProof = await p.call('POST', `/wps/withdraw/${w.reference}/confirm`, { result: 'partly_received', receivedAmount: 50 });
    expect(noProof.json().value.fields).toEqual([{ field: 'proof', message: 'validation.required' }]);
    const upload = (bytes: Buffer, name: string) => {
      const boundary = `----test${Date.now()}`;
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="proof"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return sut.app.inject({
        method: 'POST',
        url: `/wps/withdraw/${w.reference}/proof`,
        headers: { ...p.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
        remoteAddress: freshIp(),
      });
    };
    const notImage = await upload(Buffer.from('<svg onload=alert(1)>'), 'x.png');
    expect(notImage.json().value.fields).toEqual([{ field: 'proof', message: 'validation.image_type' }]);
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
    expect((await upload(png, 'receipt.png')).statusCode).toBe(200);
    const tooMuch = await p.call('POST', `/wps/withdraw/${w.reference}/confirm`, { result: 'partly_received', receivedAmount: 80 });
    expect(tooMuch.statusCode).toBe(400);
    const partly = await p.call('POST', `/wps/withdraw/${w.reference}/confirm`, { result: 'partly_received', receivedAmount: 50 });
    expect(partly.json().value).toMatchObject({ status: 'partly_received', receivedAmount: 50, remainingAmount: 30, hasProof: true });
    const image = await p.call('GET', `/wps/withdraw/${w.reference}/proof`);
    expect(image.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(image.rawPayload, png)).toBe(0);
    const other = await newPlayer(sut.app, sut.database.db);
    expect((await other.call('GET', `/wps/withdraw/${w.reference}/proof`)).statusCode).toBe(404);
    expect((await other.call('POST', `/wps/withdraw/${w.reference}/confirm`, { result: 'received' })).statusCode).toBe(404);
    // Once confirmed it cannot be confirmed again.
    expect((await p.call('POST', `/wps/withdraw/${w.reference}/confirm`, { result: 'received' })).statusCode).toBe(409);
  });

  it('finishes a withdrawal whose approval was cut off during the payout, once, sending the payout once', async () => {
    const db = sut.database.db;
    const { p, accountId } = await readyPlayer(70);
    const w = (await withdraw(p, accountId, 70)).json().value;
    // The approval claimed it (paying), then its node died before recording the payout's result.
    const approvedAt = new Date(Date.now() - PAYING_STALE_MS - 1000);
    await db
      .update(withdrawals)
      .set({ status: 'paying', reviewedBy: 'bob', reviewedAt: approvedAt })
      .where(eq(withdrawals.reference, w.reference));
    const deps = await withdrawDeps(db, loadConfig({}));
    // A payout the provider did send before the node died: the recovery's repeat must not send another.
    await deps.providers.get(deps.payoutProvider)?.payout({
      reference: w.reference,
      currency: 'BRL',
      amount: 7000,
      account: { kind: 'pix', holderName: 'Ana Souza', institution: 'email', number: 'x' },
    });

    expect(await finishPayingWithdrawals(deps, new Date(approvedAt.getTime() + 1000))).toBe(0);
    const [first, second] = await Promise.all([finishPayingWithdrawals(deps), finishPayingWithdrawals(deps)]);
    expect(first + second).toBe(1);
    expect((await p.call('GET', `/wps/withdraw/${w.reference}`)).json().value.status).toBe('paid');
    expect(await balance(p)).toMatchObject({ sumBalance: 0, locked: 0 });
    const payouts = await db.select().from(sandboxPayments).where(eq(sandboxPayments.merchantReference, w.reference));
    expect(payouts).toHaveLength(1);
    expect(await finishPayingWithdrawals(deps, new Date(Date.now() + PAYING_STALE_MS + 1000))).toBe(0);
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it('counts a paid withdrawal nobody confirmed as received after the merchant minutes', async () => {
    const { p, accountId } = await readyPlayer(40);
    const w = (await withdraw(p, accountId, 40)).json().value;
    await admin('POST', `/admin/v1/withdrawals/${w.reference}/approve`, {});
    expect(await autoConfirmWithdrawals(sut.database.db, new Date())).toHaveLength(0);
    const later = new Date(Date.now() + 31 * 60_000);
    const taken = await autoConfirmWithdrawals(sut.database.db, later);
    expect(taken.map((t) => t.reference)).toContain(w.reference);
    expect(await autoConfirmWithdrawals(sut.database.db, later)).toHaveLength(0);
    expect((await p.call('GET', `/wps/withdraw/${w.reference}`)).json().value).toMatchObject({ status: 'received', autoConfirmed: true });
  });

  it("shows a member's ledger and makes a manual adjustment with a reason, once", async () => {
    const { p } = await readyPlayer(10);
    const body = { amount: 5.5, reason: 'goodwill for a delayed payout', requestId: rid('adj') };
    const first = await admin('POST', `/admin/v1/members/${p.id}/adjustments`, body);
    const again = await admin('POST', `/admin/v1/members/${p.id}/adjustments`, body);
    expect(first.json().value.transactionId).toBe(again.json().value.transactionId);
    expect(again.json().value.replayed).toBe(true);
    expect((await balance(p)).main).toBe(15.5);
    const overdraw = await admin('POST', `/admin/v1/members/${p.id}/adjustments`, { amount: -100, reason: 'x', requestId: rid('adj') });
    expect(overdraw.statusCode).toBe(409);
    const ledger = (await admin('GET', `/admin/v1/members/${p.id}/ledger?pageSize=50`)).json().value;
    expect(ledger.content.map((e: { type: string }) => e.type)).toContain('adjustment');
    const audit = (await admin('GET', '/admin/v1/audit')).json().value;
    expect(
      audit.filter((a: { action: string; target: string }) => a.action === 'ledger.adjust' && a.target === `member:${p.id}`),
    ).toHaveLength(1);
  });

  it('leaves the ledger whole after every flow above', async () => {
    expect((await checkLedger(sut.database.db)).ok).toBe(true);
    const [row] = await sut.database.db.select().from(withdrawals).limit(1);
    expect(row).toBeDefined();
  });
});
