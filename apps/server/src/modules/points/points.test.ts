import { pointsPaths } from '@platform/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeOperator } from '../../../test/operators.ts';
import { newPlayer, rid, setPaymentPassword } from '../../../test/payments.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import type { Db } from '../../platform/db.ts';
import { type Merchant, merchantByCode } from '../merchants/merchants.service.ts';
import { grantMany } from '../wallet/ledger.grants.ts';
import { balanceOf, checkLedger, houseAccount, memberAccount, post } from '../wallet/ledger.service.ts';
import { addMallItem } from './mall.service.ts';
import { catchUpPoints, POINTS_CURRENCY, pointsKinds, setPointsRules } from './points.service.ts';

let t: TestApp;
let app: FastifyInstance;
let db: Db;
let brazil: Merchant;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await buildTestApp();
  app = t.app;
  db = t.database.db;
  brazil = (await merchantByCode(db, 'BRAZIL')) as Merchant;
  // 1 point per R$ 10 on slots, 1 per R$ 20 elsewhere, lottery none; 1 point per R$ 5 deposited; 100 points = R$ 1.
  await setPointsRules(db, {
    merchantId: brazil.id,
    enabled: true,
    betRules: { RNG: 1000, '*': 2000, LOTT: 0 },
    depositUnit: 500,
    convertPoints: 100,
    convertCash: 100,
    convertMin: 500,
  });
  const op = await makeOperator(db, { account: 'points-support', role: 'support', merchants: ['BRAZIL'] });
  admin = { authorization: `Bearer ${op.key}` };
});
afterAll(() => t.close());

/** A movement of a member's main wallet as the games and cashier write it. */
async function move(memberId: number, type: 'bet' | 'rollback' | 'deposit' | 'win', amount: number, category = 'RNG') {
  const main = await memberAccount(db, brazil.id, memberId, 'main', brazil.currency);
  const house = await houseAccount(db, brazil.id, type === 'deposit' ? 'cash_in' : 'games', brazil.currency, memberId);
  const toMember = type !== 'bet';
  await post(db, {
    merchantId: brazil.id,
    type,
    postings: [
      { accountId: house, amount: toMember ? -amount : amount },
      { accountId: main, amount: toMember ? amount : -amount },
    ],
    reference: { category },
  });
}

const points = async (memberId: number, kind: string = pointsKinds.points) =>
  balanceOf(db, await memberAccount(db, brazil.id, memberId, kind, POINTS_CURRENCY));

/** Points given the way the consumer gives them (the same ledger statement). */
async function givePoints(memberId: number, amount: number) {
  await grantMany(db, {
    type: 'points_earn',
    kind: pointsKinds.points,
    houseKind: `${pointsKinds.issued}#0`,
    currency: POINTS_CURRENCY,
    grants: [{ merchantId: brazil.id, memberId, amount, key: rid('give'), reference: { test: true } }],
  });
}

const address = { name: 'Ana Souza', phone: '+55 11 98765-4321', address: 'Rua das Flores 100', city: 'São Paulo', postcode: '01000-000' };

