import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshIp, tokenOf } from '../../../test/auth.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import { ageSessionForTest, announceSessionsEnded } from './auth.repository.ts';
import { sessions } from './auth.tables.ts';
import { sessionCache } from './session-cache.ts';
import { closeOtherSessions, tokenHash } from './sessions.ts';

let sut: TestApp;
beforeAll(async () => {
  sut = await buildTestApp();
});
afterAll(() => sut.close());

const bearer = (token: string, extra: Record<string, string> = {}) => ({ authorization: `Bearer ${token}`, ...extra });
const info = (headers: Record<string, string>) => sut.app.inject({ method: 'GET', url: '/wps/member/info', headers });
/**
 * The tests below change session rows by SQL behind the server's back, as no server path does (those
 * forget the cached session or NOTIFY it): the node's session cache is told to forget them too.
 */
const forgetCachedSessions = () => sessionCache(sut.database.db).clear();

describe('sessions', () => {
  it('serves the member info of the token: account, type, upline, club label and member labels', async () => {
    const token = await tokenOf(sut.app, 'demoplayer', 'Demo1234');
    const res = await info(bearer(token));
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toMatchObject({
      account: 'demoplayer',
      nickname: 'Demo Player',
      type: 0,
      toUpline: 'demoagent',
      clubLabel: { labelName: 'Gold', color: '#1a1a1a', color2: '#f5c518', rankLevel: 3 },
      memberLabel: [{ labelName: 'VIP', color: '#1a1a1a', bgColor: '#f5c518' }],
      hasPassword: true,
      cpw: false,
    });
  });

  it('keeps only a hash of the token', async () => {
    const token = await tokenOf(sut.app, 'demoagent', 'Demo1234');
    const rows = await sut.database.db.select().from(sessions);
    expect(rows.some((r) => r.tokenHash === tokenHash(token))).toBe(true);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it.each([
    ['no token', {}],
    ['a malformed header', { authorization: 'Basic abc' }],
    ['an unknown token', { authorization: `Bearer ${'x'.repeat(43)}` }],
  ])('answers 401 "not logged in" for %s', async (_name, headers) => {
    const res = await info(headers);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, code: 'APP_ERR_AUTH_NOT_LOGGED_IN', message: 'error.not_logged_in' });
  });

  it('is valid only for its own merchant', async () => {
    const token = await tokenOf(sut.app, 'demoplayer', 'Demo1234');
    expect((await info(bearer(token, { merchant: 'UEMOA' }))).statusCode).toBe(401);
    expect((await info(bearer(token, { merchant: 'BRAZIL' }))).statusCode).toBe(200);
  });

  it('ends at logout, and the token then works nowhere', async () => {
    const token = await tokenOf(sut.app, 'demoplayer', 'Demo1234');
    const out = await sut.app.inject({ method: 'DELETE', url: '/wps/session/logout', headers: bearer(token) });
    expect(out.json()).toEqual({ success: true, message: 'success', value: null });
    expect((await info(bearer(token))).statusCode).toBe(401);
    expect((await sut.app.inject({ method: 'DELETE', url: '/wps/session/logout', headers: bearer(token) })).statusCode).toBe(401);
  });

  it('is refused by the very next call once revoked, though the node had it cached', async () => {
    const kept = await tokenOf(sut.app, 'demoagent', 'Demo1234');
    const other = await tokenOf(sut.app, 'demoagent', 'Demo1234');
    // Both sessions read once: both are in the node's session cache now.
    expect((await info(bearer(kept))).statusCode).toBe(200);
    expect((await info(bearer(other))).statusCode).toBe(200);
    expect(sessionCache(sut.database.db).get(tokenHash(other))).toBeDefined();
    const keptSession = sessionCache(sut.database.db).get(tokenHash(kept))?.session ?? null;
    await closeOtherSessions(sut.database.db, keptSession?.memberId ?? 0, keptSession);
    expect((await info(bearer(other))).statusCode).toBe(401);
    expect((await info(bearer(kept))).statusCode).toBe(200);
    // Logged out through the API: the next call with the token is refused.
    await sut.app.inject({ method: 'DELETE', url: '/wps/session/logout', headers: bearer(kept) });
    expect((await info(bearer(kept))).statusCode).toBe(401);
  });

  it('forgets a cached session when another node announces its end or a change of its member', async () => {
    const token = await tokenOf(sut.app, 'demoagent', 'Demo1234');
    expect((await info(bearer(token))).statusCode).toBe(200);
    const memberId = sessionCache(sut.database.db).get(tokenHash(token))?.member.id ?? 0;
    // Another node revokes it: its SQL, then its NOTIFY; this node hears it on the database's channel.
    const heard = new Promise<void>((resolve) => {
      void sut.database.listen('session_end', (payload) => {
        if (Number(payload) === memberId) resolve();
      });
    });
    await sut.database.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.tokenHash, tokenHash(token)));
    await announceSessionsEnded(sut.database.db, memberId);
    await heard;
    expect((await info(bearer(token))).statusCode).toBe(401);
  });

  it('ends after its idle time (Brazil’s market: 30 minutes; market-registration.test.ts), and slides while used', async () => {
    const token = await tokenOf(sut.app, 'demoplayer', 'Demo1234');
    const row = async () => (await sut.database.db.select().from(sessions)).find((s) => s.tokenHash === tokenHash(token));
    // Used 25 minutes later: still valid, and the last-seen time moves forward.
    await ageSessionForTest(sut.database.db, tokenHash(token), 25 * 60_000);
    forgetCachedSessions();
    const before = (await row())?.lastSeenAt.getTime() ?? 0;
    expect((await info(bearer(token))).statusCode).toBe(200);
    const touched = (await row())?.lastSeenAt.getTime() ?? 0;
    expect(touched).toBeGreaterThan(before + 20 * 60_000);
    // Used again at once: no second write within the minute.
    expect((await info(bearer(token))).statusCode).toBe(200);
    expect((await row())?.lastSeenAt.getTime()).toBe(touched);
    await ageSessionForTest(sut.database.db, tokenHash(token), 2 * 3_600_000 + 1000);
    forgetCachedSessions();
    expect((await info(bearer(token))).statusCode).toBe(401);
  });

  it('ends 7 days after login however active', async () => {
    const token = await tokenOf(sut.app, 'demoagent', 'Demo1234');
    // Six days in, with activity a moment ago, still valid.
    await sut.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 60_000) })
      .where((await import('drizzle-orm')).eq(sessions.tokenHash, tokenHash(token)));
    forgetCachedSessions();
    expect((await info(bearer(token))).statusCode).toBe(200);
    await sut.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where((await import('drizzle-orm')).eq(sessions.tokenHash, tokenHash(token)));
    forgetCachedSessions();
    expect((await info(bearer(token))).statusCode).toBe(401);
  });
});

