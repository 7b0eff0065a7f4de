import { apiPaths, type WhitelabelNode } from '@platform/contract';
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshIp, lastCode, loginRequest } from '../../../test/auth.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import { merchants } from '../merchants/merchants.tables.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  // Brazil asks for a second step from new addresses.
  const [brazil] = await t.database.db.select().from(merchants).where(eq(merchants.code, 'BRAZIL'));
  const turnOn = (nodes: WhitelabelNode[]): WhitelabelNode[] =>
    nodes.map((n) => ({ ...n, enabled: n.modId === 'LOGIN2FA3' ? '1' : n.enabled, childrenNodes: turnOn(n.childrenNodes) }));
  await t.database.db
    .update(merchants)
    .set({ whitelabel: turnOn(brazil?.whitelabel ?? []) })
    .where(eq(merchants.code, 'BRAZIL'));
});
afterAll(() => t.close());

const post = (url: string, payload: object, remoteAddress: string, token?: string) =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress, headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('second step from a new address', () => {
  it('asks for a code sent by SMS, opens the session with it, and remembers the address', async () => {
    const ip = freshIp();
    const first = await loginRequest(t.app, { username: 'demoplayer', password: 'Demo1234' }, { remoteAddress: ip });
    expect(first.statusCode).toBe(403);
    expect(first.json().code).toBe('APP_ERR_AUTH_SECOND_STEP');
    const step = first.json().value;
    expect(step.methods).toEqual(expect.arrayContaining(['sms']));
    expect(step.mobile).toMatch(/\*\*\*\*4321$/);

    expect((await post(apiPaths.loginSecondStepSend, { challengeId: step.challengeId, method: 'sms' }, ip)).statusCode).toBe(200);
    const code = await lastCode(t.database.db, '+5511987654321');
    const wrong = await post(
      apiPaths.loginSecondStep,
      { challengeId: step.challengeId, method: 'sms', code: code === '000000' ? '111111' : '000000' },
      ip,
    );
    expect(wrong.json().code).toBe('APP_ERR_VERIFICATION_CODE_INVALID');
    // The challenge belongs to the address that started it.
    expect((await post(apiPaths.loginSecondStep, { challengeId: step.challengeId, method: 'sms', code }, freshIp())).json().code).toBe(
      'APP_ERR_AUTH_CHALLENGE_INVALID',
    );
    const done = await post(apiPaths.loginSecondStep, { challengeId: step.challengeId, method: 'sms', code }, ip);
    expect(done.statusCode).toBe(200);
    expect(done.json().value.token).toMatch(/^[\w-]{40,}$/);
    expect((await post(apiPaths.loginSecondStep, { challengeId: step.challengeId, method: 'sms', code }, ip)).json().code).toBe(
      'APP_ERR_AUTH_CHALLENGE_INVALID',
    );

    // The same address again: no second step.
    const again = await loginRequest(t.app, { username: 'demoplayer', password: 'Demo1234' }, { remoteAddress: ip });
    expect(again.statusCode).toBe(200);
  });

  it('accepts the authenticator app once the member has set it up', async () => {
    const home = freshIp();
    const step = (await loginRequest(t.app, { username: 'demoplayer', password: 'Demo1234' }, { remoteAddress: home })).json().value;
    // By e-mail this time (the SMS of the test before is still in its one-minute cool-down).
    expect(step.methods).toContain('email');
    expect(step.email).toBe('de***@brazil.example');
    const sent = await post(apiPaths.loginSecondStepSend, { challengeId: step.challengeId, method: 'email' }, home);
    expect(sent.statusCode).toBe(200);
    const code = await lastCode(t.database.db, 'demoplayer@brazil.example');
    const completed = (await post(apiPaths.loginSecondStep, { challengeId: step.challengeId, method: 'email', code }, home)).json();
    expect(completed.success).toBe(true);
    const token = completed.value.token;

    const setup = (await post(apiPaths.totp, {}, home, token)).json().value;
    expect(setup.otpauthUrl).toMatch(/^otpauth:\/\/totp\/Sorte%20Brasil:demoplayer\?/);
    const app = new TOTP({ secret: Secret.fromBase32(setup.secret), digits: 6, period: 30 });
    expect((await post(apiPaths.totpEnable, { code: '000000' === app.generate() ? '111111' : '000000' }, home, token)).statusCode).toBe(
      400,
    );
    const enableCode = app.generate();
    expect((await post(apiPaths.totpEnable, { code: enableCode }, home, token)).json().value).toEqual({ enabled: true });
    expect((await post(apiPaths.totp, {}, home, token)).json().code).toBe('APP_ERR_AUTH_TOTP_STATE');

    const away = freshIp();
    const next = (await loginRequest(t.app, { username: 'demoplayer', password: 'Demo1234' }, { remoteAddress: away })).json().value;
    expect(next.methods).toContain('totp');
    // The code that turned the app on cannot be used again: the next step's code can.
    expect(
      (await post(apiPaths.loginSecondStep, { challengeId: next.challengeId, method: 'totp', code: enableCode }, away)).json().code,
    ).toBe('APP_ERR_VERIFICATION_CODE_INVALID');
    const done = await post(
      apiPaths.loginSecondStep,
      { challengeId: next.challengeId, method: 'totp', code: app.generate({ timestamp: Date.now() + 30_000 }) },
      away,
    );
    expect(done.statusCode).toBe(200);
  });

  it('lets a member with nothing to check a second step against in, and never asks on merchants without the switch', async () => {
    // oldplayer has no mobile, no e-mail and no authenticator.
    const res = await loginRequest(t.app, { username: 'oldplayer', password: 'Demo1234' }, { remoteAddress: freshIp() });
    expect(res.statusCode).toBe(200);
    const uemoa = await loginRequest(
      t.app,
      { username: 'demoplayer', password: 'Demo1234' },
      { remoteAddress: freshIp(), headers: { merchant: 'UEMOA' } },
    );
    expect(uemoa.statusCode).toBe(200);
  });
});