describe('earning points from the ledger feed', () => {
  it('counts valid bets by category and deposits at the merchant’s rules, small bets adding up, rollbacks taken back', async () => {
    const p = await newPlayer(app, db);
    await move(p.id, 'deposit', 100_000); // R$ 1,000 → 200 points
    for (let i = 0; i < 7; i++) await move(p.id, 'bet', 150); // 7 × R$ 1.50 of slots = R$ 10.50 → 1 point, R$ 0.50 left over
    await move(p.id, 'bet', 4_000, 'LIVE'); // R$ 40 elsewhere → 2 points
    await move(p.id, 'bet', 50_000, 'LOTT'); // lottery earns none
    await move(p.id, 'win', 99_999); // wins earn none
    await catchUpPoints(db);
    expect(await points(p.id)).toBe(203);
    await move(p.id, 'rollback', 4_000, 'LIVE'); // the R$ 40 bet undone: its 2 points come off later earnings, never off the balance
    await move(p.id, 'bet', 2_000, 'LIVE'); // +1 point of value, but 2 are owed
    await catchUpPoints(db);
    expect(await points(p.id)).toBe(203);
    await move(p.id, 'bet', 3_000, 'LIVE'); // +1.5 points of value: still 0.55 short of the 2 owed
    await catchUpPoints(db);
    expect(await points(p.id)).toBe(203);
    await move(p.id, 'bet', 1_000, 'RNG'); // +1 → whole again
    await catchUpPoints(db);
    expect(await points(p.id)).toBe(204);
    const res = await p.call('GET', pointsPaths.balance);
    expect(res.json().value).toEqual({ points: 204, held: 0, earned: 204 });
    const detail = (await p.call('GET', `${pointsPaths.transactions}?pageSize=50`)).json().value;
    expect(detail.content.every((r: { type: string }) => r.type === 'earn')).toBe(true);
    expect(detail.content[0].balance).toBe(204);
    expect(detail.content.reduce((s: number, r: { points: number }) => s + r.points, 0)).toBe(204);
    // Points are not money: the account record shows the deposit and bets, no points.
    const record = (await p.call('GET', '/wps/v2/wallets/transactions?period=today&pageSize=100')).json().value;
    expect(record.content.some((r: { type: string }) => r.type.startsWith('points'))).toBe(false);
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it('shows the rules table with amounts in the merchant’s currency', async () => {
    const res = await app.inject({ url: pointsPaths.config, headers: { merchant: 'BRAZIL' } });
    expect(res.json().value).toEqual({
      enabled: true,
      currency: 'BRL',
      betRules: [
        { category: 'RNG', betPerPoint: 10 },
        { category: '*', betPerPoint: 20 },
      ],
      depositPerPoint: 5,
      convert: { enabled: true, points: 100, cash: 1, minPoints: 500 },
    });
  });
});

describe('converting points to cash', () => {
  it('converts whole steps at the ratio with the payment password, once per request id', async () => {
    const p = await newPlayer(app, db);
    await setPaymentPassword(p);
    await givePoints(p.id, 1_250);
    const body = { points: 1_200, paymentPassword: '246810', requestId: rid('cv') };
    const res = await p.call('POST', pointsPaths.convert, body);
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toMatchObject({ points: 1_200, cash: 12, balance: { points: 50, held: 0 } });
    const again = await p.call('POST', pointsPaths.convert, body);
    expect(again.json().value.reference).toBe(res.json().value.reference);
    expect(await points(p.id)).toBe(50);
    expect(await balanceOf(db, await memberAccount(db, brazil.id, p.id, 'main', brazil.currency))).toBe(1_200);
    const list = (await p.call('GET', pointsPaths.redeemList)).json().value;
    expect(list.content[0]).toMatchObject({ type: 'cash', points: 1_200, amount: 12, status: 'completed' });
  });

  it('refuses a wrong password, a broken step and more points than held, moving nothing', async () => {
    const p = await newPlayer(app, db);
    await setPaymentPassword(p);
    await givePoints(p.id, 600);
    const wrong = await p.call('POST', pointsPaths.convert, { points: 500, paymentPassword: '111111', requestId: rid('cv') });
    expect([wrong.statusCode, wrong.json().code, wrong.json().value.fields?.[0]?.field]).toEqual([
      400,
      'APP_ERR_WALLET_PAYMENT_PASSWORD_WRONG',
      'paymentPassword',
    ]);
    const step = await p.call('POST', pointsPaths.convert, { points: 550, paymentPassword: '246810', requestId: rid('cv') });
    expect([step.statusCode, step.json().value.fields?.[0]]).toEqual([
      400,
      { field: 'points', message: 'validation.points_step', params: { step: 100, min: 500 } },
    ]);
    const small = await p.call('POST', pointsPaths.convert, { points: 100, paymentPassword: '246810', requestId: rid('cv') });
    expect(small.json().value.fields?.[0]?.message).toBe('validation.points_step');
    const over = await p.call('POST', pointsPaths.convert, { points: 700, paymentPassword: '246810', requestId: rid('cv') });
    expect([over.statusCode, over.json().code, over.json().value.fields?.[0]?.field]).toEqual([
      409,
      'APP_ERR_POINTS_INSUFFICIENT',
      'points',
    ]);
    const bad = await p.call('POST', pointsPaths.convert, { points: -5, paymentPassword: '', requestId: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(await points(p.id)).toBe(600);
    expect((await p.call('GET', pointsPaths.redeemList)).json().value.totalElements).toBe(0);
  });
});

describe('the points mall', () => {
  let tee = 0;
  let voucher = 0;
  beforeAll(async () => {
    tee = await addMallItem(db, {
      merchantId: brazil.id,
      kind: 'goods',
      name: { EN: 'Team T-shirt', PT: 'Camiseta do time' },
      description: { EN: 'Cotton, sizes S to XL', PT: 'Algodão, tamanhos P a GG' },
      image: '/img/mall/tshirt.svg',
      points: 300,
      stock: 5,
      dailyLimit: 2,
      sort: 1,
    });
    voucher = await addMallItem(db, {
      merchantId: brazil.id,
      kind: 'virtual',
      name: { EN: 'Phone top-up R$ 10', PT: 'Recarga de celular R$ 10' },
      description: { EN: 'Credited to your bound mobile', PT: 'Creditada no seu celular vinculado' },
      image: '/img/mall/topup.svg',
      points: 1_000,
      stock: 50,
      dailyLimit: 0,
      sort: 2,
    });
  });

  it('reserves points and stock on application, spends them on approval and completes with the tracking number', async () => {
    const p = await newPlayer(app, db);
    await setPaymentPassword(p);
    await givePoints(p.id, 1_000);
    const goods = (await p.call('GET', pointsPaths.goods)).json().value;
    expect(goods.find((g: { id: number }) => g.id === tee)).toMatchObject({
      name: 'Team T-shirt',
      points: 300,
      stock: 5,
      redeemedToday: 0,
    });
    const res = await p.call('POST', pointsPaths.redeem, {
      itemId: tee,
      quantity: 2,
      paymentPassword: '246810',
      requestId: rid('rd'),
      address,
    });
    expect(res.statusCode).toBe(200);
    const redemption = res.json().value.redemption;
    expect(redemption).toMatchObject({ status: 'applying', points: 600, quantity: 2, type: 'goods', address });
    expect(res.json().value.balance).toMatchObject({ points: 400, held: 600 });
    expect((await p.call('GET', pointsPaths.goods)).json().value.find((g: { id: number }) => g.id === tee)).toMatchObject({
      stock: 3,
      redeemedToday: 2,
    });
    // The daily limit (2) is reached.
    const third = await p.call('POST', pointsPaths.redeem, {
      itemId: tee,
      quantity: 1,
      paymentPassword: '246810',
      requestId: rid('rd'),
      address,
    });
    expect([third.statusCode, third.json().code, third.json().value.fields?.[0]?.params]).toEqual([
      409,
      'APP_ERR_MALL_DAILY_LIMIT',
      { limit: 2 },
    ]);

    const url = (action: string) => pointsPaths[action as 'adminRedemptionApprove'].replace(':reference', redemption.reference);
    const approved = await app.inject({ method: 'POST', url: url('adminRedemptionApprove'), headers: admin, payload: {} });
    expect([approved.statusCode, approved.json().value.status]).toEqual([200, 'approved']);
    expect(await points(p.id, pointsKinds.held)).toBe(0);
    const twice = await app.inject({ method: 'POST', url: url('adminRedemptionReject'), headers: admin, payload: { remark: 'late' } });
    expect([twice.statusCode, twice.json().code]).toEqual([409, 'APP_ERR_MALL_REDEMPTION_STATE']);
    const done = await app.inject({
      method: 'POST',
      url: url('adminRedemptionComplete'),
      headers: admin,
      payload: { trackingNumber: 'BR123456789' },
    });
    expect(done.json().value).toMatchObject({ status: 'completed', trackingNumber: 'BR123456789' });
    const mine = (await p.call('GET', pointsPaths.redeemList)).json().value.content[0];
    expect(mine).toMatchObject({
      reference: redemption.reference,
      status: 'completed',
      trackingNumber: 'BR123456789',
      name: 'Team T-shirt',
    });
    const queue = (await app.inject({ url: `${pointsPaths.adminRedemptions}?merchant=BRAZIL&status=completed`, headers: admin })).json()
      .value;
    expect(queue.content.map((r: { reference: string }) => r.reference)).toContain(redemption.reference);
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it('gives points and stock back on rejection, and completes virtual goods on approval', async () => {
    const p = await newPlayer(app, db);
    await setPaymentPassword(p);
    await givePoints(p.id, 2_000);
    const stockBefore = (await p.call('GET', pointsPaths.goods)).json().value.find((g: { id: number }) => g.id === voucher).stock;
    const a = (
      await p.call('POST', pointsPaths.redeem, { itemId: voucher, quantity: 1, paymentPassword: '246810', requestId: rid('rd') })
    ).json().value;
    const b = (
      await p.call('POST', pointsPaths.redeem, { itemId: voucher, quantity: 1, paymentPassword: '246810', requestId: rid('rd') })
    ).json().value;
    expect(b.balance).toMatchObject({ points: 0, held: 2_000 });
    const reject = await app.inject({
      method: 'POST',
      url: pointsPaths.adminRedemptionReject.replace(':reference', a.redemption.reference),
      headers: admin,
      payload: { remark: 'Out of this operator' },
    });
    expect(reject.json().value).toMatchObject({ status: 'rejected', remark: 'Out of this operator' });
    const approve = await app.inject({
      method: 'POST',
      url: pointsPaths.adminRedemptionApprove.replace(':reference', b.redemption.reference),
      headers: admin,
      payload: {},
    });
    expect(approve.json().value.status).toBe('completed');
    // The player is told each decision by a platform message, with the operator's remark.
    const inbox = (await p.call('GET', '/wps/messages')).json().value.content.map((m: { title: string; content: string }) => m);
    const titles = inbox.map((m: { title: string }) => m.title).filter((t: string) => /Redemption|Exchange/.test(t));
    expect(titles.sort()).toEqual(['Exchange completed', 'Redemption rejected: points returned']);
    expect(inbox.find((m: { title: string }) => m.title.startsWith('Redemption rejected')).content).toContain('Out of this operator');
    expect(await points(p.id)).toBe(1_000);
    expect(await points(p.id, pointsKinds.held)).toBe(0);
    expect((await p.call('GET', pointsPaths.goods)).json().value.find((g: { id: number }) => g.id === voucher).stock).toBe(stockBefore - 1);
    const detail = (await p.call('GET', pointsPaths.transactions))
      .json()
      .value.content.map((r: { type: string; points: number }) => [r.type, r.points]);
    expect(detail).toEqual([
      ['release', 1_000],
      ['redeem', -1_000],
      ['redeem', -1_000],
      ['earn', 2_000],
    ]);
  });

  it('refuses missing address fields, an unknown item, a wrong password and too few points, changing nothing', async () => {
    const p = await newPlayer(app, db);
    await setPaymentPassword(p);
    await givePoints(p.id, 500);
    const redeem = (body: object) =>
      p.call('POST', pointsPaths.redeem, { itemId: tee, quantity: 1, paymentPassword: '246810', requestId: rid('rd'), ...body });
    const noAddress = await redeem({});
    expect([noAddress.statusCode, noAddress.json().value.fields]).toEqual([
      400,
      [{ field: 'address', message: 'validation.address_required' }],
    ]);
    const partial = await redeem({ address: { name: 'A', phone: 'abc', address: '', city: 'Rio' } });
    expect(partial.statusCode).toBe(400);
    expect(
      partial
        .json()
        .value.fields.map((f: { field: string }) => f.field)
        .sort(),
    ).toEqual(['address.address', 'address.name', 'address.phone']);
    const unknown = await redeem({ itemId: 999_999, address });
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'APP_ERR_MALL_ITEM_UNKNOWN']);
    const wrong = await redeem({ paymentPassword: '000000', address });
    expect(wrong.json().code).toBe('APP_ERR_WALLET_PAYMENT_PASSWORD_WRONG');
    const over = await redeem({ itemId: voucher });
    expect([over.statusCode, over.json().code]).toEqual([409, 'APP_ERR_POINTS_INSUFFICIENT']);
    expect(await points(p.id)).toBe(500);
    expect((await p.call('GET', pointsPaths.redeemList)).json().value.totalElements).toBe(0);
    expect((await p.call('GET', pointsPaths.goods)).json().value.find((g: { id: number }) => g.id === voucher).redeemedToday).toBe(0);
  });

  it('delivers the last unit in stock once to 100 concurrent redemptions, the points ledger intact', async () => {
    const last = await addMallItem(db, {
      merchantId: brazil.id,
      kind: 'virtual',
      name: { EN: 'The last one' },
      description: { EN: 'One left' },
      image: '/img/mall/topup.svg',
      points: 100,
      stock: 1,
      dailyLimit: 1,
      sort: 9,
    });
    // Players are signed up one by one (a burst of logins would be asked for a captcha); only the redemptions race.
    const players: Awaited<ReturnType<typeof newPlayer>>[] = [];
    for (let i = 0; i < 100; i++) {
      const p = await newPlayer(app, db);
      await setPaymentPassword(p);
      await givePoints(p.id, 100);
      players.push(p);
    }
    const answers = await Promise.all(
      players.map((p) =>
        p.call('POST', pointsPaths.redeem, { itemId: last, quantity: 1, paymentPassword: '246810', requestId: rid('last') }),
      ),
    );
    const won = answers.filter((r) => r.statusCode === 200);
    expect(won).toHaveLength(1);
    expect(new Set(answers.filter((r) => r.statusCode !== 200).map((r) => `${r.statusCode} ${r.json().code}`))).toEqual(
      new Set(['409 APP_ERR_MALL_OUT_OF_STOCK']),
    );
    const held = await Promise.all(players.map((p) => points(p.id, pointsKinds.held)));
    expect(held.reduce((s, h) => s + h, 0)).toBe(100);
    const goods = (await players[0]?.call('GET', pointsPaths.goods))?.json().value;
    expect(goods.find((g: { id: number }) => g.id === last).stock).toBe(0);
    expect((await checkLedger(db)).ok).toBe(true);
  }, 120_000);
});
