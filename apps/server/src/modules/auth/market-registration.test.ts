import { apiPaths, responsibleGamingPaths } from '@platform/contract';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captchaAnswered, freshIp, smsCode } from '../../../test/auth.ts';
import { brazilRegistration, cpfOf } from '../../../test/market.ts';
import { newPlayer } from '../../../test/payments.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import { members } from '../members/members.tables.ts';
import { rgLimits } from '../responsible-gaming/rg.tables.ts';
import { stakeLimitsOf } from '../staking/staking.repository.ts';
import { sessions } from './auth.tables.ts';
import { forgetMemberSessions } from './session-cache.ts';
import { tokenHash } from './sessions.ts';

// Registration under a market's rules (Brazil: CPF with its check digits, 18+, loss and session-time
// limits chosen at sign-up, the exclusion registry), and the rules as the site reads them.

let sut: TestApp;
beforeAll(async () => {
  sut = await buildTestApp();
});
afterAll(() => sut.close());

let serial = 0;
async function body(username: string, over: Record<string, unknown> = {}) {
  const mobileNum = `1197${String(++serial).padStart(7, '0')}`;
  const verificationCode = await smsCode(sut.app, sut.database.db, '/wps/verification/sms/register', '+55', mobileNum);
  return {
    username,
    password: 'Secret123',
    confirmPassword: 'Secret123',
    countryDialingCode: '+55',
    mobileNum,
    verificationCode,
    agreeTerms: true,
    ...brazilRegistration(),
    ...(await captchaAnswered(sut.app, sut.database.db)),
    ...over,
  };
}
const register = (payload: object) =>
  sut.app.inject({ method: 'PUT', url: '/wps/member/register', headers: { merchant: 'BRAZIL' }, payload, remoteAddress: freshIp() });
