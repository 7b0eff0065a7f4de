import { adminPaths } from '@platform/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idleSessionForTest, makeOperator, sessionFor, totpCode } from '../../../test/operators.ts';
import { newPlayer } from '../../../test/payments.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import { sha256Hex } from '../../platform/digest.ts';
import { FIRST_OWNER } from '../../seed/operators.seed.ts';
import { loadAuthConfig } from '../auth/auth.config.ts';
import { PasswordHasher } from '../auth/passwords.ts';
import { operatorApiKeys, operators } from './operators.tables.ts';

let sut: TestApp;
const hasher = new PasswordHasher(loadAuthConfig().passwordHash);
beforeAll(async () => {
  sut = await buildTestApp();
});
afterAll(() => sut.close());

let nextIp = 1;
/** Each caller its own address, so that one test's failures never count against another's address limit. */
const freshAddress = () => `10.77.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`;

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token?: string, payload?: object, ip = '10.77.255.1') =>
  sut.app.inject({ method, url, headers: token ? { authorization: `Bearer ${token}` } : {}, payload, remoteAddress: ip });

/** An operator with a known password and an enrolled authenticator. */
async function operatorWithPassword(account: string, role: Parameters<typeof makeOperator>[1]['role'], merchants?: 'all' | string[]) {
  const password = `${account}-password-123`;
  const made = await makeOperator(sut.database.db, { account, role, merchants, passwordHash: await hasher.hash(password) });
  return { ...made, password };
}

/** Signs in with password and the authenticator's code of the next 30-second step (never the one used before). */
async function signIn(account: string, password: string, secret: string, ip = freshAddress()) {
  const login = await call('POST', adminPaths.login, undefined, { account, password }, ip);
  expect(login.json().value.step).toBe('totp');
  const token = login.json().value.token as string;
  const step = await call('POST', adminPaths.totp, token, { code: totpCode(secret, Date.now() + 30_000) }, ip);
  expect(step.json().value).toEqual({ step: 'done' });
  return token;
}

