import { constants, createCipheriv, createPublicKey, publicEncrypt, randomBytes } from 'node:crypto';
import * as argon2 from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { captchaAnswered, freshIp, loginRequest, smsCode, solveAltcha } from '../../../test/auth.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import { buildApp } from '../../app.ts';
import { rateCounters } from '../../platform/attempts.tables.ts';
import { ageCounterForTest, clearCounter } from '../../platform/attempts.ts';
import { loadConfig } from '../../platform/config.ts';
import { createMember } from '../members/members.service.ts';
import { listMerchants } from '../merchants/merchants.repository.ts';
import { PasswordHasher } from './passwords.ts';

// Every argon2id verification the server makes, seen through a spy that still verifies for real.
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@node-rs/argon2')>();
  return { ...actual, verify: vi.fn(actual.verify) };
});

let sut: TestApp;
beforeAll(async () => {
  sut = await buildTestApp();
});
afterAll(() => sut.close());

const uemoa = { merchant: 'UEMOA' };

describe('login by username', () => {
  it('logs the demo player in and answers the token with the login flags', async () => {
    const res = await loginRequest(sut.app, { username: 'DemoPlayer', password: 'Demo1234' });
    expect(res.statusCode).toBe(200);
    const value = res.json().value;
    expect(value).toMatchObject({ userName: 'demoplayer', firstTimeLogin: false, passwordExpired: false, isAgent: 0 });
    expect(value.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(value.expiresAt).toBeGreaterThan(Date.now() + 6 * 86_400_000);
  });

  it('flags the default password as a first-time login and an old password as expired where the merchant forces it', async () => {
    const fresh = (await loginRequest(sut.app, { username: 'newplayer', password: 'Welcome1' })).json().value;
    expect(fresh).toMatchObject({ firstTimeLogin: true, passwordExpired: false });
    const old = (await loginRequest(sut.app, { username: 'oldplayer', password: 'Demo1234' })).json().value;
    expect(old).toMatchObject({ firstTimeLogin: false, passwordExpired: true });
    // UEMOA has PWDEXPFORCECHANGE3 off.
    const oldUemoa = (await loginRequest(sut.app, { username: 'oldplayer', password: 'Demo1234' }, { headers: uemoa })).json().value;
    expect(oldUemoa.passwordExpired).toBe(false);
  });

  it('answers an unknown account exactly like a wrong password', async () => {
    const ip = freshIp();
    const wrong = await loginRequest(sut.app, { username: 'demoplayer', password: 'Nope12345' }, { remoteAddress: ip });
    const unknown = await loginRequest(sut.app, { username: 'nobody999', password: 'Nope12345' }, { remoteAddress: freshIp() });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    const expected = {
      success: false,
      code: 'APP_ERR_AUTH_LOGIN_FAILED',
      message: 'error.account_or_password_wrong',
      value: { captchaRequired: false },
    };
    expect(wrong.json()).toEqual(expected);
    expect(unknown.json()).toEqual(expected);
  });

  it('spends one verification at the service cost on an unknown account, as on a wrong password', async () => {
    // A second node hashing at the production cost, with a member whose hash has that cost.
    const saved = process.env.PASSWORD_HASH_COST;
    process.env.PASSWORD_HASH_COST = 'standard';
    const node = await buildApp({
      config: { ...loadConfig({}), webDist: undefined, merchantCacheSeconds: 0 },
      database: sut.database,
      logger: false,
    });
    if (saved === undefined) delete process.env.PASSWORD_HASH_COST;
    else process.env.PASSWORD_HASH_COST = saved;
    try {
      const token = (
        await loginRequest(node, { username: 'demoplayer', password: 'Demo1234' }, { headers: uemoa, remoteAddress: freshIp() })
      ).json().value.token;
      const changed = await node.inject({
        method: 'PUT',
        url: '/wps/member/password',
        headers: { ...uemoa, authorization: `Bearer ${token}` },
        payload: { oldPassword: 'Demo1234', newPassword: 'Timing123', confirmNewPassword: 'Timing123' },
      });
      expect(changed.statusCode).toBe(200);
      const uemoaId = (await listMerchants(sut.database.db)).find((m) => m.code === 'UEMOA')?.id;
      const verifications = vi.mocked(argon2.verify);
      /** The argon2id hashes one failed login verified against (its cost is in the PHC string). */
      const checked = async (username: string) => {
        await clearCounter(sut.database.db, `login:fail:${uemoaId}:${username}`);
        const altcha = await solveAltcha(node);
        const before = verifications.mock.calls.length;
        const res = await loginRequest(node, { username, password: 'Nope12345' }, { altcha, headers: uemoa, remoteAddress: freshIp() });
        expect(res.statusCode).toBe(401);
        return verifications.mock.calls.slice(before).map(([phc]) => String(phc).split('$')[3]);
      };
      // A wrong password and an unknown account each cost exactly one verification at the service's
      // parameters (m=19456,t=2,p=1): the time of an answer tells nothing about the account.
      expect(await checked('demoplayer')).toEqual(['m=19456,t=2,p=1']);
      expect(await checked('ghost00001')).toEqual(['m=19456,t=2,p=1']);
      expect(await checked('ghost00002')).toEqual(['m=19456,t=2,p=1']);
    } finally {
      await node.close();
    }
  });

  it('refuses a login without a solved bot check, and a solution used twice', async () => {
    const none = await sut.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      payload: { username: 'demoplayer', password: 'Demo1234' },
    });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'APP_ERR_AUTH_BOT_CHECK_FAILED', message: 'error.verification_first' });
    const altcha = await solveAltcha(sut.app);
    expect((await loginRequest(sut.app, { username: 'demoplayer', password: 'Demo1234' }, { altcha })).statusCode).toBe(200);
    const again = await loginRequest(sut.app, { username: 'demoplayer', password: 'Demo1234' }, { altcha });
    expect(again.json().code).toBe('APP_ERR_AUTH_BOT_CHECK_FAILED');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(await solveAltcha(sut.app), 'base64').toString()), number: 1e9 }),
    ).toString('base64');
    expect((await loginRequest(sut.app, { username: 'demoplayer', password: 'Demo1234' }, { altcha: forged })).statusCode).toBe(400);
  });

  it('requires username and password, with field errors', async () => {
    const res = await loginRequest(sut.app, { username: '  ', password: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().value.fields).toEqual([
      { field: 'username', message: 'validation.required' },
      { field: 'password', message: 'validation.required' },
    ]);
  });

  it('asks for a captcha after 3 failures of an account, then checks it', async () => {
    const user = { username: 'demoagent', password: 'wrong-1' };
    for (let i = 1; i <= 3; i++) {
      const res = await loginRequest(sut.app, user, { remoteAddress: freshIp() });
      expect(res.json().value).toEqual({ captchaRequired: i >= 3 });
    }
    const noCaptcha = await loginRequest(sut.app, { username: 'demoagent', password: 'Demo1234' }, { remoteAddress: freshIp() });
    expect(noCaptcha.statusCode).toBe(400);
    expect(noCaptcha.json()).toMatchObject({
      code: 'APP_ERR_AUTH_CAPTCHA_REQUIRED',
      message: 'error.please_enter_captcha',
      value: { captchaRequired: true },
    });
    const { captchaId } = await captchaAnswered(sut.app, sut.database.db);
    const wrongCaptcha = await loginRequest(
      sut.app,
      { username: 'demoagent', password: 'Demo1234', captchaId, captcha: 'NOPE' },
      { remoteAddress: freshIp() },
    );
    expect(wrongCaptcha.json()).toMatchObject({ code: 'APP_ERR_AUTH_CAPTCHA_WRONG', value: { captchaRequired: true } });
    // That captcha is spent even though the answer was wrong.
    const reused = await loginRequest(
      sut.app,
      { username: 'demoagent', password: 'Demo1234', captchaId, captcha: 'TEST' },
      { remoteAddress: freshIp() },
    );
    expect(reused.json().code).toBe('APP_ERR_AUTH_CAPTCHA_WRONG');
    const answered = await captchaAnswered(sut.app, sut.database.db);
    const ok = await loginRequest(sut.app, { username: 'demoagent', password: 'Demo1234', ...answered }, { remoteAddress: freshIp() });
    expect(ok.statusCode).toBe(200);
    // A success clears the account's failures.
    expect((await loginRequest(sut.app, { username: 'demoagent', password: 'Demo1234' }, { remoteAddress: freshIp() })).statusCode).toBe(
      200,
    );
  });

  it('asks for a captcha after 3 failures from one IP, whatever the accounts', async () => {
    const ip = freshIp();
    for (const username of ['ghost1', 'ghost2', 'ghost3']) await loginRequest(sut.app, { username, password: 'x' }, { remoteAddress: ip });
    const res = await loginRequest(sut.app, { username: 'demoplayer', password: 'Demo1234' }, { remoteAddress: ip });
    expect(res.json()).toMatchObject({ code: 'APP_ERR_AUTH_CAPTCHA_REQUIRED', value: { captchaRequired: true } });
  });

  it('locks an account for 15 minutes after 10 failures, even for the right password, then lets it in again', async () => {
    const login = async (password: string) => {
      const captcha = await captchaAnswered(sut.app, sut.database.db, uemoa);
      return loginRequest(sut.app, { username: 'oldplayer', password, ...captcha }, { headers: uemoa, remoteAddress: freshIp() });
    };
    for (let i = 1; i < 10; i++) expect((await login(`bad-${i}`)).statusCode).toBe(401);
    const tenth = await login('bad-10');
    expect(tenth.statusCode).toBe(423);
    expect(tenth.json()).toMatchObject({ code: 'APP_ERR_AUTH_ACCOUNT_LOCKED', message: 'error.account_locked' });
    expect((await login('Demo1234')).statusCode).toBe(423);
    // The lock is the merchant's account only: BRAZIL's oldplayer is not locked.
    expect((await loginRequest(sut.app, { username: 'oldplayer', password: 'Demo1234' }, { remoteAddress: freshIp() })).statusCode).toBe(
      200,
    );
    // The counters live in PostgreSQL, where every node reads them.
    const keys = (await sut.database.db.select().from(rateCounters)).map((r) => r.key);
    const uemoaId = (await listMerchants(sut.database.db)).find((m) => m.code === 'UEMOA')?.id;
    const lockKey = `login:lock:${uemoaId}:oldplayer`;
    const failKey = `login:fail:${uemoaId}:oldplayer`;
    expect(keys).toEqual(expect.arrayContaining([lockKey, failKey]));
    await ageCounterForTest(sut.database.db, lockKey, 15 * 60_000 + 1000);
    await ageCounterForTest(sut.database.db, failKey, 15 * 60_000 + 1000);
    const after = await login('Demo1234');
    expect(after.json()).toMatchObject({ success: true });
  });

  it('refuses an address after 50 failures in the window', async () => {
    const ip = freshIp();
    for (let i = 0; i < 50; i++) {
      const captcha = i >= 3 ? await captchaAnswered(sut.app, sut.database.db) : {};
      await loginRequest(sut.app, { username: `spray${i}`, password: 'x', ...captcha }, { remoteAddress: ip });
    }
    const res = await loginRequest(sut.app, { username: 'demoplayer', password: 'Demo1234' }, { remoteAddress: ip });
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe('APP_ERR_RATE_LIMITED');
  });

  it('shares failure counters between two nodes on one database', async () => {
    const other = await buildApp({
      config: { ...loadConfig({}), webDist: undefined, merchantCacheSeconds: 0 },
      database: sut.database,
      logger: false,
    });
    try {
      const ip = freshIp();
      for (let i = 0; i < 3; i++)
        await loginRequest(i % 2 ? other : sut.app, { username: 'ghost-node', password: 'x' }, { remoteAddress: ip });
      const res = await loginRequest(other, { username: 'ghost-node', password: 'x' }, { remoteAddress: ip });
      expect(res.json().code).toBe('APP_ERR_AUTH_CAPTCHA_REQUIRED');
      // Both nodes publish the same key, so a body encrypted for one decrypts on the other.
      const k1 = (await sut.app.inject({ method: 'GET', url: '/wps/system/publicKey' })).json().value.publicKey;
      const k2 = (await other.inject({ method: 'GET', url: '/wps/system/publicKey' })).json().value.publicKey;
      expect(k1).toBe(k2);
    } finally {
      await other.close();
    }
  });
});

