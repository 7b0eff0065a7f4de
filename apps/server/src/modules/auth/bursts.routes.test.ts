// Bursts of 100 concurrent attempts at a password or a code: however they interleave, no more of
// them reach the check than the same attempts would one after another.
import * as argon2 from '@node-rs/argon2';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { captchaAnswered, freshIp, holdVerifications, lastCode, loginRequest, smsCode, solveAltcha, tokenOf } from '../../../test/auth.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../platform/config.ts';
import { createMember } from '../members/members.service.ts';
import { merchantByCode } from '../merchants/merchants.service.ts';
import { loadAuthConfig } from './auth.config.ts';
import { verificationCodes } from './auth.tables.ts';
import { PasswordHasher } from './passwords.ts';

// Every argon2id verification the server makes, seen through a spy that still verifies for real.
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@node-rs/argon2')>();
  return { ...actual, verify: vi.fn(actual.verify) };
});
const verify = vi.mocked(argon2.verify);
const realVerify = (await vi.importActual<typeof import('@node-rs/argon2')>('@node-rs/argon2')).verify;

let sut: TestApp;
let brazil: number;
beforeAll(async () => {
  sut = await buildTestApp();
  brazil = (await merchantByCode(sut.database.db, 'BRAZIL'))?.id ?? 0;
});
afterAll(() => sut.close());
afterEach(() => {
  verify.mockImplementation(realVerify);
});

const BURST = 100;
const range = (n: number) => Array.from({ length: n }, (_, i) => i);
/** The passwords the server verified that start with `prefix` (each burst uses its own). */
const verified = (prefix: string) => verify.mock.calls.filter(([, password]) => String(password).startsWith(prefix)).length;
const codes = (res: { json(): { code?: string } }[]) => res.map((r) => r.json().code ?? 'ok');
/** How many answers carried each code. */
function tally(items: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const c of items) counts[c] = (counts[c] ?? 0) + 1;
  return counts;
}

let serial = 0;
/** A fresh player of BRAZIL with a password and a bound mobile number. */
async function newMember(password = 'Right1234') {
  serial++;
  const account = `burst${process.pid % 1000}x${serial}`;
  const mobileNum = `1197${String(3_000_000 + serial * 13 + (process.pid % 13)).padStart(7, '0')}`;
  await createMember(sut.database.db, {
    merchantId: brazil,
    account,
    passwordHash: await new PasswordHasher(loadAuthConfig().passwordHash).hash(password),
    passwordChangedAt: new Date(),
    mobile: `+55${mobileNum}`,
    countryDialingCode: '+55',
    mobileVerifiedAt: new Date(),
  });
  return { account, mobileNum, password };
}

/** Solved bot checks, each with an answered captcha, made before a burst so that it goes out at once. */
const solvedLogins = (n: number) =>
  Promise.all(range(n).map(async () => ({ altcha: await solveAltcha(sut.app), captcha: await captchaAnswered(sut.app, sut.database.db) })));

