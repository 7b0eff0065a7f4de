import { type Activity, promotionAdminPaths, promotionPaths } from '@platform/contract';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeOperator } from '../../../test/operators.ts';
import { bindAccount, newPlayer, rid, setPaymentPassword } from '../../../test/payments.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import { verifyMember } from '../../../test/verification.ts';
import { type Db, inTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { periodAt } from '../../platform/periods.ts';
import { type Merchant, merchantByCode } from '../merchants/merchants.service.ts';
import { balanceOf, checkLedger, houseAccount, memberAccount, post } from '../wallet/ledger.service.ts';
import { insertOffer, offerOf } from './promotions.repository.ts';
import { createOffer } from './promotions.service.ts';
import { REBATE_GRACE_MS, rebateJob, rebateOf, runRebates } from './rebate.service.ts';
import { bonusWageringLeft } from './wagering.service.ts';

let t: TestApp;
let app: FastifyInstance;
let db: Db;
let uemoa: Merchant;
let brazil: Merchant;
let firstDeposit: number;
let reload: number;

const DAY = 86_400_000;
const slotsFirst = { RNG: 100, LOTT: 20, '*': 0 };
const wagering = { contributions: slotsFirst, maxBet: null, wagerDays: 7 };

beforeAll(async () => {
  t = await buildTestApp();
  app = t.app;
  db = t.database.db;
  uemoa = (await merchantByCode(db, 'UEMOA')) as Merchant;
  brazil = (await merchantByCode(db, 'BRAZIL')) as Merchant;
  firstDeposit = await createOffer(db, uemoa, {
    title: { EN: 'First deposit 100%', FR: 'Premier dépôt 100 %' },
    terms: {
      type: 'first_deposit',
      percent: 100,
      cap: 10_000,
      minDeposit: 2_000,
      base: 'deposit_and_bonus',
      claimDays: 7,
      multiple: 5,
      ...wagering,
    },
  });
  reload = await createOffer(db, uemoa, {
    title: { EN: 'Daily reload' },
    terms: { type: 'reload', amount: 500, minDeposit: 5_000, multiple: 3, ...wagering },
  });
});
afterAll(() => t.close());

/** A movement between a member's main wallet and a house account, as the cashier and the games write them. */
async function move(m: Merchant, memberId: number, type: 'deposit' | 'bet' | 'win', amount: number, category?: string) {
  const main = await memberAccount(db, m.id, memberId, 'main', m.currency);
  const house = await houseAccount(db, m.id, type === 'deposit' ? 'cash_in' : 'games', m.currency, memberId);
  const toMember = type !== 'bet';
  return post(db, {
    merchantId: m.id,
    type,
    postings: [
      { accountId: house, amount: toMember ? -amount : amount },
      { accountId: main, amount: toMember ? amount : -amount },
    ],
    reference: category ? { category } : {},
    ...(type === 'deposit' ? { turnoverRequired: { memberId, amount } } : {}),
  });
}

const wallet = async (m: Merchant, memberId: number, kind: string) =>
  balanceOf(db, await memberAccount(db, m.id, memberId, kind, m.currency));
const listOf = async (call: (method: 'GET', url: string) => Promise<{ json(): { value: Activity[] } }>) =>
  (await call('GET', promotionPaths.activities)).json().value;
const claimPath = (id: number | string) => promotionPaths.claimActivity.replace(':id', String(id));

describe('a first-deposit bonus', () => {
  it('asks a visitor to log in and a player to deposit, then pays the match once into the bonus wallet with its wagering', async () => {
    const visitor = await app.inject({ method: 'GET', url: promotionPaths.activities, headers: { merchant: 'UEMOA', language: 'FR' } });
    const seen = visitor.json().value.find((a: Activity) => a.id === firstDeposit);
    expect(seen).toMatchObject({ status: 'join', reason: 'login_needed', title: 'Premier dépôt 100 %', reward: null });
    expect(seen.terms).toMatchObject({
      percent: 100,
      cap: 10_000,
      minDeposit: 2_000,
      multiple: 5,
      base: 'deposit_and_bonus',
      claimDays: 7,
    });

    const p = await newPlayer(app, db, 'UEMOA');
    expect((await listOf(p.call)).find((a) => a.id === firstDeposit)).toMatchObject({ status: 'join', reason: 'deposit_needed' });
    const early = await p.call('POST', claimPath(firstDeposit), {});
    expect([early.statusCode, early.json().code]).toEqual([409, 'APP_ERR_PROMOTION_DEPOSIT_NEEDED']);

    await move(uemoa, p.id, 'deposit', 3_000);
    await move(uemoa, p.id, 'deposit', 50_000); // the second deposit is not the first
    expect((await listOf(p.call)).find((a) => a.id === firstDeposit)).toMatchObject({ status: 'claim', reward: 3_000, wagering: 30_000 });
    const res = await p.call('POST', claimPath(firstDeposit), {});
    expect(res.json()).toMatchObject({ success: true, value: { amount: 3_000, wagering: 30_000, status: 'claimed' } });
    expect(await wallet(uemoa, p.id, 'bonus')).toBe(3_000);
    expect(await bonusWageringLeft(db, p.id)).toBe(30_000);
    const bonus = (await p.call('GET', promotionPaths.bonusDetails)).json().value.content[0];
    expect(bonus).toMatchObject({ title: 'first_deposit', bonus: 3_000, required: 30_000, status: 'active' });

    const again = await p.call('POST', claimPath(firstDeposit), {});
    expect([again.statusCode, again.json().code]).toEqual([409, 'APP_ERR_PROMOTION_ALREADY_CLAIMED']);
    expect((await listOf(p.call)).find((a) => a.id === firstDeposit)).toMatchObject({
      status: 'claimed',
      paid: { amount: 3_000, period: 'once' },
    });
    expect(await wallet(uemoa, p.id, 'bonus')).toBe(3_000);
  });

  it('refuses a first deposit below the minimum, and caps the match', async () => {
    const small = await newPlayer(app, db, 'UEMOA');
    await move(uemoa, small.id, 'deposit', 1_000);
    expect((await listOf(small.call)).find((a) => a.id === firstDeposit)).toMatchObject({
      status: 'rejected',
      reason: 'deposit_too_small',
    });
    const refused = await small.call('POST', claimPath(firstDeposit), {});
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'APP_ERR_PROMOTION_NOT_ELIGIBLE']);
    expect(await wallet(uemoa, small.id, 'bonus')).toBe(0);

    const big = await newPlayer(app, db, 'UEMOA');
    await move(uemoa, big.id, 'deposit', 40_000);
    expect((await big.call('POST', claimPath(firstDeposit), {})).json().value).toMatchObject({ amount: 10_000, wagering: 250_000 });
  });

  it('pays 100 concurrent claims of one player once', async () => {
    const p = await newPlayer(app, db, 'UEMOA');
    await move(uemoa, p.id, 'deposit', 4_000);
    const answers = await Promise.all(Array.from({ length: 100 }, () => p.call('POST', claimPath(firstDeposit), {})));
    const codes = answers.map((a) => a.json().code ?? 'ok');
    expect(codes.filter((c) => c === 'ok')).toHaveLength(1);
    expect(new Set(codes.filter((c) => c !== 'ok'))).toEqual(new Set(['APP_ERR_PROMOTION_ALREADY_CLAIMED']));
    expect(await wallet(uemoa, p.id, 'bonus')).toBe(4_000);
    expect(await bonusWageringLeft(db, p.id)).toBe(40_000);
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it('answers a bad, unknown or other merchant’s promotion with a clear refusal, moving nothing', async () => {
    const p = await newPlayer(app, db, 'UEMOA');
    expect((await p.call('POST', claimPath('abc'), {})).statusCode).toBe(400);
    expect((await p.call('POST', claimPath(firstDeposit), { extra: 1 })).statusCode).toBe(400);
    expect((await p.call('POST', claimPath(2_147_483_647), {})).json().code).toBe('APP_ERR_PROMOTION_NOT_FOUND');
    const b = await newPlayer(app, db, 'BRAZIL');
    expect((await b.call('POST', claimPath(firstDeposit), {})).json().code).toBe('APP_ERR_PROMOTION_NOT_FOUND');
    expect(
      (await app.inject({ method: 'POST', url: claimPath(firstDeposit), headers: { merchant: 'UEMOA' }, payload: {} })).statusCode,
    ).toBe(401);
    expect(await wallet(uemoa, p.id, 'bonus')).toBe(0);
  });
});

describe('a reload', () => {
  it('pays once a day on a deposit of that day that joined no other promotion', async () => {
    const p = await newPlayer(app, db, 'UEMOA');
    await move(uemoa, p.id, 'deposit', 6_000);
    // The day's only deposit is the first: it joins the first-deposit bonus, and then no reload.
    expect((await p.call('POST', claimPath(firstDeposit), {})).statusCode).toBe(200);
    expect((await listOf(p.call)).find((a) => a.id === reload)).toMatchObject({ status: 'join', reason: 'deposit_needed' });
    await move(uemoa, p.id, 'deposit', 5_000);
    expect((await p.call('POST', claimPath(reload), {})).json().value).toMatchObject({ amount: 500, wagering: 1_500 });
    await move(uemoa, p.id, 'deposit', 9_000);
    expect((await p.call('POST', claimPath(reload), {})).json().code).toBe('APP_ERR_PROMOTION_ALREADY_CLAIMED');
    expect(await wallet(uemoa, p.id, 'bonus')).toBe(6_500);
  });
});

describe("Brazil's market rule", () => {
  it('never offers or pays a pre-bet bonus there, whoever wrote the offer', async () => {
    const terms = {
      type: 'first_deposit' as const,
      percent: 100,
      cap: 50_000,
      minDeposit: 2_000,
      base: 'bonus' as const,
      claimDays: 7,
      multiple: 10,
      ...wagering,
    };
    const refused = await createOffer(db, brazil, { title: { PT: 'Bônus' }, terms }).catch((err: AppError) => err);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe('APP_ERR_PROMOTION_MARKET_BANNED');
    // A row written past the service (by hand, or before the rule) is still neither listed nor paid.
    const id = await insertOffer(db, {
      merchantId: brazil.id,
      promotionId: null,
      type: 'first_deposit',
      title: { PT: 'Bônus' },
      terms,
      enabled: true,
      startsAt: null,
      endsAt: null,
      sort: 0,
    });
    const p = await newPlayer(app, db, 'BRAZIL');
    await move(brazil, p.id, 'deposit', 10_000);
    const list = await listOf(p.call);
    expect(list.find((a) => a.id === id)).toBeUndefined();
    expect(list.every((a) => a.type === 'daily_rebate')).toBe(true);
    const claim = await p.call('POST', claimPath(id), {});
    expect([claim.statusCode, claim.json().code]).toEqual([403, 'APP_ERR_PROMOTION_MARKET_BANNED']);
    expect(await wallet(brazil, p.id, 'bonus')).toBe(0);
    expect(await wallet(brazil, p.id, 'main')).toBe(10_000);
  });
});

describe("operators' offers", () => {
  it('creates, lists and switches offers within scope and the market rule, audited', async () => {
    const content = await makeOperator(db, { account: 'promo-content', role: 'content', merchants: ['UEMOA'] });
    const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
      app.inject({ method, url, headers: { authorization: `Bearer ${content.key}` }, payload });
    const reloadTerms = {
      type: 'reload',
      amount: 1_000,
      minDeposit: 10_000,
      multiple: 5,
      contributions: { RNG: 100 },
      maxBet: 2_000,
      wagerDays: 7,
    };
    const created = await call('POST', promotionAdminPaths.offers, {
      merchant: 'UEMOA',
      title: { FR: 'Recharge' },
      terms: reloadTerms,
      enabled: false,
    });
    expect(created.statusCode, created.body).toBe(200);
    const offer = created.json().value;
    expect(offer).toMatchObject({ merchant: 'UEMOA', type: 'reload', enabled: false, terms: reloadTerms });
    const p = await newPlayer(app, db, 'UEMOA');
    expect((await listOf(p.call)).find((a) => a.id === offer.id)).toBeUndefined();
    const on = await call('POST', promotionAdminPaths.offerSwitch.replace(':id', String(offer.id)), { enabled: true });
    expect(on.json().value.enabled).toBe(true);
    expect((await listOf(p.call)).find((a) => a.id === offer.id)).toMatchObject({ status: 'join', reason: 'deposit_needed' });
    const listed = (await call('GET', `${promotionAdminPaths.offers}?merchant=UEMOA`)).json().value;
    expect(listed.map((o: { id: number }) => o.id)).toContain(offer.id);

    // Bad terms: a field error, nothing created.
    const bad = await call('POST', promotionAdminPaths.offers, {
      merchant: 'UEMOA',
      title: { FR: 'x' },
      terms: { ...reloadTerms, amount: -5 },
    });
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'APP_ERR_VALIDATION']);
    // Another merchant is out of this operator's scope.
    const other = await call('GET', `${promotionAdminPaths.offers}?merchant=BRAZIL`);
    expect(other.statusCode).toBe(403);

    // Brazil's market refuses a pre-bet bonus, whoever asks (an owner here).
    const owner = await makeOperator(db, { account: 'promo-owner', role: 'owner' });
    const banned = await app.inject({
      method: 'POST',
      url: promotionAdminPaths.offers,
      headers: { authorization: `Bearer ${owner.key}` },
      payload: { merchant: 'BRAZIL', title: { PT: 'Bônus' }, terms: { ...reloadTerms } },
    });
    expect([banned.statusCode, banned.json().code]).toEqual([403, 'APP_ERR_PROMOTION_MARKET_BANNED']);
  });
});