describe('entrances', () => {
  it('lets agents log in at the member site and the agent area, players only at the member site', async () => {
    expect(
      (await loginRequest(sut.app, { username: 'demoagent', password: 'Demo1234' }, { remoteAddress: freshIp() })).json().value.isAgent,
    ).toBe(1);
    const agentLogin = (body: object) =>
      solveAltcha(sut.app).then((altcha) =>
        sut.app.inject({
          method: 'POST',
          url: '/wps/agent/login',
          remoteAddress: freshIp(),
          payload: { type: 'username', altcha, ...body },
        }),
      );
    expect((await agentLogin({ username: 'demoagent', password: 'Demo1234' })).statusCode).toBe(200);
    const player = await agentLogin({ username: 'demoplayer', password: 'Demo1234' });
    expect(player.statusCode).toBe(403);
    expect(player.json()).toMatchObject({ code: 'APP_ERR_AUTH_NOT_AGENT', message: 'error_not_agent' });
    // A wrong password at the agent entrance reveals nothing about the account type.
    expect((await agentLogin({ username: 'demoplayer', password: 'nope' })).json().code).toBe('APP_ERR_AUTH_LOGIN_FAILED');
  });

  it('refuses accounts that are not member accounts at the member entrance', async () => {
    const brazil = (await listMerchants(sut.database.db)).find((m) => m.code === 'BRAZIL');
    if (!brazil) throw new Error('seed missing');
    await createMember(sut.database.db, {
      merchantId: brazil.id,
      account: 'operator01',
      type: 9,
      passwordHash: await new PasswordHasher({ memoryCost: 64, timeCost: 1 }).hash('Demo1234'),
    });
    const res = await loginRequest(sut.app, { username: 'operator01', password: 'Demo1234' }, { remoteAddress: freshIp() });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'APP_ERR_AUTH_MEMBER_NO_ENTER', message: 'member_no_enter' });
  });
});

