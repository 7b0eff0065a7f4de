import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captchaAnswered, freshIp, type Headers, smsCode, solveAltcha } from '../../../test/auth.ts';
import { brazilRegistration } from '../../../test/market.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import { members } from '../members/members.tables.ts';
import { sessions, verificationCodes } from './auth.tables.ts';

let sut: TestApp;
beforeAll(async () => {
  sut = await buildTestApp();
});
afterAll(() => sut.close());

const uemoa = { merchant: 'UEMOA' };
let serial = 0;
/** A fresh Brazilian (or Senegalese) mobile number. */
const brNumber = () => `119${String(++serial).padStart(8, '0')}`;
const snNumber = () => `7712${String(++serial).padStart(5, '0')}`;

async function counts() {
  const [m] = await sut.database.db.select({ n: count() }).from(members);
  const [s] = await sut.database.db.select({ n: count() }).from(sessions);
  return { members: m?.n, sessions: s?.n };
}

/** A complete, valid username registration for BRAZIL, with a captcha and an SMS code already obtained. */
async function brazilBody(username: string, over: Record<string, unknown> = {}) {
  const mobileNum = brNumber();
  const verificationCode = await smsCode(sut.app, sut.database.db, '/wps/verification/sms/register', '+55', mobileNum);
  return {
    username,
    password: 'Secret123',
    confirmPassword: 'Secret123',
    countryDialingCode: '+55',
    mobileNum,
    verificationCode,
    agreeTerms: true,
    registerMethod: 'WEB',
    login: true,
    ...brazilRegistration(),
    ...(await captchaAnswered(sut.app, sut.database.db)),
    ...over,
  };
}

const register = (payload: object, headers: Headers = {}, url = '/wps/member/register') =>
  sut.app.inject({ method: 'PUT', url, headers, payload, remoteAddress: freshIp() });