describe('the daily rebate', () => {
  it('sums valid bets × rate per category, capped', () => {
    expect(
      rebateOf({ RNG: 80, LOTT: 50 }, 1_000, [
        { category: 'RNG', validStake: 10_000 },
        { category: 'LOTT', validStake: 999 },
        { category: 'LIVE', validStake: 50_000 },
      ]),
    ).toBe(80 + 4);
    expect(rebateOf({ '*': 100 }, 300, [{ category: 'LIVE', validStake: 50_000 }])).toBe(300);
  });

  it('pays each player once per day after the day ends, as a test clock moves the day', async () => {
    const id = await createOffer(db, brazil, {
      title: { PT: 'Rebate diário', EN: 'Daily rebate' },
      terms: {
        type: 'daily_rebate',
        ratesBp: { RNG: 100, LOTT: 50 },
        capPerDay: 500,
        multiple: 1,
        contributions: { '*': 100 },
        maxBet: null,
        wagerDays: 3,
      },
    });
    const a = await newPlayer(app, db, 'BRAZIL');
    const b = await newPlayer(app, db, 'BRAZIL');
    await move(brazil, a.id, 'deposit', 100_000);
    await move(brazil, b.id, 'deposit', 100_000);
    await move(brazil, a.id, 'bet', 20_000, 'RNG');
    await move(brazil, a.id, 'bet', 10_000, 'LOTT');
    await move(brazil, a.id, 'win', 5_000, 'RNG');
    await move(brazil, b.id, 'bet', 90_000, 'RNG'); // R$ 900.00: its 1% is capped at R$ 5.00
    expect((await listOf(a.call)).find((x) => x.id === id)).toMatchObject({ status: 'process', reason: 'automatic', paid: null });
    // Claiming by hand is refused: it is paid by the job.
    expect((await a.call('POST', claimPath(id), {})).json().code).toBe('APP_ERR_PROMOTION_NOT_ELIGIBLE');

    // The day has not ended: nothing is paid.
    await runRebates(db, new Date());
    expect(await wallet(brazil, a.id, 'bonus')).toBe(0);

    const tomorrow = new Date(Date.now() + DAY + REBATE_GRACE_MS);
    const ran = (await runRebates(db, tomorrow)).filter((o) => o.outcome === 'ran');
    expect(ran.map((o) => o.rows)).toContain(2);
    // What this offer paid (the demo's own rebate pays beside it): 1% of 200.00 + 0.5% of 100.00; 1% of 900.00 capped at 5.00.
    const paidBy = async (p: typeof a) => (await listOf(p.call)).find((x) => x.id === id)?.paid;
    expect(await paidBy(a)).toMatchObject({ amount: 2.5 });
    expect(await paidBy(b)).toMatchObject({ amount: 5 });
    // Every rebate paid lands in the bonus wallet, with a 1× wagering.
    const rebates = async (p: typeof a) =>
      Math.round((await listOf(p.call)).filter((x) => x.type === 'daily_rebate').reduce((sum, x) => sum + (x.paid?.amount ?? 0), 0) * 100);
    const [paidA, paidB] = [await rebates(a), await rebates(b)];
    expect(paidA).toBeGreaterThanOrEqual(250);
    expect(await wallet(brazil, a.id, 'bonus')).toBe(paidA);
    expect(await wallet(brazil, b.id, 'bonus')).toBe(paidB);
    // The day's bets were placed before the rebate existed: they do not count for its wagering.
    expect(await bonusWageringLeft(db, a.id)).toBe(paidA);

    // A node that paid the day and died before marking it done: the day's work again pays nothing.
    const offer = await offerOf(db, brazil.id, id);
    if (!offer) throw new Error('offer missing');
    const today = periodAt('day', brazil.timeZone, new Date());
    expect(await inTransaction(db, (tx) => rebateJob(offer, brazil).run(tx, today))).toBe(0);
    // Again, and the day after (no bets): nothing more.
    await runRebates(db, tomorrow);
    await runRebates(db, new Date(tomorrow.getTime() + DAY));
    expect(await wallet(brazil, a.id, 'bonus')).toBe(paidA);
    expect(await wallet(brazil, b.id, 'bonus')).toBe(paidB);
    expect((await checkLedger(db)).ok).toBe(true);
  });
});