describe('login by SMS', () => {
  it('logs in with a code sent to the bound mobile number, without password flags', async () => {
    const code = await smsCode(sut.app, sut.database.db, '/wps/verification/sms/noLogin', '+55', '11987654321');
    const res = await sut.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      payload: { type: 'sms', countryDialingCode: '+55', mobileNum: '11987654321', code },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toMatchObject({ userName: 'demoplayer', firstTimeLogin: false, passwordExpired: false });
    // The code is single use.
    const again = await sut.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      payload: { type: 'sms', countryDialingCode: '+55', mobileNum: '11987654321', code },
    });
    expect(again.json().code).toBe('APP_ERR_VERIFICATION_CODE_INVALID');
  });

  it('lets a mobile-registered member log in with the mobile number as the username', async () => {
    const res = await loginRequest(
      sut.app,
      { username: '11987654321', countryDialingCode: '+55', password: 'Demo1234' },
      { remoteAddress: freshIp() },
    );
    expect(res.json().value.userName).toBe('demoplayer');
  });

  it('refuses an invalid number or a missing code with field errors, and SMS login where the merchant has it off', async () => {
    const bad = await sut.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      payload: { type: 'sms', countryDialingCode: '+55', mobileNum: '123', code: '123456' },
    });
    expect(bad.json().value.fields).toEqual([{ field: 'mobileNum', message: 'validation.mobile_invalid' }]);
    const noCode = await sut.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      payload: { type: 'sms', countryDialingCode: '+55', mobileNum: '11987654321' },
    });
    expect(noCode.json().value.fields).toEqual([{ field: 'code', message: 'validation.required' }]);
    const off = await sut.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      headers: uemoa,
      payload: { type: 'sms', countryDialingCode: '+221', mobileNum: '771234567', code: '123456' },
    });
    expect(off.statusCode).toBe(403);
    expect(off.json()).toMatchObject({ code: 'APP_ERR_AUTH_FEATURE_DISABLED', message: 'error.function_not_enabled' });
  });
});

