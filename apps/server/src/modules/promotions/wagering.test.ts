import { promotionPaths } from '@platform/contract';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindAccount, newPlayer, rid, setPaymentPassword } from '../../../test/payments.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import { verifyMember } from '../../../test/verification.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { type Merchant, merchantByCode } from '../merchants/merchants.service.ts';
import { catchUp } from '../wallet/ledger.feed.ts';
import { balanceOf, checkLedger, houseAccount, memberAccount, post, postMany } from '../wallet/ledger.service.ts';
import type { ObligationRow } from './wagering.repository.ts';
import { bonusWageringLeft, countStake, expireBonuses, grantBonus, wageringConsumer } from './wagering.service.ts';

let t: TestApp;
let app: FastifyInstance;
let db: Db;
let uemoa: Merchant;

beforeAll(async () => {
  t = await buildTestApp();
  app = t.app;
  db = t.database.db;
  uemoa = (await merchantByCode(db, 'UEMOA')) as Merchant;
});
afterAll(() => t.close());

const day = 86_400_000;
const slotsOnly = { SLOT: 100, RNG: 100, LOTT: 20, '*': 0 };

/** A movement between a member's main wallet and a house account, as the games and cashier write them. */
async function move(memberId: number, type: string, amount: number, category?: string, turnover = 0) {
  const main = await memberAccount(db, uemoa.id, memberId, 'main', uemoa.currency);
  const house = await houseAccount(db, uemoa.id, type === 'deposit' ? 'cash_in' : 'games', uemoa.currency, memberId);
  const toMember = type === 'deposit' || type === 'win' || type === 'rollback';
  return post(db, {
    merchantId: uemoa.id,
    type,
    postings: [
      { accountId: house, amount: toMember ? -amount : amount },
      { accountId: main, amount: toMember ? amount : -amount },
    ],
    reference: category ? { category } : {},
    ...(turnover > 0 ? { turnoverRequired: { memberId, amount: turnover } } : {}),
  });
}

const grant = (memberId: number, key: string, amount: number, required: number, extra: Partial<Parameters<typeof grantBonus>[1]> = {}) =>
  grantBonus(db, {
    merchant: uemoa,
    memberId,
    grantKey: key,
    title: 'deposit_match',
    amount,
    required,
    contributions: slotsOnly,
    maxBet: null,
    expiresAt: new Date(Date.now() + 7 * day),
    ...extra,
  });

const wallet = async (memberId: number, kind: string) => balanceOf(db, await memberAccount(db, uemoa.id, memberId, kind, uemoa.currency));

describe('counting a stake against obligations', () => {
  const ob = (id: number, required: number, contributions: Record<string, number>): ObligationRow => ({
    id,
    merchantId: 1,
    memberId: 1,
    title: 't',
    bonusAmount: 1,
    required,
    wagered: 0,
    contributions,
    maxBet: null,
    status: 'active',
    expiresAt: new Date(),
    createdAt: new Date(),
    settledAt: null,
  });

  it('counts stake × contribution, oldest first, passing on the stake the first did not need', () => {
    const a = ob(1, 1_000, { SLOT: 100, LIVE: 10 });
    const b = ob(2, 1_000, { '*': 50 });
    expect(countStake([a, b], 'LIVE', 5_000)).toEqual([]);
    expect(a.wagered).toBe(500);
    expect(b.wagered).toBe(0);
    // 700 of SLOT: 500 completes a, the 200 left count half on b.
    expect(countStake([a, b], 'SLOT', 700).map((o) => o.id)).toEqual([1]);
    expect([a.wagered, a.status, b.wagered]).toEqual([1_000, 'completed', 100]);
    // A category an obligation excludes passes it by.
    const c = ob(3, 100, { SLOT: 100, '*': 0 });
    expect(countStake([c], 'LOTT', 1_000)).toEqual([]);
    expect(c.wagered).toBe(0);
    // A refund gives back from the newest, never below zero.
    countStake([a, b], 'SLOT', -10_000);
    expect([a.wagered, b.wagered]).toEqual([1_000, 0]);
  });
});

