import { apiPaths, responsibleGamingPaths as paths } from '@platform/contract';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginRequest } from '../../../test/auth.ts';
import { newPlayer, rid } from '../../../test/payments.ts';
import { Stakes } from '../../../test/stakes.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { updateMember } from '../members/members.repository.ts';
import { memberById } from '../members/members.service.ts';
import type { MemberRow } from '../members/members.tables.ts';
import { type Merchant, MerchantDirectory } from '../merchants/merchants.service.ts';
import { lossReturns } from '../staking/loss-returns.ts';
import { stakeLimitsOf } from '../staking/staking.repository.ts';
import { catchUp } from '../wallet/ledger.feed.ts';
import { checkLedger } from '../wallet/ledger.service.ts';
import { admitLogin, admitRegistration, confirmLimitChange, exclude, setLimit, setResponsibleGamingClock } from './limits.service.ts';

let t: TestApp;
let app: FastifyInstance;
let db: Db;
let brazil: Merchant;
let stakes: Stakes;

beforeAll(async () => {
  t = await buildTestApp();
  app = t.app;
  db = t.database.db;
  brazil = (await new MerchantDirectory(db, 0).list()).find((m) => m.code === 'BRAZIL') as Merchant;
  stakes = new Stakes(app, db, brazil, { code: 'RGPROV', secret: 'responsible-gaming-provider-secret-0123' });
  await stakes.setUp();
});
afterAll(() => t.close());

const member = async (id: number) => (await memberById(db, id)) as MemberRow;
const limit = (kind: 'deposit' | 'loss' | 'wager' | 'session', period: 'day' | 'week' | 'month', amount: number | null) => ({
  kind,
  period,
  amount,
});

describe('a loss limit under concurrent stakes', () => {
  it('never lets what is staked pass it, on any path, and counts exactly what was staked', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 5, max: 40 }),
        fc.array(fc.tuple(fc.constantFrom('provider', 'dice', 'transfer'), fc.integer({ min: 1, max: 9 })), {
          minLength: 6,
          maxLength: 14,
        }),
        async (lossLimit, bets) => {
          const g = await stakes.gambler();
          await setLimit(db, brazil, await member(g.id), limit('loss', 'day', lossLimit));
          const answers = await Promise.all(
            bets.map(async ([path, units]) => {
              const res = await (path === 'provider'
                ? stakes.providerCall(g, 'bet', units)
                : path === 'dice'
                  ? stakes.diceRoll(g, units)
                  : stakes.transferIn(g, units));
              return res.statusCode === 200 ? undefined : (res.json().code as string);
            }),
          );
          for (const code of answers) if (code) expect(code).toBe('APP_ERR_STAKE_LOSS_LIMIT');
          const total = await stakes.staked(g.id);
          expect(total).toBeLessThanOrEqual(lossLimit * 100);
          expect((await stakeLimitsOf(db, g.id))?.counters.loss.day).toBe(total);
        },
      ),
      { numRuns: 5 },
    );
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it('refuses a provider’s bet over it with which limit, what is left and when it resets; a win gives room back once the feed has it', async () => {
    const g = await stakes.gambler();
    await setLimit(db, brazil, await member(g.id), limit('loss', 'day', 10));
    expect((await stakes.providerCall(g, 'bet', 8, 'round-a')).statusCode).toBe(200);
    const refused = await stakes.providerCall(g, 'bet', 5, 'round-b');
    expect(refused.statusCode).toBe(409);
    const body = refused.json();
    expect(body.code).toBe('APP_ERR_STAKE_LOSS_LIMIT');
    expect(body.value).toMatchObject({ limit: 'loss', period: 'day', remaining: 2 });
    expect(new Date(body.value.resetsAt).getTime()).toBeGreaterThan(Date.now());
    expect((await stakes.providerCall(g, 'win', 6, 'round-a')).statusCode).toBe(200);
    await catchUp(db, lossReturns);
    expect((await stakeLimitsOf(db, g.id))?.counters.loss.day).toBe(200);
    expect((await stakes.providerCall(g, 'bet', 5, 'round-c')).statusCode).toBe(200);
  });

  it('counts a transfer into a vendor wallet as lost and gives back what comes out of it, once the feed has it', async () => {
    const g = await stakes.gambler();
    await setLimit(db, brazil, await member(g.id), limit('loss', 'day', 10));
    expect((await stakes.transferIn(g, 7)).statusCode).toBe(200);
    await catchUp(db, lossReturns);
    expect((await stakeLimitsOf(db, g.id))?.counters.loss.day).toBe(700);
    const out = await g.call('POST', '/wps/v2/wallets/transfer', {
      vendor: 'JDB',
      direction: 'out',
      amount: 3,
      requestId: `transfer-out-${g.id}`,
    });
    expect(out.json()).toMatchObject({ success: true });
    expect(out.statusCode).toBe(200);
    await catchUp(db, lossReturns);
    expect((await stakeLimitsOf(db, g.id))?.counters.loss.day).toBe(400);
    // Only the money that came back from the vendor counts: a second run of the feed changes nothing.
    await catchUp(db, lossReturns);
    expect((await stakeLimitsOf(db, g.id))?.counters.loss.day).toBe(400);
  });

  it('of overlapping limits, the lowest binds and is the one named', async () => {
    const g = await stakes.gambler();
    const m = await member(g.id);
    await setLimit(db, brazil, m, limit('wager', 'day', 50));
    await setLimit(db, brazil, m, limit('wager', 'week', 30));
    const res = await stakes.diceRoll(g, 31);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('APP_ERR_STAKE_WAGER_LIMIT');
    expect((await stakes.providerCall(g, 'bet', 31)).json().value).toMatchObject({ limit: 'wager', period: 'week', remaining: 30 });
  });
});

