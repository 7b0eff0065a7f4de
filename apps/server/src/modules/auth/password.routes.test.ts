import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captchaAnswered, freshIp, loginRequest, smsCode, tokenOf } from '../../../test/auth.ts';
import { brazilRegistration } from '../../../test/market.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import { ageCounterForTest } from '../../platform/attempts.ts';
import { outbox } from '../messaging/messaging.tables.ts';
import { loadAuthConfig } from './auth.config.ts';
import { PasswordHasher } from './passwords.ts';

let sut: TestApp;
beforeAll(async () => {
  sut = await buildTestApp();
});
afterAll(() => sut.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const info = (token: string, headers: Record<string, string> = {}) =>
  sut.app.inject({ method: 'GET', url: '/wps/member/info', headers: { ...headers, ...bearer(token) } });
const changePassword = (token: string, payload: object, method: 'PUT' | 'POST' = 'PUT') =>
  sut.app.inject({ method, url: '/wps/member/password', headers: bearer(token), payload });
const canLogIn = async (username: string, password: string, headers: Record<string, string> = {}) =>
  (await loginRequest(sut.app, { username, password }, { headers, remoteAddress: freshIp() })).statusCode === 200;

describe('password hashing', () => {
  it('uses argon2id at the OWASP cost in service', async () => {
    const standard = loadAuthConfig({});
    expect(standard.passwordHash).toEqual({ memoryCost: 19_456, timeCost: 2 });
    const hash = await new PasswordHasher(standard.passwordHash).hash('Demo1234');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    // The test cost is refused outside Vitest.
    expect(loadAuthConfig({ PASSWORD_HASH_COST: 'test' }).passwordHash.memoryCost).toBe(19_456);
    expect(loadAuthConfig({ PASSWORD_HASH_COST: 'test', VITEST: 'true' }).passwordHash.memoryCost).toBe(64);
  });
});

describe('change password', () => {
  it('needs the old password, the password rule and a matching confirmation, with field errors', async () => {
    const token = await tokenOf(sut.app, 'newplayer', 'Welcome1');
    const res = await changePassword(token, { newPassword: 'abc', confirmNewPassword: 'abd' });
    expect(res.statusCode).toBe(400);
    expect(res.json().value.fields).toEqual([
      { field: 'oldPassword', message: 'validation.required' },
      { field: 'newPassword', message: 'validation.reg_pattern_6', params: { min: 8, max: 20, range: '8-20' } },
      { field: 'confirmNewPassword', message: 'validation.confirm_mismatch' },
    ]);
    const wrongOld = await changePassword(token, { oldPassword: 'Nope1234', newPassword: 'Fresh123', confirmNewPassword: 'Fresh123' });
    expect(wrongOld.statusCode).toBe(400);
    expect(wrongOld.json()).toMatchObject({
      code: 'APP_ERR_AUTH_OLD_PASSWORD_WRONG',
      message: 'error.old_password_wrong',
      value: { fields: [{ field: 'oldPassword', message: 'error.old_password_wrong' }] },
    });
    const same = await changePassword(token, { oldPassword: 'Welcome1', newPassword: 'Welcome1', confirmNewPassword: 'Welcome1' });
    expect(same.json().value.fields).toEqual([{ field: 'newPassword', message: 'validation.password_same_as_old' }]);
  });

  it('changes it, clears the forced change, keeps this session and ends the others', async () => {
    const other = await tokenOf(sut.app, 'newplayer', 'Welcome1', { merchant: 'UEMOA' });
    const elsewhere = await tokenOf(sut.app, 'newplayer', 'Welcome1');
    const token = await tokenOf(sut.app, 'newplayer', 'Welcome1');
    expect((await info(token)).json().value.cpw).toBe(true);
    const res = await changePassword(token, { oldPassword: 'Welcome1', newPassword: 'Fresh1234', confirmNewPassword: 'Fresh1234' }, 'POST');
    expect(res.json()).toEqual({ success: true, message: 'success', value: null });
    expect((await info(token)).json().value.cpw).toBe(false);
    expect((await info(elsewhere)).statusCode).toBe(401);
    // The same account name of another merchant is another member, untouched.
    expect((await info(other, { merchant: 'UEMOA' })).statusCode).toBe(200);
    expect(await canLogIn('newplayer', 'Welcome1')).toBe(false);
    expect(await canLogIn('newplayer', 'Fresh1234')).toBe(true);
  });

  it('needs no old password from a member registered by mobile without one', async () => {
    const mobileNum = '11955550001';
    const verificationCode = await smsCode(sut.app, sut.database.db, '/wps/verification/sms/register', '+55', mobileNum);
    const reg = await sut.app.inject({
      method: 'PUT',
      url: '/wps/member/register/mobile',
      remoteAddress: freshIp(),
      payload: {
        countryDialingCode: '+55',
        mobileNum,
        verificationCode,
        agreeTerms: true,
        ...brazilRegistration(),
        ...(await captchaAnswered(sut.app, sut.database.db)),
      },
    });
    const { token, userName } = reg.json().value;
    const res = await changePassword(token, { newPassword: 'First1234', confirmNewPassword: 'First1234' });
    expect(res.statusCode).toBe(200);
    expect(await canLogIn(userName, 'First1234')).toBe(true);
  });

  it('refuses without a session', async () => {
    const res = await sut.app.inject({
      method: 'PUT',
      url: '/wps/member/password',
      payload: { newPassword: 'x', confirmNewPassword: 'x' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('forgot password by email', () => {
  const form = (body: Record<string, string>, headers: Record<string, string> = {}) =>
    sut.app.inject({
      method: 'POST',
      url: '/wps/member/password/email',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      remoteAddress: freshIp(),
      payload: new URLSearchParams(body).toString(),
    });

  it('says "Username/Email does not exist" when they do not match', async () => {
    const res = await form({ username: 'demoplayer', email: 'someone@else.com' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'APP_ERR_MEMBER_USERNAME_EMAIL_NOT_FOUND', message: 'error.username_email_not_exist' });
    const invalid = await form({ username: '', email: 'nope' });
    expect(invalid.json().value.fields).toEqual([
      { field: 'username', message: 'validation.required' },
      { field: 'email', message: 'validation.email_invalid' },
    ]);
  });

  it('emails a single-use reset link that sets the password and ends every session', async () => {
    const session = await tokenOf(sut.app, 'demoplayer', 'Demo1234');
    const res = await form({ username: 'DemoPlayer', email: 'DEMOPLAYER@brazil.example' });
    expect(res.json()).toEqual({ success: true, message: 'success', value: { sent: true } });
    const [mail] = await sut.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.to, 'demoplayer@brazil.example'))
      .orderBy(desc(outbox.id))
      .limit(1);
    expect(mail?.channel).toBe('email');
    const token = mail?.body.match(/resetPassword\?token=([\w-]+)/)?.[1];
    if (!token) throw new Error(`no link in ${mail?.body}`);
    const reset = (newPassword: string) =>
      sut.app.inject({
        method: 'POST',
        url: '/wps/member/password/reset',
        payload: { token, newPassword, confirmNewPassword: newPassword },
      });
    expect((await reset('short')).json().value.fields[0].field).toBe('newPassword');
    expect((await reset('Reset1234')).statusCode).toBe(200);
    expect((await info(session)).statusCode).toBe(401);
    expect(await canLogIn('demoplayer', 'Reset1234')).toBe(true);
    const again = await reset('Again1234');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'APP_ERR_AUTH_RESET_TOKEN_INVALID', message: 'error.reset_link_invalid' });
  });

  it('also takes JSON', async () => {
    const res = await sut.app.inject({
      method: 'POST',
      url: '/wps/member/password/email',
      remoteAddress: freshIp(),
      payload: { username: 'demoplayer', email: 'demoplayer@brazil.example' },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('forgot password by phone', () => {
  it('sets the new password with an SMS code and logs in with it, ending other sessions', async () => {
    const old = await tokenOf(sut.app, 'demoagent', 'Demo1234');
    // Bind a number to the agent first (through the security centre).
    const bindCode = await smsCode(sut.app, sut.database.db, '/wps/verification/sms/bind', '+55', '11955550099', { token: old });
    const bind = await sut.app.inject({
      method: 'PUT',
      url: '/wps/member/mobile',
      headers: bearer(old),
      payload: { countryDialingCode: '+55', mobileNum: '11955550099', verificationCode: bindCode },
    });
    expect(bind.statusCode).toBe(200);
    // A number gets one code a minute, whatever for.
    await ageCounterForTest(sut.database.db, 'send:cool:sms:+5511955550099', 61_000);
    const code = await smsCode(sut.app, sut.database.db, '/wps/verification/sms/noLogin', '+55', '11955550099');
    const res = await sut.app.inject({
      method: 'POST',
      url: '/wps/member/password/verification',
      remoteAddress: freshIp(),
      payload: {
        countryDialingCode: '+55',
        mobileNum: '11955550099',
        verificationCode: code,
        newPassword: 'Phone1234',
        confirmNewPassword: 'Phone1234',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toMatchObject({ userName: 'demoagent', firstTimeLogin: false });
    expect((await info(res.json().value.token)).statusCode).toBe(200);
    expect((await info(old)).statusCode).toBe(401);
    expect(await canLogIn('demoagent', 'Phone1234')).toBe(true);
  });

  it('refuses a wrong code and a merchant without CHNGPASSVERIF3', async () => {
    const wrong = await sut.app.inject({
      method: 'POST',
      url: '/wps/member/password/verification',
      payload: { countryDialingCode: '+55', mobileNum: '11987654321', verificationCode: '123456', newPassword: 'Phone1234' },
    });
    expect(wrong.json().code).toBe('APP_ERR_VERIFICATION_CODE_INVALID');
    const off = await sut.app.inject({
      method: 'POST',
      url: '/wps/member/password/verification',
      headers: { merchant: 'UEMOA' },
      payload: { countryDialingCode: '+221', mobileNum: '771234567', verificationCode: '123456', newPassword: 'Phone1234' },
    });
    expect(off.statusCode).toBe(403);
    expect(off.json().code).toBe('APP_ERR_AUTH_FEATURE_DISABLED');
  });
});