describe('a bonus with wagering', () => {
  it('waits in the bonus wallet, counts valid bets by category from the feed, and becomes cash once met', async () => {
    const p = await newPlayer(app, db, 'UEMOA');
    await move(p.id, 'deposit', 20_000);
    const g = await grant(p.id, `wg-${p.id}`, 5_000, 20_000);
    expect(g.granted).toBe(true);
    expect([await wallet(p.id, 'main'), await wallet(p.id, 'bonus')]).toEqual([20_000, 5_000]);
    expect(await bonusWageringLeft(db, p.id)).toBe(20_000);

    await move(p.id, 'bet', 5_000, 'RNG');
    await move(p.id, 'bet', 5_000, 'LOTT'); // counts 20%: 1,000
    await move(p.id, 'bet', 1_000, 'LIVE'); // excluded
    await move(p.id, 'win', 9_000, 'RNG');
    expect(await bonusWageringLeft(db, p.id)).toBe(14_000);
    const page = (await p.call('GET', `${promotionPaths.bonusDetails}?pageNo=1&pageSize=10`)).json().value;
    // F CFA have no minor unit: the edge's amounts are the ledger's.
    expect(page.content[0]).toMatchObject({
      status: 'active',
      bonus: 5_000,
      required: 20_000,
      wagered: 6_000,
      remaining: 14_000,
      progress: 30,
    });
    expect(page).toMatchObject({ remaining: 14_000, held: 5_000, spendingOrder: 'cash_only' });

    await move(p.id, 'rollback', 1_000, 'RNG');
    expect(await bonusWageringLeft(db, p.id)).toBe(15_000);
    await move(p.id, 'bet', 8_000, 'RNG');
    await move(p.id, 'bet', 7_000, 'RNG');
    expect(await bonusWageringLeft(db, p.id)).toBe(0);
    expect(await wallet(p.id, 'bonus')).toBe(0);
    // 20,000 + 9,000 win + 1,000 refund − 26,000 staked, + the 5,000 bonus released.
    expect(await wallet(p.id, 'main')).toBe(9_000);
    const done = (await p.call('GET', promotionPaths.bonusDetails)).json().value.content[0];
    expect(done).toMatchObject({ status: 'completed', remaining: 0, progress: 100 });
    // Released once, however often the feed is read again.
    await catchUp(db, wageringConsumer);
    expect(await wallet(p.id, 'main')).toBe(9_000);
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it('pays 100 concurrent grants of one key once', async () => {
    const p = await newPlayer(app, db, 'UEMOA');
    const answers = await Promise.all(Array.from({ length: 100 }, () => grant(p.id, `once-${p.id}`, 1_000, 5_000)));
    expect(answers.filter((a) => a.granted)).toHaveLength(1);
    expect(new Set(answers.map((a) => a.transactionId)).size).toBe(1);
    expect(await wallet(p.id, 'bonus')).toBe(1_000);
    expect(await bonusWageringLeft(db, p.id)).toBe(5_000);
  });

  it('goes back to the house on expiry, after the bets made in time are counted', async () => {
    const p = await newPlayer(app, db, 'UEMOA');
    await move(p.id, 'deposit', 5_000);
    await grant(p.id, `exp-a-${p.id}`, 1_000, 1_000, { expiresAt: new Date(Date.now() + day) });
    await grant(p.id, `exp-b-${p.id}`, 2_000, 10_000, { expiresAt: new Date(Date.now() + day) });
    await move(p.id, 'bet', 1_000, 'SLOT'); // completes the first, just in time
    expect(await expireBonuses(db, new Date(Date.now() + 2 * day))).toBeGreaterThanOrEqual(1);
    expect(await wallet(p.id, 'bonus')).toBe(0);
    expect(await wallet(p.id, 'main')).toBe(5_000);
    expect(await bonusWageringLeft(db, p.id)).toBe(0);
    const statuses = (await p.call('GET', promotionPaths.bonusDetails)).json().value.content.map((b: { status: string }) => b.status);
    expect(statuses).toEqual(['expired', 'completed']);
  });

  it('is forfeited only with the member’s explicit yes', async () => {
    const p = await newPlayer(app, db, 'UEMOA');
    await grant(p.id, `ff-${p.id}`, 3_000, 9_000);
    const refused = await p.call('POST', promotionPaths.forfeitBonuses, {});
    expect(refused.statusCode).toBe(400);
    expect(await wallet(p.id, 'bonus')).toBe(3_000);
    const res = await p.call('POST', promotionPaths.forfeitBonuses, { confirm: true });
    expect(res.json().value).toEqual({ forfeited: 1, amount: 3_000 });
    expect(await wallet(p.id, 'bonus')).toBe(0);
    expect(await bonusWageringLeft(db, p.id)).toBe(0);
    expect((await p.call('POST', promotionPaths.forfeitBonuses, { confirm: true })).json().value).toEqual({ forfeited: 0, amount: 0 });
  });
});

describe('max bet while wagering, a stake-gate policy', () => {
  it('refuses a stake above the cap in both gate forms, moving nothing, and lets it pass once the bonus is gone', async () => {
    const p = await newPlayer(app, db, 'UEMOA');
    await move(p.id, 'deposit', 50_000);
    await grant(p.id, `cap-${p.id}`, 1_000, 100_000, { maxBet: 2_000 });
    const main = await memberAccount(db, uemoa.id, p.id, 'main', uemoa.currency);
    const games = await houseAccount(db, uemoa.id, 'games', uemoa.currency, p.id);
    const groupBet = (amount: number) =>
      postMany(db, [
        {
          merchantId: uemoa.id,
          type: 'bet',
          memberAccountId: main,
          houseAccountId: games,
          amount: -amount,
          idempotencyKey: rid('gb'),
          request: { amount },
        },
      ]);
    // One stake (passGate): the refusal says the cap.
    const refused = await move(p.id, 'bet', 2_001, 'SLOT').catch((err: AppError) => err);
    expect(refused).toBeInstanceOf(AppError);
    expect([(refused as AppError).code, (refused as AppError).detail]).toEqual(['APP_ERR_STAKE_MAX_BET', { maxBet: 2_000 }]);
    await move(p.id, 'bet', 2_000, 'SLOT');
    // Many stakes in the group statement (the seamless wallet's form).
    expect(await groupBet(2_500)).toEqual([{ status: 'refused', code: 'APP_ERR_STAKE_MAX_BET' }]);
    expect((await groupBet(1_500))[0]?.status).toBe('posted');
    expect(await wallet(p.id, 'main')).toBe(50_000 - 3_500);
    await p.call('POST', promotionPaths.forfeitBonuses, { confirm: true });
    expect((await groupBet(2_500))[0]?.status).toBe('posted');
    expect((await move(p.id, 'bet', 5_000, 'SLOT')).replayed).toBe(false);
  });
});

describe('random deposits, bonuses, bets and withdrawals', () => {
  type Step =
    | { kind: 'deposit'; amount: number }
    | { kind: 'bonus'; amount: number; times: number }
    | { kind: 'bet'; amount: number; category: string }
    | { kind: 'rollback'; amount: number; category: string }
    | { kind: 'withdraw' };
  const category = fc.constantFrom('SLOT', 'LIVE', 'LOTT');
  const step: fc.Arbitrary<Step> = fc.oneof(
    fc.record({ kind: fc.constant('deposit' as const), amount: fc.integer({ min: 2, max: 40 }).map((n) => n * 500) }),
    fc.record({
      kind: fc.constant('bonus' as const),
      amount: fc.integer({ min: 1, max: 20 }).map((n) => n * 100),
      times: fc.integer({ min: 1, max: 5 }),
    }),
    fc.record({ kind: fc.constant('bet' as const), amount: fc.integer({ min: 1, max: 3_000 }), category }),
    fc.record({ kind: fc.constant('rollback' as const), amount: fc.integer({ min: 1, max: 500 }), category }),
    fc.record({ kind: fc.constant('withdraw' as const) }),
  );

  it('never owe a negative turnover, allow a withdrawal exactly when nothing is owed, and keep the ledger whole', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 14 }), async (steps) => {
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
        let n = 0;
        for (const s of steps) {
          n++;
          if (s.kind === 'deposit') await move(p.id, 'deposit', s.amount, undefined, s.amount);
          else if (s.kind === 'bonus') await grant(p.id, `prop-${p.id}-${n}`, s.amount, s.amount * s.times);
          else if (s.kind === 'bet' || s.kind === 'rollback') {
            const main = await wallet(p.id, 'main');
            const amount = Math.min(s.amount, s.kind === 'bet' ? main : 1_000_000);
            if (amount > 0) await move(p.id, s.kind, amount, s.category);
          }
          const info = (await p.call('GET', '/wps/withdraw/info')).json().value;
          const left = await bonusWageringLeft(db, p.id);
          expect(left).toBeGreaterThanOrEqual(0);
          expect(info.turnover.remaining).toBeGreaterThanOrEqual(0);
          if (s.kind === 'withdraw') {
            // F CFA: the edge's amounts are the ledger's. What is owed is the deposits' turnover and the bonuses' wagering together.
            const owed = info.turnover.remaining;
            expect(owed).toBeGreaterThanOrEqual(left);
            // UEMOA's minimum withdrawal is 1,000 F CFA.
            if ((await wallet(p.id, 'main')) < 1_000) continue;
            const res = await p.call('POST', '/wps/withdraw', {
              accountId: account.id,
              amount: 1_000,
              paymentPassword: '246810',
              requestId: rid('wd'),
            });
            // Nothing owed: it goes, unless the day's three withdrawals are used up.
            if (owed === 0) expect(res.statusCode === 200 || res.json().code === 'APP_ERR_WALLET_DAILY_LIMIT', res.body).toBe(true);
            else {
              expect(res.json().code, res.body).toBe('APP_ERR_WALLET_TURNOVER_NOT_MET');
              expect(res.json().value.fields[0].params.remaining).toBe(owed);
            }
          }
        }
        // What the bonus wallet holds is exactly the money of the bonuses still wagering.
        const active = (await p.call('GET', `${promotionPaths.bonusDetails}?pageSize=50`)).json().value;
        expect(await wallet(p.id, 'bonus')).toBe(active.held);
      }),
      { numRuns: 6 },
    );
    expect((await checkLedger(db)).ok).toBe(true);
  });
});