describe('changing a limit', () => {
  it('lowers at once, raises only after the cooling period and a confirmation (a test clock)', async () => {
    const g = await stakes.gambler();
    const m = await member(g.id);
    const now = new Date();
    await setLimit(db, brazil, m, limit('loss', 'day', 20), now);
    await setLimit(db, brazil, m, limit('loss', 'day', 10), now);
    expect((await stakeLimitsOf(db, g.id))?.limits.loss.day).toBe(1000);
    await setLimit(db, brazil, m, limit('loss', 'day', 500), now);
    expect((await stakeLimitsOf(db, g.id))?.limits.loss.day).toBe(1000);
    const early = new Date(now.getTime() + 23 * 3_600_000);
    const tooSoon = await confirmLimitChange(db, m, { kind: 'loss', period: 'day' }, early).catch((e: AppError) => e);
    expect(tooSoon).toBeInstanceOf(AppError);
    expect((tooSoon as AppError).code).toBe('APP_ERR_RG_COOLING');
    expect((await stakeLimitsOf(db, g.id))?.limits.loss.day).toBe(1000);
    await confirmLimitChange(db, m, { kind: 'loss', period: 'day' }, new Date(now.getTime() + 24 * 3_600_000));
    expect((await stakeLimitsOf(db, g.id))?.limits.loss.day).toBe(50_000);
    const view = (await g.call('GET', paths.overview)).json().value;
    expect(view.limits).toEqual([expect.objectContaining({ kind: 'loss', period: 'day', amount: 500, pending: null })]);
    expect(view.history.map((h: { action: string }) => h.action)).toEqual(['raised', 'raise_asked', 'lowered', 'set']);
  });

  it('tells the page a raise is ready once the routes’ clock has passed the cooling period, and confirms it then', async () => {
    const g = await stakes.gambler();
    const start = Date.now();
    try {
      expect((await g.call('PUT', paths.limit, limit('loss', 'day', 10))).statusCode).toBe(200);
      expect((await g.call('PUT', paths.limit, limit('loss', 'day', 40))).statusCode).toBe(200);
      const pendingOf = async () => (await g.call('GET', paths.overview)).json().value.limits[0].pending;
      expect(await pendingOf()).toEqual({ amount: 40, from: expect.any(Number), ready: false });
      const early = await g.call('POST', paths.confirm, { kind: 'loss', period: 'day' });
      expect(early.statusCode).toBe(409);
      expect(early.json().code).toBe('APP_ERR_RG_COOLING');
      // A day and a minute later by the test clock: ready, and the confirmation applies it.
      setResponsibleGamingClock(() => new Date(start + 24 * 3_600_000 + 60_000));
      expect(await pendingOf()).toMatchObject({ amount: 40, ready: true });
      expect((await g.call('POST', paths.confirm, { kind: 'loss', period: 'day' })).statusCode).toBe(200);
      expect((await g.call('GET', paths.overview)).json().value.limits).toEqual([
        expect.objectContaining({ kind: 'loss', period: 'day', amount: 40, pending: null }),
      ]);
      expect((await stakeLimitsOf(db, g.id))?.limits.loss.day).toBe(4000);
    } finally {
      setResponsibleGamingClock(null);
    }
  });

  it('removes only after the cooling period too, and then the gate has nothing left to check', async () => {
    const g = await stakes.gambler();
    const m = await member(g.id);
    const now = new Date();
    await setLimit(db, brazil, m, limit('wager', 'month', 5), now);
    await setLimit(db, brazil, m, limit('wager', 'month', null), now);
    expect((await stakeLimitsOf(db, g.id))?.limits.wager.month).toBe(500);
    await confirmLimitChange(db, m, { kind: 'wager', period: 'month' }, new Date(now.getTime() + 25 * 3_600_000));
    expect(await stakeLimitsOf(db, g.id)).toBeUndefined();
  });

  it('refuses bad input at the field and changes nothing', async () => {
    const g = await stakes.gambler();
    for (const body of [
      limit('loss', 'day', -1),
      limit('wager', 'week', 2_000_000_000),
      limit('session', 'day', 1.5),
      { kind: 'other', period: 'day', amount: 1 },
    ]) {
      const res = await g.call('PUT', paths.limit, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().value.fields.length).toBeGreaterThan(0);
    }
    const skip = await g.call('POST', paths.confirm, { kind: 'loss', period: 'day' });
    expect(skip.statusCode).toBe(404);
    expect((await g.call('GET', paths.overview)).json().value.limits).toEqual([]);
  });
});