describe('encrypted bodies', () => {
  const publicKey = async () => {
    const res = (await sut.app.inject({ method: 'GET', url: '/wps/system/publicKey' })).json().value;
    expect(res).toMatchObject({ algorithm: 'RSA-OAEP-256', hybrid: 'A256GCM' });
    return createPublicKey(res.publicKey);
  };
  const rsa = (key: ReturnType<typeof createPublicKey>, data: Buffer) =>
    publicEncrypt({ key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, data).toString('base64');

  it('decrypts a small body sealed with RSA-OAEP-SHA256', async () => {
    const key = await publicKey();
    const sealed = rsa(key, Buffer.from(JSON.stringify({ username: 'newplayer', password: 'Welcome1' })));
    // The ALTCHA payload makes a login body too long for RSA alone, so this one only reaches the bot check.
    const res = await sut.app.inject({ method: 'POST', url: '/wps/session/login', payload: { encrypted: sealed } });
    expect(res.json().code).toBe('APP_ERR_AUTH_BOT_CHECK_FAILED');
  });

  it('decrypts a login sealed with AES-256-GCM under an RSA-wrapped key, as WebCrypto produces it', async () => {
    const key = await publicKey();
    const aesKey = randomBytes(32);
    const iv = randomBytes(12);
    const body = { type: 'username', username: 'newplayer', password: 'Welcome1', altcha: await solveAltcha(sut.app) };
    const cipher = createCipheriv('aes-256-gcm', aesKey, iv);
    const data = Buffer.concat([cipher.update(JSON.stringify(body)), cipher.final(), cipher.getAuthTag()]);
    const res = await sut.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      remoteAddress: freshIp(),
      payload: { encrypted: data.toString('base64'), key: rsa(key, aesKey), iv: iv.toString('base64') },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().value.userName).toBe('newplayer');
  });

  it('refuses a body that does not decrypt', async () => {
    const res = await sut.app.inject({ method: 'POST', url: '/wps/session/login', payload: { encrypted: 'bm90IGVuY3J5cHRlZA==' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('APP_ERR_AUTH_DECRYPT_FAILED');
  });
});