describe('the seeded owner’s first sign-in', () => {
  it('forces a new password, then an authenticator, then opens a session that a second sign-in reaches with a fresh code only', async () => {
    const ip = freshAddress();
    const first = await call('POST', adminPaths.login, undefined, FIRST_OWNER, ip);
    expect(first.statusCode).toBe(200);
    expect(first.json().value).toMatchObject({ step: 'change_password' });
    const token = first.json().value.token as string;

    // Nothing else works before the steps are taken.
    expect((await call('GET', adminPaths.me, token)).json().code).toBe('APP_ERR_OPERATOR_STEP_REQUIRED');
    expect((await call('POST', adminPaths.totpSetup, token)).json().code).toBe('APP_ERR_OPERATOR_STEP_REQUIRED');
    // The same password again, or one too short, is refused.
    const same = await call('POST', adminPaths.password, token, { newPassword: FIRST_OWNER.password }, ip);
    expect(same.json().value.fields).toEqual([{ field: 'newPassword', message: 'validation.invalid' }]);
    expect((await call('POST', adminPaths.password, token, { newPassword: 'short' }, ip)).statusCode).toBe(400);

    const changed = await call('POST', adminPaths.password, token, { newPassword: 'a much better owner password' }, ip);
    expect(changed.json().value).toEqual({ step: 'enrol_totp' });
    const setup = (await call('POST', adminPaths.totpSetup, token)).json().value;
    expect(setup.otpauthUrl).toMatch(/^otpauth:\/\/totp\/.*owner\?/);
    expect(setup.qrCode).toMatch(/^data:image\/png;base64,/);
    expect((await call('POST', adminPaths.totpEnrol, token, { code: '000000' })).json().code).toBe('APP_ERR_OPERATOR_TOTP_INVALID');
    const enrolCode = totpCode(setup.secret);
    expect((await call('POST', adminPaths.totpEnrol, token, { code: enrolCode })).json().value).toEqual({ step: 'done' });

    const me = (await call('GET', adminPaths.me, token)).json().value;
    expect(me).toMatchObject({
      via: 'session',
      operator: { account: 'owner', role: 'owner', merchants: 'all', mustChangePassword: false, totpEnabled: true },
    });
    expect(me.permissions).toContain('operators.manage');

    // Logged out, the token is dead.
    expect((await call('POST', adminPaths.logout, token)).json().value).toEqual({ loggedOut: true });
    expect((await call('GET', adminPaths.me, token)).statusCode).toBe(401);

    // The first password is gone; the new one leads to the code step.
    expect((await call('POST', adminPaths.login, undefined, FIRST_OWNER, ip)).json().code).toBe('APP_ERR_OPERATOR_LOGIN_FAILED');
    const again = (
      await call('POST', adminPaths.login, undefined, { account: 'OWNER', password: 'a much better owner password' }, ip)
    ).json().value;
    expect(again.step).toBe('totp');
    // The code used at enrolment is never accepted again, nor a wrong one.
    expect((await call('POST', adminPaths.totp, again.token, { code: enrolCode })).json().code).toBe('APP_ERR_OPERATOR_TOTP_INVALID');
    expect((await call('POST', adminPaths.totp, again.token, { code: 'abcdef' })).statusCode).toBe(400);
    const next = totpCode(setup.secret, Date.now() + 30_000);
    expect((await call('POST', adminPaths.totp, again.token, { code: next })).json().value).toEqual({ step: 'done' });
    expect((await call('GET', adminPaths.me, again.token)).statusCode).toBe(200);

    // A third sign-in with that same code is refused: a code works once.
    const third = (
      await call('POST', adminPaths.login, undefined, { account: 'owner', password: 'a much better owner password' }, ip)
    ).json().value;
    expect((await call('POST', adminPaths.totp, third.token, { code: next })).json().code).toBe('APP_ERR_OPERATOR_TOTP_INVALID');
    expect((await call('GET', adminPaths.me, third.token)).json().code).toBe('APP_ERR_OPERATOR_STEP_REQUIRED');
  });

  it('answers a wrong password and an unknown account alike', async () => {
    const unknown = await call('POST', adminPaths.login, undefined, { account: 'nobody-here', password: 'x'.repeat(12) }, freshAddress());
    const wrong = await call('POST', adminPaths.login, undefined, { account: 'owner', password: 'x'.repeat(12) }, freshAddress());
    expect([unknown.statusCode, unknown.json().code]).toEqual([401, 'APP_ERR_OPERATOR_LOGIN_FAILED']);
    expect([wrong.statusCode, wrong.json().code]).toEqual([401, 'APP_ERR_OPERATOR_LOGIN_FAILED']);
  });
});

describe('sign-in limits', () => {
  it('checks at most five passwords of a burst of twenty, then locks the account even for the right password', async () => {
    const op = await operatorWithPassword('burst-password', 'support');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call('POST', adminPaths.login, undefined, { account: op.account, password: 'wrong password 123' }, freshAddress()),
      ),
    );
    const codes = answers.map((a) => a.json().code);
    expect(codes.filter((c) => c === 'APP_ERR_OPERATOR_LOGIN_FAILED').length).toBeLessThanOrEqual(5);
    expect(codes.every((c) => c === 'APP_ERR_OPERATOR_LOGIN_FAILED' || c === 'APP_ERR_OPERATOR_LOCKED')).toBe(true);
    expect(answers.filter((a) => a.statusCode === 423).length).toBeGreaterThanOrEqual(15);
    const right = await call('POST', adminPaths.login, undefined, { account: op.account, password: op.password }, freshAddress());
    expect([right.statusCode, right.json().code]).toEqual([423, 'APP_ERR_OPERATOR_LOCKED']);
  });

  it('checks at most five authenticator codes of a burst, then locks the code step', async () => {
    const op = await operatorWithPassword('burst-totp', 'support');
    const login = (await call('POST', adminPaths.login, undefined, { account: op.account, password: op.password }, freshAddress())).json()
      .value;
    const answers = await Promise.all(Array.from({ length: 12 }, () => call('POST', adminPaths.totp, login.token, { code: '000000' })));
    const codes = answers.map((a) => a.json().code);
    expect(codes.filter((c) => c === 'APP_ERR_OPERATOR_TOTP_INVALID').length).toBeLessThanOrEqual(5);
    expect(codes.filter((c) => c === 'APP_ERR_OPERATOR_LOCKED').length).toBeGreaterThanOrEqual(7);
    const right = await call('POST', adminPaths.totp, login.token, { code: totpCode(op.totpSecret) });
    expect(right.json().code).toBe('APP_ERR_OPERATOR_LOCKED');
    expect((await call('GET', adminPaths.me, login.token)).json().code).toBe('APP_ERR_OPERATOR_STEP_REQUIRED');
  });
});