describe('free play', () => {
  it('creates a trial account (type 4), logged in, that member-centre calls refuse', async () => {
    const res = await sut.app.inject({
      method: 'POST',
      url: '/wps/session/login/freeplay',
      remoteAddress: freshIp(),
      payload: { os: 'web', platform: 'W', random: 'abc', version: 3 },
    });
    expect(res.statusCode).toBe(200);
    const { token, userName, isAgent } = res.json().value;
    expect(isAgent).toBe(4);
    expect(userName).toMatch(/^t\d{9}$/);
    const me = (await info(bearer(token))).json().value;
    expect(me).toMatchObject({ account: userName, type: 4, hasPassword: false });
    for (const [method, url, payload] of [
      ['GET', '/wps/member/security', undefined],
      ['GET', '/wps/member/loginHistory', undefined],
      ['PUT', '/wps/member/nickname', { nickname: 'Trial' }],
      ['PUT', '/wps/member/password', { newPassword: 'Abcd1234', confirmNewPassword: 'Abcd1234' }],
    ] as const) {
      const refused = await sut.app.inject({ method, url, headers: bearer(token), payload });
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'APP_ERR_MEMBER_TRIAL', message: 'please_create_real_account' });
    }
  });

  it('is refused where the merchant has free play off', async () => {
    const res = await sut.app.inject({ method: 'POST', url: '/wps/session/login/freeplay', headers: { merchant: 'UEMOA' }, payload: {} });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('APP_ERR_AUTH_FEATURE_DISABLED');
  });

  it('limits trial accounts per address', async () => {
    const ip = freshIp();
    const codes: number[] = [];
    for (let i = 0; i < 11; i++)
      codes.push((await sut.app.inject({ method: 'POST', url: '/wps/session/login/freeplay', remoteAddress: ip })).statusCode);
    expect(codes.slice(0, 10).every((c) => c === 200)).toBe(true);
    expect(codes[10]).toBe(429);
  });
});