describe('random deposits, claimed bonuses, bets and withdrawals', () => {
  type Step =
    | { kind: 'deposit'; amount: number }
    | { kind: 'claim'; offer: 'first' | 'reload' }
    | { kind: 'bet'; amount: number; category: string }
    | { kind: 'withdraw' };
  const step: fc.Arbitrary<Step> = fc.oneof(
    fc.record({ kind: fc.constant('deposit' as const), amount: fc.integer({ min: 2, max: 30 }).map((n) => n * 1_000) }),
    fc.record({ kind: fc.constant('claim' as const), offer: fc.constantFrom('first' as const, 'reload' as const) }),
    fc.record({
      kind: fc.constant('bet' as const),
      amount: fc.integer({ min: 1, max: 8_000 }),
      category: fc.constantFrom('RNG', 'LOTT', 'LIVE'),
    }),
    fc.record({ kind: fc.constant('withdraw' as const) }),
  );

  it('never owe a negative turnover, allow a withdrawal exactly when nothing is owed, and keep the ledger whole', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 12 }), async (steps) => {
        const p = await newPlayer(app, db, 'UEMOA');
        // UEMOA asks for a verified identity before a withdrawal.
        await verifyMember(db, { id: p.id, merchantId: uemoa.id });
        await setPaymentPassword(p);
        const account = await bindAccount(db, p, p.mobile, {
          kind: 'mobile_money',
          holderName: 'Awa Diop',
          institution: 'ORANGE',
          number: p.mobile,
        });
        for (const s of steps) {
          if (s.kind === 'deposit') await move(uemoa, p.id, 'deposit', s.amount);
          else if (s.kind === 'claim') {
            const res = await p.call('POST', claimPath(s.offer === 'first' ? firstDeposit : reload), {});
            expect([200, 409], res.body).toContain(res.statusCode);
          } else if (s.kind === 'bet') {
            const amount = Math.min(s.amount, await wallet(uemoa, p.id, 'main'));
            if (amount > 0) await move(uemoa, p.id, 'bet', amount, s.category);
          }
          const owed = (await p.call('GET', '/wps/withdraw/info')).json().value.turnover.remaining;
          expect(await bonusWageringLeft(db, p.id)).toBeGreaterThanOrEqual(0);
          expect(owed).toBeGreaterThanOrEqual(0);
          if (s.kind !== 'withdraw' || (await wallet(uemoa, p.id, 'main')) < 1_000) continue;
          const res = await p.call('POST', '/wps/withdraw', {
            accountId: account.id,
            amount: 1_000,
            paymentPassword: '246810',
            requestId: rid('wd'),
          });
          if (owed === 0) expect(res.statusCode === 200 || res.json().code === 'APP_ERR_WALLET_DAILY_LIMIT', res.body).toBe(true);
          else expect([res.json().code, res.json().value.fields[0].params.remaining]).toEqual(['APP_ERR_WALLET_TURNOVER_NOT_MET', owed]);
        }
        const held = (await p.call('GET', `${promotionPaths.bonusDetails}?pageSize=50`)).json().value.held;
        expect(await wallet(uemoa, p.id, 'bonus')).toBe(held);
      }),
      { numRuns: 5 },
    );
    expect((await checkLedger(db)).ok).toBe(true);
  });
});