describe('operator sessions', () => {
  it('end after fifteen idle minutes, and a player’s token is never one', async () => {
    const op = await operatorWithPassword('idle-one', 'finance', ['BRAZIL']);
    const token = await signIn(op.account, op.password, op.totpSecret);
    expect((await call('GET', adminPaths.me, token)).statusCode).toBe(200);
    await idleSessionForTest(sut.database.db, op.id);
    expect((await call('GET', adminPaths.me, token)).json().code).toBe('APP_ERR_OPERATOR_UNAUTHORIZED');

    const player = await newPlayer(sut.app, sut.database.db);
    const asPlayer = await sut.app.inject({ method: 'GET', url: adminPaths.me, headers: player.headers });
    expect([asPlayer.statusCode, asPlayer.json().code]).toEqual([401, 'APP_ERR_OPERATOR_UNAUTHORIZED']);
  });
});

describe('personal API keys', () => {
  it('are shown once, kept hashed, act with their owner’s scope, and stop working when revoked', async () => {
    const op = await operatorWithPassword('keys-finance', 'finance', ['UEMOA']);
    const session = await signIn(op.account, op.password, op.totpSecret);
    const created = (await call('POST', adminPaths.apiKeys, session, { name: 'payouts script' })).json().value;
    expect(created.key).toMatch(/^opk_[\w-]{43}$/);
    const [row] = await sut.database.db.select().from(operatorApiKeys).where(eq(operatorApiKeys.id, created.id));
    expect(row?.keyHash).toBe(sha256Hex(created.key));
    expect(JSON.stringify(row)).not.toContain(created.key.slice(10));
    const listed = (await call('GET', adminPaths.apiKeys, session)).json().value.list;
    expect(listed.find((k: { id: number }) => k.id === created.id)).toMatchObject({ name: 'payouts script', revokedAt: null });
    expect(JSON.stringify(listed)).not.toContain(created.key);

    // The key is the operator: their merchants only, and no keys or operators made with it.
    expect((await call('GET', adminPaths.me, created.key)).json().value).toMatchObject({
      via: 'api_key',
      operator: { merchants: ['UEMOA'] },
    });
    expect((await call('GET', '/admin/v1/withdrawals?merchant=UEMOA', created.key)).statusCode).toBe(200);
    expect((await call('GET', '/admin/v1/withdrawals?merchant=BRAZIL', created.key)).json().code).toBe('APP_ERR_OPERATOR_FORBIDDEN');
    expect((await call('GET', '/admin/v1/withdrawals?merchant=NOSUCH', created.key)).json().code).toBe('APP_ERR_OPERATOR_FORBIDDEN');
    expect((await call('POST', adminPaths.apiKeys, created.key, { name: 'another' })).statusCode).toBe(403);

    const revoked = await call('DELETE', adminPaths.apiKey.replace(':id', String(created.id)), session);
    expect(revoked.json().value.revokedAt).toEqual(expect.any(Number));
    expect((await call('GET', adminPaths.me, created.key)).statusCode).toBe(401);
    expect((await call('DELETE', adminPaths.apiKey.replace(':id', String(created.id)), session)).statusCode).toBe(404);
  });
});

