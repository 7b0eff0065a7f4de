// The payment password under bursts of 100 concurrent tries, on both routes that move money with it:
// no more of them are verified than the lock allows, and the right one sent past the lock moves nothing.
import * as argon2 from '@node-rs/argon2';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { holdVerifications } from '../../../test/auth.ts';
import { bindAccount, newPlayer, type Player, payDeposit, rid, setPaymentPassword } from '../../../test/payments.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import { checkLedger } from './ledger.service.ts';

vi.mock('@node-rs/argon2', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@node-rs/argon2')>();
  return { ...actual, verify: vi.fn(actual.verify) };
});
const verify = vi.mocked(argon2.verify);
const realVerify = (await vi.importActual<typeof import('@node-rs/argon2')>('@node-rs/argon2')).verify;

let sut: TestApp;
beforeAll(async () => {
  sut = await buildTestApp();
});
afterAll(() => sut.close());
afterEach(() => {
  verify.mockImplementation(realVerify);
});

const BURST = 100;
const RIGHT = '246810';
/** 100 wrong payment passwords, each starting with 0 (the right one does not). */
const wrongOnes = Array.from({ length: BURST }, (_, i) => `0${String(i).padStart(5, '0')}`);
const verifiedWrong = () => verify.mock.calls.filter(([, p]) => String(p).startsWith('0')).length;
const balance = async (p: Player) => (await p.call('GET', '/wps/v2/wallets/balance')).json().value.main;
const codes = (answers: { json(): { code?: string } }[]) => {
  const counts: Record<string, number> = {};
  for (const a of answers) {
    const code = a.json().code ?? 'ok';
    counts[code] = (counts[code] ?? 0) + 1;
  }
  return counts;
};

describe('payment password bursts', () => {
  it('verifies 5 of 100 upline transfers sent at once, and the right password sent past the lock moves no money', async () => {
    const db = sut.database.db;
    const agent = await newPlayer(sut.app, db, 'BRAZIL', { type: 1 });
    const p = await newPlayer(sut.app, db, 'BRAZIL', { uplineId: agent.id });
    await payDeposit(sut.app, p, { channel: 'PIX', amount: 80 });
    await setPaymentPassword(p, RIGHT);
    const transfer = (paymentPassword: string) =>
      p.call('POST', '/wps/v2/wallets/transferUpline', { account: agent.account, amount: 1, paymentPassword, requestId: rid() });

    // Wrong passwords wait inside their verification until the right one has been answered.
    const held = holdVerifications(verify, realVerify, '0');
    const before = verifiedWrong();
    const burst = Promise.all(wrongOnes.map(transfer));
    await held.entered(5);
    // It waits for the checks in flight, then is refused unchecked (no lock holds yet: try again).
    const right = await transfer(RIGHT);
    expect(right.statusCode).toBe(429);
    expect(right.json().code).toBe('APP_ERR_RATE_LIMITED');
    held.open();
    const answers = await burst;
    expect(verifiedWrong() - before).toBe(5);
    // The rest were refused unchecked: as locked, or told to try again when they outwaited their budget.
    const { APP_ERR_WALLET_PAYMENT_PASSWORD_WRONG, APP_ERR_AUTH_ACCOUNT_LOCKED = 0, APP_ERR_RATE_LIMITED = 0, ...other } = codes(answers);
    expect({ APP_ERR_WALLET_PAYMENT_PASSWORD_WRONG, other }).toEqual({ APP_ERR_WALLET_PAYMENT_PASSWORD_WRONG: 4, other: {} });
    expect(APP_ERR_AUTH_ACCOUNT_LOCKED + APP_ERR_RATE_LIMITED).toBe(96);
    expect(await balance(agent)).toBe(0);
    expect(await balance(p)).toBe(80);
    expect((await transfer(RIGHT)).json().code).toBe('APP_ERR_AUTH_ACCOUNT_LOCKED');
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it('takes the right password sent 20 times at once without locking: the places are held by checks in flight, not failures', async () => {
    const db = sut.database.db;
    const agent = await newPlayer(sut.app, db, 'BRAZIL', { type: 1 });
    const p = await newPlayer(sut.app, db, 'BRAZIL', { uplineId: agent.id });
    await payDeposit(sut.app, p, { channel: 'PIX', amount: 80 });
    await setPaymentPassword(p, RIGHT);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        p.call('POST', '/wps/v2/wallets/transferUpline', { account: agent.account, amount: 1, paymentPassword: RIGHT, requestId: rid() }),
      ),
    );
    expect(codes(answers)).toEqual({ ok: 20 });
    expect(await balance(agent)).toBe(20);
  });

  it('verifies 5 of 100 withdrawals sent at once, and the right password after them withdraws nothing', async () => {
    const db = sut.database.db;
    const p = await newPlayer(sut.app, db);
    await payDeposit(sut.app, p, { channel: 'PIX', amount: 100 });
    await setPaymentPassword(p, RIGHT);
    const account = await bindAccount(db, p, p.mobile, {
      kind: 'pix',
      holderName: 'Ana Souza',
      institution: 'email',
      number: `${p.account}@mail.com`,
    });
    const withdraw = (paymentPassword: string) =>
      p.call('POST', '/wps/withdraw', { accountId: account.id, amount: 50, paymentPassword, requestId: rid('wd') });
    const before = verifiedWrong();
    const answers = await Promise.all(wrongOnes.map(withdraw));
    expect(verifiedWrong() - before).toBe(5);
    // The rest were refused unchecked: as locked, or told to try again when they outwaited their budget.
    const { APP_ERR_WALLET_PAYMENT_PASSWORD_WRONG, APP_ERR_AUTH_ACCOUNT_LOCKED = 0, APP_ERR_RATE_LIMITED = 0, ...other } = codes(answers);
    expect({ APP_ERR_WALLET_PAYMENT_PASSWORD_WRONG, other }).toEqual({ APP_ERR_WALLET_PAYMENT_PASSWORD_WRONG: 4, other: {} });
    expect(APP_ERR_AUTH_ACCOUNT_LOCKED + APP_ERR_RATE_LIMITED).toBe(96);
    expect((await withdraw(RIGHT)).json().code).toBe('APP_ERR_AUTH_ACCOUNT_LOCKED');
    expect((await p.call('GET', '/wps/withdraw')).json().value.totalElements).toBe(0);
    expect(await balance(p)).toBe(100);
  });
});
