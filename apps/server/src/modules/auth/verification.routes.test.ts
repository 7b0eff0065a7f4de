import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshIp, lastCode, outboxCount, solveAltcha } from '../../../test/auth.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import { ageCounterForTest } from '../../platform/attempts.ts';
import { verificationCodes } from './auth.tables.ts';

let sut: TestApp;
beforeAll(async () => {
  sut = await buildTestApp();
});
afterAll(() => sut.close());

let serial = 500;
const brNumber = () => `119${String(++serial).padStart(8, '0')}`;

async function send(mobileNum: string, opts: { ip?: string; url?: string; altcha?: string | null; headers?: Record<string, string> } = {}) {
  const altcha = opts.altcha === null ? undefined : (opts.altcha ?? (await solveAltcha(sut.app)));
  return sut.app.inject({
    method: 'POST',
    url: opts.url ?? '/wps/verification/sms/register',
    headers: opts.headers,
    remoteAddress: opts.ip ?? freshIp(),
    payload: { countryDialingCode: '+55', mobileNum, altcha },
  });
}

const smsLogin = (mobileNum: string, code: string) =>
  sut.app.inject({
    method: 'POST',
    url: '/wps/session/login',
    remoteAddress: freshIp(),
    payload: { type: 'sms', countryDialingCode: '+55', mobileNum, code },
  });

describe('sending codes', () => {
  it('sends a 6-digit code valid 5 minutes, to the outbox, in the reader language', async () => {
    const mobileNum = brNumber();
    const res = await send(mobileNum, { headers: { language: 'PT' } });
    expect(res.statusCode).toBe(200);
    const value = res.json().value;
    expect(value).toMatchObject({ expiredMinutes: 5, resendAfterSeconds: 60 });
    expect(value.expirationTime).toBeGreaterThan(Date.now() + 4 * 60_000);
    expect(await lastCode(sut.database.db, `+55${mobileNum}`)).toMatch(/^\d{6}$/);
    const [row] = await sut.database.db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.target, `+55${mobileNum}`));
    // Stored hashed, never readable.
    expect(row?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.codeHash).not.toContain(await lastCode(sut.database.db, `+55${mobileNum}`));
    const outbox = (await sut.app.inject({ method: 'GET', url: `/wps/dev/outbox?to=%2B55${mobileNum}` })).json().value;
    expect(outbox[0].body).toContain('código de verificação');
  });

  it('needs a solved bot check and a valid number', async () => {
    const noBot = await send(brNumber(), { altcha: null });
    expect(noBot.json().code).toBe('APP_ERR_AUTH_BOT_CHECK_FAILED');
    const bad = await send('12345');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().value.fields).toEqual([{ field: 'mobileNum', message: 'validation.mobile_invalid' }]);
  });

  it('sends at most once a second from one address', async () => {
    const ip = freshIp();
    expect((await send(brNumber(), { ip })).statusCode).toBe(200);
    const second = await send(brNumber(), { ip });
    expect(second.statusCode).toBe(429);
    expect(second.json().code).toBe('APP_ERR_RATE_LIMITED');
    await new Promise((r) => setTimeout(r, 1100));
    expect((await send(brNumber(), { ip })).statusCode).toBe(200);
  });

  it('waits 60 seconds between codes to one number, and refuses the number for 5 minutes after 5 in an hour', async () => {
    const mobileNum = brNumber();
    const who = `sms:+55${mobileNum}`;
    expect((await send(mobileNum)).statusCode).toBe(200);
    const soon = await send(mobileNum);
    expect(soon.statusCode).toBe(429);
    expect(soon.json()).toMatchObject({ code: 'APP_ERR_VERIFICATION_TOO_SOON', message: 'error.sms_too_soon' });
    expect(soon.json().value.retryAfterSeconds).toBeGreaterThan(55);
    for (let i = 2; i <= 5; i++) {
      await ageCounterForTest(sut.database.db, `send:cool:${who}`, 61_000);
      expect((await send(mobileNum)).statusCode).toBe(200);
    }
    await ageCounterForTest(sut.database.db, `send:cool:${who}`, 61_000);
    const sixth = await send(mobileNum);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({ code: 'APP_ERR_VERIFICATION_TOO_MANY', message: 'error.phone_too_many_requests' });
    await ageCounterForTest(sut.database.db, `send:cool:${who}`, 61_000);
    expect((await send(mobileNum)).json().code).toBe('APP_ERR_VERIFICATION_TOO_MANY');
    await ageCounterForTest(sut.database.db, `send:block:${who}`, 5 * 60_000 + 1000);
    await ageCounterForTest(sut.database.db, `send:cool:${who}`, 61_000);
    expect((await send(mobileNum)).statusCode).toBe(200);
    expect(await outboxCount(sut.database.db, `+55${mobileNum}`)).toBe(6);
  });

  it('answers the same for an unknown number at the no-login path, and sends it nothing', async () => {
    const unknown = brNumber();
    const res = await send(unknown, { url: '/wps/verification/sms/noLogin' });
    expect(res.statusCode).toBe(200);
    expect(res.json().value.expiredMinutes).toBe(5);
    expect(await outboxCount(sut.database.db, `+55${unknown}`)).toBe(0);
    const known = await send('11987654321', { url: '/wps/verification/sms/noLogin' });
    expect(known.statusCode).toBe(200);
    expect(await outboxCount(sut.database.db, '+5511987654321')).toBe(1);
  });

  it('refuses the no-login code where neither SMS login nor reset by phone is on', async () => {
    const res = await sut.app.inject({
      method: 'POST',
      url: '/wps/verification/sms/noLogin',
      headers: { merchant: 'UEMOA' },
      payload: { countryDialingCode: '+221', mobileNum: '771234567', altcha: await solveAltcha(sut.app) },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('checking codes', () => {
  it('voids a code after 5 wrong tries, and only the newest code works', async () => {
    // The demo player's number: the no-login code serves SMS login.
    await ageCounterForTest(sut.database.db, 'send:cool:sms:+5511987654321', 61_000);
    await send('11987654321', { url: '/wps/verification/sms/noLogin' });
    const code = await lastCode(sut.database.db, '+5511987654321');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await smsLogin('11987654321', wrong)).json().code).toBe('APP_ERR_VERIFICATION_CODE_INVALID');
    expect((await smsLogin('11987654321', code)).json().code).toBe('APP_ERR_VERIFICATION_CODE_INVALID');

    await ageCounterForTest(sut.database.db, 'send:cool:sms:+5511987654321', 61_000);
    await send('11987654321', { url: '/wps/verification/sms/noLogin' });
    const first = await lastCode(sut.database.db, '+5511987654321');
    await ageCounterForTest(sut.database.db, 'send:cool:sms:+5511987654321', 61_000);
    await send('11987654321', { url: '/wps/verification/sms/noLogin' });
    const second = await lastCode(sut.database.db, '+5511987654321');
    if (first !== second) expect((await smsLogin('11987654321', first)).statusCode).toBe(400);
    expect((await smsLogin('11987654321', second)).statusCode).toBe(200);
  });

  it('refuses an expired code', async () => {
    await ageCounterForTest(sut.database.db, 'send:cool:sms:+5511987654321', 61_000);
    await send('11987654321', { url: '/wps/verification/sms/noLogin' });
    const code = await lastCode(sut.database.db, '+5511987654321');
    await sut.database.db
      .update(verificationCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verificationCodes.target, '+5511987654321'));
    expect((await smsLogin('11987654321', code)).json().code).toBe('APP_ERR_VERIFICATION_CODE_INVALID');
  });
});