describe('managing operators', () => {
  it('lets an owner create a scoped operator who must change the first password, and disabling them ends their keys and sessions', async () => {
    const owner = await makeOperator(sut.database.db, { account: 'owner-two', role: 'owner' });
    const ownerSession = await sessionFor(sut.database.db, owner.id);
    const body = { account: 'Fin.Uemoa', name: 'Finance UEMOA', role: 'finance', merchants: ['uemoa'], password: 'first password 1234' };
    const created = await call('POST', adminPaths.operators, ownerSession, body);
    expect(created.json().value).toMatchObject({ account: 'fin.uemoa', role: 'finance', merchants: ['UEMOA'], mustChangePassword: true });
    expect((await call('POST', adminPaths.operators, ownerSession, body)).json().code).toBe('APP_ERR_OPERATOR_EXISTS');
    const unknown = await call('POST', adminPaths.operators, ownerSession, { ...body, account: 'fin.other', merchants: ['NOSUCH'] });
    expect(unknown.json().value.fields).toEqual([{ field: 'merchants', message: 'validation.unknown_value' }]);
    const login = (
      await call('POST', adminPaths.login, undefined, { account: 'fin.uemoa', password: 'first password 1234' }, freshAddress())
    ).json();
    expect(login.value.step).toBe('change_password');

    const id = created.json().value.id as number;
    const key = (await makeOperator(sut.database.db, { account: 'to-disable', role: 'support', merchants: ['BRAZIL'] })).key;
    const target = (await call('GET', adminPaths.me, key)).json().value.operator.id as number;
    const disabled = await call('PATCH', adminPaths.operator.replace(':id', String(target)), ownerSession, { disabled: true });
    expect(disabled.json().value.disabled).toBe(true);
    expect((await call('GET', adminPaths.me, key)).statusCode).toBe(401);
    // The owner cannot change their own role, nor can an API key manage operators.
    expect((await call('PATCH', adminPaths.operator.replace(':id', String(owner.id)), ownerSession, { role: 'support' })).statusCode).toBe(
      403,
    );
    expect((await call('PATCH', adminPaths.operator.replace(':id', String(id)), owner.key, { name: 'x' })).statusCode).toBe(403);
    const [row] = await sut.database.db.select().from(operators).where(eq(operators.id, id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('lets an admin give only roles below admin, within the admin’s own merchants', async () => {
    const admin = await makeOperator(sut.database.db, { account: 'admin-brazil', role: 'admin', merchants: ['BRAZIL'] });
    const session = await sessionFor(sut.database.db, admin.id);
    const base = { name: 'n', password: 'first password 1234' };
    const make = (account: string, role: string, merchants: 'all' | string[]) =>
      call('POST', adminPaths.operators, session, { ...base, account, role, merchants });
    expect((await make('adm-a', 'support', ['BRAZIL'])).statusCode).toBe(200);
    expect((await make('adm-b', 'admin', ['BRAZIL'])).json().code).toBe('APP_ERR_OPERATOR_FORBIDDEN');
    expect((await make('adm-c', 'owner', ['BRAZIL'])).json().code).toBe('APP_ERR_OPERATOR_FORBIDDEN');
    expect((await make('adm-d', 'support', ['UEMOA'])).json().code).toBe('APP_ERR_OPERATOR_FORBIDDEN');
    expect((await make('adm-e', 'support', 'all')).json().code).toBe('APP_ERR_OPERATOR_FORBIDDEN');
    // It sees operators within its merchants only.
    const listed = (await call('GET', adminPaths.operators, session)).json().value.list.map((o: { account: string }) => o.account);
    expect(listed).toContain('adm-a');
    expect(listed).not.toContain('owner');
    expect(listed).not.toContain('fin.uemoa');
  });
});