const memberCount = async () => (await sut.database.db.select({ n: count() }).from(members))[0]?.n;
/** The local day `years` years before today (UTC; Brazil's day differs only around midnight, and 1 day of margin is kept). */
const yearsAgo = (years: number, days = 0) => {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

describe('the market rules the site reads', () => {
  it('are in the platform info: Brazil with its law’s values, UEMOA without them', async () => {
    const info = async (merchant: string) =>
      (await sut.app.inject({ method: 'GET', url: apiPaths.permission, headers: { merchant } })).json().value.info.market;
    expect(await info('BRAZIL')).toEqual({
      limitsAtRegistration: 'require',
      identityNumber: 'cpf',
      birthDate: true,
      minimumAge: 18,
      kycBeforeWithdrawal: false,
      inactivityLogoutMinutes: 30,
      realityCheck: { minMinutes: 5, maxMinutes: 120, defaultMinutes: 30 },
    });
    expect(await info('UEMOA')).toMatchObject({ limitsAtRegistration: 'off', identityNumber: null, birthDate: false });
  });
});

describe('registration on Brazil', () => {
  it('refuses at the field what is missing or wrong, and stores nothing', async () => {
    const before = await memberCount();
    const missing = await register(
      await body('Nobody01', { cpf: undefined, birthDate: undefined, lossLimit: undefined, sessionLimit: undefined }),
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json().value.fields).toEqual(
      expect.arrayContaining([
        { field: 'cpf', message: 'validation.required' },
        { field: 'birthDate', message: 'validation.required' },
        { field: 'lossLimit', message: 'validation.limit_required' },
        { field: 'sessionLimit', message: 'validation.limit_required' },
      ]),
    );
    const good = cpfOf('529982247'); // 529.982.247-25
    const wrongDigit = `${good.slice(0, 10)}${(Number(good[10]) + 1) % 10}`;
    const cases: [Record<string, unknown>, { field: string; message: string; params?: object }][] = [
      [{ cpf: wrongDigit }, { field: 'cpf', message: 'validation.cpf_check_digit' }],
      [{ cpf: '111.111.111-11' }, { field: 'cpf', message: 'validation.cpf_check_digit' }],
      [{ cpf: '5299822472' }, { field: 'cpf', message: 'validation.cpf_format' }],
      [{ birthDate: yearsAgo(18, 2) }, { field: 'birthDate', message: 'validation.birth_date_too_young', params: { min: 18 } }],
      [{ birthDate: yearsAgo(0, 2) }, { field: 'birthDate', message: 'validation.birth_date_future' }],
      [{ birthDate: '1990-02-30' }, { field: 'birthDate', message: 'validation.birth_date_invalid' }],
      [{ lossLimit: null }, { field: 'lossLimit', message: 'validation.limit_required' }],
      [{ lossLimit: { period: 'day', amount: -5 } }, { field: 'lossLimit', message: 'validation.amount_positive' }],
      [{ lossLimit: { period: 'day', amount: 10.005 } }, { field: 'lossLimit', message: 'validation.amount_decimals' }],
      [{ sessionLimit: { period: 'week', amount: 90.5 } }, { field: 'sessionLimit', message: 'validation.limit_minutes' }],
    ];
    for (const [over, field] of cases) {
      const res = await register(await body('Nobody02', over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().value.fields).toEqual([field]);
    }
    const badPeriod = await register(await body('Nobody03', { lossLimit: { period: 'year', amount: 10 } }));
    expect(badPeriod.statusCode).toBe(400);
    expect(await memberCount()).toBe(before);
  });

  it('stores the CPF as its digits, the birth date and the chosen limits (in the gate too); the same CPF again is taken', async () => {
    const cpf = cpfOf('390533447'); // 390.533.447-05
    const res = await register(
      await body('Brasileiro1', {
        cpf: `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`,
        birthDate: yearsAgo(18, -2),
        lossLimit: { period: 'day', amount: 50 },
        sessionLimit: { period: 'day', amount: 120 },
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await sut.database.db.select().from(members).where(eq(members.account, 'Brasileiro1'));
    expect(row).toMatchObject({ idNumber: cpf, birthDate: yearsAgo(18, -2) });
    const id = row?.id ?? 0;
    const limits = await sut.database.db.select().from(rgLimits).where(eq(rgLimits.memberId, id)).orderBy(rgLimits.kind);
    expect(limits.map((l) => [l.kind, l.period, l.amount])).toEqual([
      ['loss', 'day', 5000],
      ['session', 'day', 120],
    ]);
    expect((await stakeLimitsOf(sut.database.db, id))?.limits.loss.day).toBe(5000);
    const token = res.json().value.token;
    const view = (
      await sut.app.inject({ method: 'GET', url: responsibleGamingPaths.overview, headers: { authorization: `Bearer ${token}` } })
    ).json().value;
    expect(view.limits.map((l: { kind: string; amount: number }) => [l.kind, l.amount])).toEqual([
      ['loss', 50],
      ['session', 120],
    ]);

    const again = await register(await body('Brasileiro2', { cpf }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'APP_ERR_MEMBER_CPF_TAKEN' });
    expect(again.json().value.fields).toEqual([{ field: 'cpf', message: 'validation.cpf_taken' }]);
  });

  it('refuses a CPF self-excluded on this market', async () => {
    const cpf = cpfOf('123456780');
    const first = await register(await body('Excluido1', { cpf }));
    expect(first.statusCode, first.body).toBe(200);
    const excluded = await sut.app.inject({
      method: 'POST',
      url: responsibleGamingPaths.exclusion,
      headers: { authorization: `Bearer ${first.json().value.token}` },
      payload: { kind: 'self_exclusion', months: 6 },
    });
    expect(excluded.statusCode).toBe(200);
    const before = await memberCount();
    const again = await register(await body('Excluido2', { cpf: `${cpf.slice(0, 9)}-${cpf.slice(9)}` }));
    expect(again.statusCode).toBe(403);
    expect(again.json()).toMatchObject({ code: 'APP_ERR_RG_EXCLUDED' });
    // At the CPF's field, which the form shows there.
    expect(again.json().value.fields).toEqual([{ field: 'cpf', message: 'validation.cpf_self_excluded' }]);
    expect(await memberCount()).toBe(before);
  });
});

describe('the inactivity logout', () => {
  it('ends a Brazil session after 30 idle minutes; UEMOA keeps the platform’s longer idle time', async () => {
    const idleFor = async (token: string, merchant: string, minutes: number) => {
      const db = sut.database.db;
      await db.execute(
        sql`update sessions set last_seen_at = now() - make_interval(mins => ${minutes}) where token_hash = ${tokenHash(token)}`,
      );
      const [row] = await db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, tokenHash(token)));
      forgetMemberSessions(db, row?.memberId ?? 0);
      return (await sut.app.inject({ method: 'GET', url: '/wps/member/info', headers: { merchant, authorization: `Bearer ${token}` } }))
        .statusCode;
    };
    const brazil = (await register(await body('Ocioso001'))).json().value.token;
    expect(await idleFor(brazil, 'BRAZIL', 29)).toBe(200);
    expect(await idleFor(brazil, 'BRAZIL', 31)).toBe(401);
    const uemoa = await newPlayer(sut.app, sut.database.db, 'UEMOA');
    expect(await idleFor(uemoa.token, 'UEMOA', 31)).toBe(200);
  });
});