describe('registration by username', () => {
  it('creates the account, logs it in and keeps the verified mobile number', async () => {
    const res = await register(await brazilBody('Newbie01', { email: 'newbie@mail.com' }));
    expect(res.statusCode).toBe(200);
    const value = res.json().value;
    expect(value).toMatchObject({ userName: 'Newbie01', firstTimeLogin: false, passwordExpired: false, isAgent: 0 });
    const me = (
      await sut.app.inject({ method: 'GET', url: '/wps/member/info', headers: { authorization: `Bearer ${value.token}` } })
    ).json().value;
    expect(me).toMatchObject({ account: 'Newbie01', type: 0, toUpline: '', hasPassword: true });
    const [row] = await sut.database.db.select().from(members).where(eq(members.account, 'Newbie01'));
    expect(row).toMatchObject({ email: 'newbie@mail.com', countryDialingCode: '+55' });
    expect(row?.mobile).toMatch(/^\+55119\d{8}$/);
    expect(row?.mobileVerifiedAt).not.toBeNull();
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('accepts POST as well as PUT', async () => {
    const res = await sut.app.inject({
      method: 'POST',
      url: '/wps/member/register',
      payload: await brazilBody('PostUser1'),
      remoteAddress: freshIp(),
    });
    expect(res.statusCode).toBe(200);
  });

  it('checks every rule of the merchant on the server, with field errors', async () => {
    const res = await register({
      username: '1abc',
      password: 'short',
      confirmPassword: 'other',
      mobileNum: '12ab',
      email: 'not-an-email',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().value.fields).toEqual([
      { field: 'username', message: 'validation.reg_pattern_1', params: { min: 6, max: 16, range: '6-16' } },
      { field: 'password', message: 'validation.reg_pattern_6', params: { min: 8, max: 20, range: '8-20' } },
      { field: 'confirmPassword', message: 'validation.confirm_mismatch' },
      { field: 'mobileNum', message: 'validation.reg_pattern_4', params: { min: 6, max: 15, range: '6-15' } },
      { field: 'verificationCode', message: 'validation.required' },
      { field: 'email', message: 'validation.reg_pattern_3', params: { min: 5, max: 64, range: '5-64' } },
      { field: 'captcha', message: 'validation.required' },
      // Brazil's market rules: CPF, birth date, loss and session-time limits (market-registration.test.ts).
      { field: 'cpf', message: 'validation.required' },
      { field: 'birthDate', message: 'validation.required' },
      { field: 'lossLimit', message: 'validation.limit_required' },
      { field: 'sessionLimit', message: 'validation.limit_required' },
      { field: 'agreeTerms', message: 'validation.agree_terms' },
    ]);
  });

  it("requires the other merchant's fields: payee name in UEMOA", async () => {
    const res = await register({ username: 'lionfan01', password: 'Secret123', confirmPassword: 'Secret123', agreeTerms: true }, uemoa);
    const fields = res.json().value.fields.map((f: { field: string }) => f.field);
    expect(fields).toContain('payeeName');
    expect(fields).not.toContain('email');
  });

  it('refuses an invalid mobile number for its region', async () => {
    const res = await register(await brazilBody('BadPhone1', { mobileNum: '1234567' }));
    expect(res.json().value.fields).toEqual([{ field: 'mobileNum', message: 'validation.mobile_invalid' }]);
  });

  it('refuses a wrong captcha and a wrong SMS code, and stores nothing', async () => {
    const before = await counts();
    const wrongCaptcha = await register(await brazilBody('Captcha01', { captcha: 'ZZZZ' }));
    expect(wrongCaptcha.json()).toMatchObject({ code: 'APP_ERR_AUTH_CAPTCHA_WRONG', message: 'error.captcha_wrong' });
    const body = await brazilBody('SmsCode01');
    const wrongCode = await register({ ...body, verificationCode: body.verificationCode === '000000' ? '111111' : '000000' });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json()).toMatchObject({ code: 'APP_ERR_VERIFICATION_CODE_INVALID', message: 'error.verification_code_invalid' });
    expect(await counts()).toEqual(before);
    // The right code still works afterwards: the failed registration did not spend it.
    const retry = await register({ ...body, ...(await captchaAnswered(sut.app, sut.database.db)) });
    expect(retry.statusCode).toBe(200);
  });

  it('refuses an invalid invitation code with invitation_code_error and registers under a valid one', async () => {
    const before = await counts();
    const bad = await register(await brazilBody('Invited01', { affiliateCode: 'NOPE99' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'APP_ERR_AUTH_INVITATION_CODE_INVALID', message: 'invitation_code_error' });
    const badLink = await register(await brazilBody('Invited01', { referralCode: 'NOPE99' }));
    expect(badLink.json().code).toBe('APP_ERR_AUTH_INVITATION_CODE_INVALID');
    expect(await counts()).toEqual(before);
    const good = await register(await brazilBody('Invited01', { referralCode: 'bragent1' }));
    const token = good.json().value.token;
    const me = (await sut.app.inject({ method: 'GET', url: '/wps/member/info', headers: { authorization: `Bearer ${token}` } })).json()
      .value;
    expect(me.toUpline).toBe('demoagent');
  });

  it('refuses a taken account name whatever its case, and a taken mobile number', async () => {
    const taken = await register(await brazilBody('DEMOPLAYER'));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'APP_ERR_MEMBER_ACCOUNT_TAKEN', message: 'error.account_taken' });
    const altcha = await solveAltcha(sut.app);
    const sms = await sut.app.inject({
      method: 'POST',
      url: '/wps/verification/sms/register',
      remoteAddress: freshIp(),
      payload: { countryDialingCode: '+55', mobileNo: '11987654321', altcha },
    });
    expect(sms.statusCode).toBe(409);
    expect(sms.json()).toMatchObject({ code: 'APP_ERR_MEMBER_MOBILE_TAKEN', message: 'error.mobile_taken' });
  });

  it('leaves exactly one account when two registrations of one name race', async () => {
    const [a, b] = await Promise.all([brazilBody('RaceName1'), brazilBody('racename1')]);
    const results = await Promise.all([register(a), register(b)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)?.json().code).toBe('APP_ERR_MEMBER_ACCOUNT_TAKEN');
    const [row] = await sut.database.db.select({ n: count() }).from(members).where(sql`lower(${members.account}) = 'racename1'`);
    expect(row?.n).toBe(1);
  });

  it('refuses registration where the merchant has it off', async () => {
    const brazil = (await sut.app.inject({ method: 'GET', url: '/wps/system/permission' })).json().value;
    expect(brazil.info.merchant.merchantCode).toBe('BRAZIL');
    const { merchants } = await import('../merchants/merchants.tables.ts');
    const [row] = await sut.database.db.select().from(merchants).where(eq(merchants.code, 'UEMOA'));
    if (!row) throw new Error('seed missing');
    const off = JSON.parse(JSON.stringify(row.whitelabel).replace('"USERNAMEREG3","enabled":"1"', '"USERNAMEREG3","enabled":"0"'));
    await sut.database.db.update(merchants).set({ whitelabel: off }).where(eq(merchants.id, row.id));
    try {
      const res = await register({ username: 'closed001' }, uemoa);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('APP_ERR_AUTH_FEATURE_DISABLED');
    } finally {
      await sut.database.db.update(merchants).set({ whitelabel: row.whitelabel }).where(eq(merchants.id, row.id));
    }
  });
});

describe('registration by mobile number', () => {
  it('generates the account, keeps no password when MOBILENUMPASSREG3 is off, and logs in', async () => {
    const mobileNum = brNumber();
    const verificationCode = await smsCode(sut.app, sut.database.db, '/wps/verification/sms/register', '+55', mobileNum);
    const res = await register(
      {
        countryDialingCode: '+55',
        mobileNum,
        verificationCode,
        password: 'Ignored123',
        agreeTerms: true,
        ...brazilRegistration(),
        ...(await captchaAnswered(sut.app, sut.database.db)),
      },
      {},
      '/wps/member/register/mobile',
    );
    expect(res.statusCode).toBe(200);
    const { userName, token } = res.json().value;
    expect(userName).toMatch(/^m\d{9}$/);
    const me = (await sut.app.inject({ method: 'GET', url: '/wps/member/info', headers: { authorization: `Bearer ${token}` } })).json()
      .value;
    expect(me).toMatchObject({ account: userName, hasPassword: false });
    // The code was spent.
    const [code] = await sut.database.db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.target, `+55${mobileNum}`));
    expect(code?.usedAt).not.toBeNull();
  });

  it('takes an optional password where MOBILENUMPASSREG3 is on (UEMOA), checked by the password rule', async () => {
    const register2 = async (extra: object) => {
      const mobileNum = snNumber();
      const verificationCode = await smsCode(sut.app, sut.database.db, '/wps/verification/sms/register', '+221', mobileNum, {
        headers: uemoa,
      });
      return register(
        {
          countryDialingCode: '+221',
          mobileNum,
          verificationCode,
          payeeName: 'Aminata Diallo',
          agreeTerms: true,
          ...(await captchaAnswered(sut.app, sut.database.db, uemoa)),
          ...extra,
        },
        uemoa,
        '/wps/member/register/mobile',
      );
    };
    const weak = await register2({ password: 'abc', confirmPassword: 'abc' });
    expect(weak.json().value.fields[0]).toMatchObject({ field: 'password', message: 'validation.reg_pattern_6' });
    const withPassword = await register2({ password: 'Secret123', confirmPassword: 'Secret123' });
    expect(withPassword.statusCode).toBe(200);
    const token = withPassword.json().value.token;
    const me = (
      await sut.app.inject({ method: 'GET', url: '/wps/member/info', headers: { ...uemoa, authorization: `Bearer ${token}` } })
    ).json().value;
    expect(me.hasPassword).toBe(true);
    const without = await register2({});
    expect(without.statusCode).toBe(200);
  });

  it('requires the SMS code', async () => {
    const res = await register(
      {
        countryDialingCode: '+55',
        mobileNum: brNumber(),
        agreeTerms: true,
        ...brazilRegistration(),
        ...(await captchaAnswered(sut.app, sut.database.db)),
      },
      {},
      '/wps/member/register/mobile',
    );
    expect(res.json().value.fields).toEqual([{ field: 'verificationCode', message: 'validation.required' }]);
  });
});

describe('affiliate check', () => {
  it('names the agent of a valid code (any case) and refuses an unknown one', async () => {
    const get = await sut.app.inject({ method: 'GET', url: '/wps/agent/affiliate?code=bragent1&domain=br.localhost' });
    expect(get.json().value).toEqual({ valid: true, code: 'bragent1', agent: 'demoagent' });
    const post = await sut.app.inject({
      method: 'POST',
      url: '/wps/agent/affiliate',
      payload: { code: 'UEAGENT1', domain: 'uemoa.localhost' },
      headers: uemoa,
    });
    expect(post.json().value.agent).toBe('demoagent');
    // Codes belong to their merchant.
    const other = await sut.app.inject({ method: 'POST', url: '/wps/agent/affiliate', payload: { code: 'UEAGENT1' } });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({ code: 'APP_ERR_AUTH_INVITATION_CODE_INVALID', message: 'invitation_code_error' });
  });
});