describe('a burst of logins', () => {
  it('checks 3 passwords of 100 sent at once from one address without a captcha and refuses the rest unchecked', async () => {
    const ip = freshIp();
    const altchas = await Promise.all(range(BURST).map(() => solveAltcha(sut.app)));
    const answers = await Promise.all(
      altchas.map((altcha, i) => loginRequest(sut.app, { username: `capghost${i}`, password: `cap-${i}` }, { altcha, remoteAddress: ip })),
    );
    expect(verified('cap-')).toBe(3);
    // The rest are refused unchecked: asked for a captcha, or 429 while more than 50 were in flight at once.
    const { APP_ERR_AUTH_LOGIN_FAILED, APP_ERR_AUTH_CAPTCHA_REQUIRED = 0, APP_ERR_RATE_LIMITED = 0, ...other } = tally(codes(answers));
    expect(APP_ERR_AUTH_LOGIN_FAILED).toBe(3);
    expect(APP_ERR_AUTH_CAPTCHA_REQUIRED + APP_ERR_RATE_LIMITED).toBe(97);
    expect(APP_ERR_AUTH_CAPTCHA_REQUIRED).toBeGreaterThan(0);
    expect(other).toEqual({});
  });

  it('checks 50 passwords of 100 sent at once with captchas from one address, and answers the rest 429', async () => {
    const ip = freshIp();
    const prepared = await solvedLogins(BURST);
    const answers = await Promise.all(
      prepared.map(({ altcha, captcha }, i) =>
        loginRequest(sut.app, { username: `ipghost${i}`, password: `ip-${i}`, ...captcha }, { altcha, remoteAddress: ip }),
      ),
    );
    expect(verified('ip-')).toBe(50);
    expect(tally(codes(answers))).toEqual({ APP_ERR_AUTH_LOGIN_FAILED: 50, APP_ERR_RATE_LIMITED: 50 });
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(50);
  });

  it('checks 10 wrong passwords of a burst at one account and gives no token to the right one sent past the lock', async () => {
    const { account, password } = await newMember();
    const prepared = await solvedLogins(BURST);
    const [rightOne] = await solvedLogins(1);
    if (!rightOne) throw new Error('no bot check');
    const held = holdVerifications(verify, realVerify, 'lock-');
    const burst = Promise.all(
      prepared.map(({ altcha, captcha }, i) =>
        loginRequest(sut.app, { username: account, password: `lock-${i}`, ...captcha }, { altcha, remoteAddress: freshIp() }),
      ),
    );
    // Ten wrong passwords are being checked: the right one comes while they are in flight.
    await held.entered(10);
    // It waits for them (the window may be full of checks that will succeed), then is refused unchecked:
    // told to try again, since no lock holds yet.
    const right = await loginRequest(
      sut.app,
      { username: account, password, ...rightOne.captcha },
      { altcha: rightOne.altcha, remoteAddress: freshIp() },
    );
    expect(right.statusCode).toBe(429);
    expect(right.json().code).toBe('APP_ERR_RATE_LIMITED');
    expect(right.json().value?.token).toBeUndefined();
    held.open();
    const answers = await burst;
    expect(verified('lock-')).toBe(10);
    expect(verify.mock.calls.filter(([, p]) => p === password)).toHaveLength(0);
    // Nine failures, the tenth locks, and the 90 beyond the limit were refused unchecked: as locked, or,
    // for those that waited longer than their budget while the ten were held, told to try again.
    const { APP_ERR_AUTH_LOGIN_FAILED, APP_ERR_AUTH_ACCOUNT_LOCKED = 0, APP_ERR_RATE_LIMITED = 0, ...other } = tally(codes(answers));
    expect({ APP_ERR_AUTH_LOGIN_FAILED, other }).toEqual({ APP_ERR_AUTH_LOGIN_FAILED: 9, other: {} });
    expect(APP_ERR_AUTH_ACCOUNT_LOCKED + APP_ERR_RATE_LIMITED).toBe(91);
    const captcha = await captchaAnswered(sut.app, sut.database.db);
    const after = await loginRequest(sut.app, { username: account, password, ...captcha }, { remoteAddress: freshIp() });
    expect(after.json().code).toBe('APP_ERR_AUTH_ACCOUNT_LOCKED');
    // A hundred bot checks solved and ten argon2id verifications: CPU-bound, and slow on a loaded machine.
  }, 90_000);

  it('checks 10 wrong passwords of a burst at one account spread over two nodes on one database', async () => {
    const other = await buildApp({
      config: { ...loadConfig({}), webDist: undefined, merchantCacheSeconds: 0, jobs: false },
      database: sut.database,
      logger: false,
    });
    try {
      const { account, password } = await newMember();
      const prepared = await solvedLogins(BURST);
      const answers = await Promise.all(
        prepared.map(({ altcha, captcha }, i) =>
          loginRequest(
            i % 2 ? other : sut.app,
            { username: account, password: `nodes-${i}`, ...captcha },
            { altcha, remoteAddress: freshIp() },
          ),
        ),
      );
      expect(verified('nodes-')).toBe(10);
      expect(tally(codes(answers))).toEqual({ APP_ERR_AUTH_LOGIN_FAILED: 9, APP_ERR_AUTH_ACCOUNT_LOCKED: 91 });
      const [last] = await solvedLogins(1);
      const right = await loginRequest(
        other,
        { username: account, password, ...last?.captcha },
        { altcha: last?.altcha, remoteAddress: freshIp() },
      );
      expect(right.json().code).toBe('APP_ERR_AUTH_ACCOUNT_LOCKED');
    } finally {
      await other.close();
    }
  });
});

describe('a burst of codes', () => {
  /** Wrong guesses compared with a code: each one that reached the comparison is recorded on it. */
  const comparedWrong = async (target: string) => {
    const rows = await sut.database.db
      .select({ attempts: verificationCodes.attempts })
      .from(verificationCodes)
      .where(and(eq(verificationCodes.merchantId, brazil), eq(verificationCodes.target, target)));
    return rows.reduce((n, r) => n + r.attempts, 0);
  };
  /** 100 six-digit guesses, none of them `code`. */
  const wrongGuesses = (code: string) => range(BURST).map((i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));

  it('compares 5 SMS codes of 100 sent at once, and the right code is void after them', async () => {
    const { mobileNum } = await newMember();
    const code = await smsCode(sut.app, sut.database.db, '/wps/verification/sms/noLogin', '+55', mobileNum);
    const smsLogin = (guess: string) =>
      sut.app.inject({
        method: 'POST',
        url: '/wps/session/login',
        remoteAddress: freshIp(),
        payload: { type: 'sms', countryDialingCode: '+55', mobileNum, code: guess },
      });
    const answers = await Promise.all(wrongGuesses(code).map(smsLogin));
    expect(tally(codes(answers))).toEqual({ APP_ERR_VERIFICATION_CODE_INVALID: BURST });
    expect(await comparedWrong(`+55${mobileNum}`)).toBe(5);
    expect((await smsLogin(code)).json().code).toBe('APP_ERR_VERIFICATION_CODE_INVALID');
  });

  it('compares 5 e-mail codes of 100 sent at once, and the right code binds nothing after them', async () => {
    const { account, password } = await newMember();
    const token = await tokenOf(sut.app, account, password);
    const call = (method: 'POST' | 'PUT', url: string, payload: object) =>
      sut.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, remoteAddress: freshIp(), payload });
    const email = `${account}@mail.example`;
    expect((await call('POST', '/wps/verification/email/bind', { email })).statusCode).toBe(200);
    const code = await lastCode(sut.database.db, email);
    const answers = await Promise.all(
      wrongGuesses(code).map((guess) => call('PUT', '/wps/member/email', { email, verificationCode: guess })),
    );
    expect(tally(codes(answers))).toEqual({ APP_ERR_VERIFICATION_CODE_INVALID: BURST });
    expect(await comparedWrong(email)).toBe(5);
    expect((await call('PUT', '/wps/member/email', { email, verificationCode: code })).json().code).toBe(
      'APP_ERR_VERIFICATION_CODE_INVALID',
    );
  });
});
