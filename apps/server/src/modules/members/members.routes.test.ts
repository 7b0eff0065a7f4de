import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshIp, lastCode, loginRequest, smsCode, tokenOf } from '../../../test/auth.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import { ageCounterForTest } from '../auth/auth.repository.ts';
import { listMerchants } from '../merchants/merchants.repository.ts';
import { createMember } from './members.service.ts';

let sut: TestApp;
beforeAll(async () => {
  sut = await buildTestApp();
});
afterAll(() => sut.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const call = (token: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  sut.app.inject({ method, url, headers: bearer(token), payload, remoteAddress: freshIp() });

describe('security centre', () => {
  it('shows what is bound, masked', async () => {
    const token = await tokenOf(sut.app, 'demoplayer', 'Demo1234');
    const res = await call(token, 'GET', '/wps/member/security');
    expect(res.json().value).toMatchObject({
      account: 'demoplayer',
      mobile: '+55 119****4321',
      countryDialingCode: '+55',
      email: 'de***@brazil.example',
      hasPassword: true,
      hasPaymentPassword: false,
    });
  });

  it('changes the nickname, refusing a blank or too long one', async () => {
    const token = await tokenOf(sut.app, 'demoplayer', 'Demo1234');
    expect((await call(token, 'PUT', '/wps/member/nickname', { nickname: '  Lucky Star ' })).statusCode).toBe(200);
    expect((await call(token, 'GET', '/wps/member/info')).json().value.nickname).toBe('Lucky Star');
    expect((await call(token, 'PUT', '/wps/member/nickname', { nickname: '   ' })).statusCode).toBe(400);
    expect((await call(token, 'PUT', '/wps/member/nickname', { nickname: 'x'.repeat(21) })).statusCode).toBe(400);
  });

  it('binds an email with a code sent to it, and asks for the password to replace it', async () => {
    const token = await tokenOf(sut.app, 'oldplayer', 'Demo1234', { merchant: 'UEMOA' });
    const uemoaCall = (method: 'PUT' | 'POST', url: string, payload: object) =>
      sut.app.inject({ method, url, headers: { ...bearer(token), merchant: 'UEMOA' }, payload, remoteAddress: freshIp() });
    const sent = await uemoaCall('POST', '/wps/verification/email/bind', { email: 'Old.Player@Mail.com' });
    expect(sent.json().value.expiredMinutes).toBe(5);
    const code = await lastCode(sut.database.db, 'old.player@mail.com');
    expect(
      (
        await uemoaCall('PUT', '/wps/member/email', {
          email: 'old.player@mail.com',
          verificationCode: '999999' === code ? '000000' : '999999',
        })
      ).statusCode,
    ).toBe(400);
    expect((await uemoaCall('PUT', '/wps/member/email', { email: 'old.player@mail.com', verificationCode: code })).statusCode).toBe(200);
    const security = await sut.app.inject({ method: 'GET', url: '/wps/member/security', headers: { ...bearer(token), merchant: 'UEMOA' } });
    expect(security.json().value.email).toBe('ol***@mail.com');

    // Replacing it needs the current password as well.
    await uemoaCall('POST', '/wps/verification/email/bind', { email: 'new@mail.com' });
    const next = await lastCode(sut.database.db, 'new@mail.com');
    const noPassword = await uemoaCall('PUT', '/wps/member/email', { email: 'new@mail.com', verificationCode: next });
    expect(noPassword.json().value.fields).toEqual([{ field: 'password', message: 'validation.required' }]);
    const wrongPassword = await uemoaCall('PUT', '/wps/member/email', { email: 'new@mail.com', verificationCode: next, password: 'nope' });
    expect(wrongPassword.json().code).toBe('APP_ERR_AUTH_OLD_PASSWORD_WRONG');
    expect(
      (await uemoaCall('PUT', '/wps/member/email', { email: 'new@mail.com', verificationCode: next, password: 'Demo1234' })).statusCode,
    ).toBe(200);
    // An address that is not one is refused before any code is looked at.
    expect((await uemoaCall('PUT', '/wps/member/email', { email: 'bad', verificationCode: next })).json().value.fields[0].message).toBe(
      'validation.email_invalid',
    );
  });

  it("binds a mobile number with its code, never another member's number", async () => {
    const token = await tokenOf(sut.app, 'newplayer', 'Welcome1');
    const taken = await call(token, 'POST', '/wps/verification/sms/bind', { countryDialingCode: '+55', mobileNum: '11987654321' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('APP_ERR_MEMBER_MOBILE_TAKEN');
    const code = await smsCode(sut.app, sut.database.db, '/wps/verification/sms/bind', '+55', '11944440001', { token });
    const res = await call(token, 'PUT', '/wps/member/mobile', {
      countryDialingCode: '+55',
      mobileNum: '11944440001',
      verificationCode: code,
    });
    expect(res.statusCode).toBe(200);
    expect((await call(token, 'GET', '/wps/member/security')).json().value.mobile).toBe('+55 119****0001');
    // The code is spent.
    await ageCounterForTest(sut.database.db, 'send:cool:sms:+5511944440001', 61_000);
    const again = await call(token, 'PUT', '/wps/member/mobile', {
      countryDialingCode: '+55',
      mobileNum: '11944440001',
      verificationCode: code,
      password: 'Welcome1',
    });
    expect(again.json().code).toBe('APP_ERR_VERIFICATION_CODE_INVALID');
  });

  it('lists the latest logins with time, IP and country, and the login before this one', async () => {
    await loginRequest(sut.app, { username: 'demoagent', password: 'Demo1234' }, { remoteAddress: '200.147.67.142' });
    const token = await tokenOf(sut.app, 'demoagent', 'Demo1234');
    const res = (await call(token, 'GET', '/wps/member/loginHistory?pageSize=5')).json().value;
    expect(res.list).toHaveLength(2);
    expect(res.list[0]).toMatchObject({ ip: '127.0.0.1', type: 'username' });
    expect(res.list[1]).toMatchObject({ ip: '200.147.67.142', country: 'Brazil', countryCode: 'BR', type: 'username' });
    expect(res.previousLoginAt).toBe(res.list[1].time);
  });
});

describe('member accounts', () => {
  it('lets the database refuse a second account of one name in any case, per merchant', async () => {
    const [brazil, uemoa] = await listMerchants(sut.database.db);
    if (!brazil || !uemoa) throw new Error('seed missing');
    await createMember(sut.database.db, { merchantId: brazil.id, account: 'Twin01' });
    await expect(createMember(sut.database.db, { merchantId: brazil.id, account: 'TWIN01' })).rejects.toMatchObject({
      code: 'APP_ERR_MEMBER_ACCOUNT_TAKEN',
    });
    await expect(createMember(sut.database.db, { merchantId: uemoa.id, account: 'twin01' })).resolves.toMatchObject({ account: 'twin01' });
    await expect(
      createMember(sut.database.db, { merchantId: brazil.id, account: 'Twin02', mobile: '+5511987654321' }),
    ).rejects.toMatchObject({
      code: 'APP_ERR_MEMBER_MOBILE_TAKEN',
    });
  });
});