describe('deposit and session-time limits', () => {
  it('refuses a deposit over the deposit limit with what is left', async () => {
    const g = await stakes.gambler();
    await g.call('PUT', paths.limit, limit('deposit', 'week', 60));
    const first = await g.call('POST', apiPaths.deposits, { requestId: rid('dep'), channel: 'PIX', amount: 50 });
    expect(first.statusCode).toBe(200);
    const over = await g.call('POST', apiPaths.deposits, { requestId: rid('dep'), channel: 'PIX', amount: 20 });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ code: 'APP_ERR_RG_DEPOSIT_LIMIT', value: { limit: 'deposit', period: 'week', remaining: 10 } });
  });

  it('refuses a login once the day’s session time is used up', async () => {
    const g = await newPlayer(app, db);
    const m = await member(g.id);
    await setLimit(db, brazil, m, limit('session', 'day', 30));
    await admitLogin(db, brazil, m, new Date(Date.now() + 60_000));
    const late = new Date(Date.now() + 31 * 60_000);
    await db.execute(sql`update sessions set created_at = now() - interval '31 minutes', last_seen_at = now() where member_id = ${g.id}`);
    const refused = await admitLogin(db, brazil, m, late).catch((e: AppError) => e);
    expect((refused as AppError).code).toBe('APP_ERR_RG_SESSION_LIMIT');
  });
});

describe('cool-off and self-exclusion', () => {
  it('ends every session, refuses login, stakes and deposits, and registration with the same e-mail in the jurisdiction', async () => {
    const g = await stakes.gambler();
    const email = `${g.account}@example.com`;
    await updateMember(db, g.id, { email });
    const res = await g.call('POST', paths.exclusion, { kind: 'self_exclusion', months: 6 });
    expect(res.statusCode).toBe(200);
    expect((await g.call('GET', paths.overview)).statusCode).toBe(401);
    const login = await loginRequest(app, { username: g.account, password: 'Secret123' }, { headers: { merchant: 'BRAZIL' } });
    expect(login.json().code).toBe('APP_ERR_RG_EXCLUDED');
    const bet = await stakes.providerCall(g, 'bet', 1);
    expect(bet.json().code).toBe('APP_ERR_STAKE_EXCLUDED');
    expect(bet.statusCode).toBe(403);
    expect((await stakes.diceRoll(g, 1)).json().code).toBe('APP_ERR_STAKE_EXCLUDED');
    const registering = await admitRegistration(db, brazil, { email: email.toUpperCase(), mobile: '+5511900000000' }).catch(
      (e: AppError) => e,
    );
    expect((registering as AppError).code).toBe('APP_ERR_RG_EXCLUDED');
    // The form says which of what was given is listed: the e-mail, not the unknown mobile.
    expect((registering as AppError).fields).toEqual([{ field: 'email', message: 'validation.contact_self_excluded' }]);
    const again = await exclude(db, brazil, await member(g.id), { kind: 'cool_off', hours: 24 });
    expect(again.until).not.toBeNull();
    expect((await stakeLimitsOf(db, g.id))?.excludedUntil?.getTime()).toBeGreaterThan(Date.now() + 150 * 86_400_000);
  });

  it('refuses cool-offs and exclusions outside their ranges', async () => {
    const g = await stakes.gambler();
    for (const body of [
      { kind: 'cool_off', hours: 23 },
      { kind: 'cool_off', hours: 1009 },
      { kind: 'self_exclusion', months: 5 },
      { kind: 'self_exclusion', months: 61 },
      { kind: 'nap' },
    ]) {
      expect((await g.call('POST', paths.exclusion, body)).statusCode).toBe(400);
    }
    expect((await stakes.diceRoll(g, 1)).statusCode).toBe(200);
  });
});
