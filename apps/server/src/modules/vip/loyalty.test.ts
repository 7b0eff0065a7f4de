import { loyaltyPaths, type ReferralStatus, type VipStatus } from '@platform/contract';
import { count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captchaAnswered, freshIp, smsCode } from '../../../test/auth.ts';
import { brazilRegistration } from '../../../test/market.ts';
import { newPlayer } from '../../../test/payments.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import { type Db, queryRows } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { members } from '../members/members.tables.ts';
import { type Merchant, merchantByCode } from '../merchants/merchants.service.ts';
import { obligationsOf } from '../promotions/wagering.repository.ts';
import { payReferrals, runReferralRewards } from '../referral/referral.service.ts';
import { referrals } from '../referral/referral.tables.ts';
import { balanceOf, checkLedger, houseAccount, memberAccount, post } from '../wallet/ledger.service.ts';
import { createLevel, evaluateMember, runVipLevels } from './vip.service.ts';
import { vipUpgrades } from './vip.tables.ts';

let t: TestApp;
let app: FastifyInstance;
let db: Db;
let brazil: Merchant;
let uemoa: Merchant;
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await buildTestApp();
  app = t.app;
  db = t.database.db;
  brazil = (await merchantByCode(db, 'BRAZIL')) as Merchant;
  uemoa = (await merchantByCode(db, 'UEMOA')) as Merchant;
});
afterAll(() => t.close());

/** A movement between a member's main wallet and a house account, as the cashier and the games write them. */
async function move(m: Merchant, memberId: number, type: 'deposit' | 'adjustment' | 'bet', amount: number, category = 'RNG') {
  const main = await memberAccount(db, m.id, memberId, 'main', m.currency);
  const house = await houseAccount(
    db,
    m.id,
    type === 'deposit' ? 'cash_in' : type === 'bet' ? 'games' : 'adjustments',
    m.currency,
    memberId,
  );
  const toMember = type !== 'bet';
  await post(db, {
    merchantId: m.id,
    type,
    reference: type === 'bet' ? { category } : {},
    postings: [
      { accountId: main, amount: toMember ? amount : -amount },
      { accountId: house, amount: toMember ? -amount : amount },
    ],
  });
}

/** Ledger movements under a key pattern. */
const movements = async (pattern: string) =>
  Number(
    (await queryRows<{ n: string }>(db, sql`select count(*) as n from ledger_transactions where idempotency_key like ${pattern}`))[0]?.n,
  );
const vipBonuses = (memberId: number) => movements(`bonus:vip:${memberId}:%`);

describe('VIP levels', () => {
  it('raises a Brazil player by valid bets through the hourly job, pays each level passed once as cash, never on a rerun', async () => {
    const p = await newPlayer(app, db, 'BRAZIL');
    await move(brazil, p.id, 'deposit', 900_000);
    // Seeded levels (R$): Silver 1,000 valid bets (bonus 10), Gold 5,000 (bonus 40), Platinum 20,000.
    await move(brazil, p.id, 'bet', 600_000, 'RNG');
    const before = await balanceOf(db, await memberAccount(db, brazil.id, p.id, 'main', brazil.currency));
    const ran = await runVipLevels(db, new Date(Date.now() + HOUR));
    expect(ran.some((o) => o.outcome === 'ran')).toBe(true);
    const [row] = await db.select({ rank: members.rankLevel }).from(members).where(eq(members.id, p.id));
    expect(row?.rank).toBe(3);
    const main = await balanceOf(db, await memberAccount(db, brazil.id, p.id, 'main', brazil.currency));
    expect(main - before).toBe(1_000 + 4_000);
    expect((await obligationsOf(db, p.id, 10, 0)).total).toBe(0);
    expect(await vipBonuses(p.id)).toBe(2);
    // Again, and the page: nothing more.
    await runVipLevels(db, new Date(Date.now() + 2 * HOUR));
    const page = (await p.call('GET', loyaltyPaths.vip)).json().value as VipStatus;
    expect(page).toMatchObject({ rank: 3, level: 2, validBets: 6_000, depositsCount: false });
    expect(page.next).toMatchObject({ rank: 4, validBetsPercent: 30, depositsPercent: 100 });
    expect(page.upgrades.map((u) => [u.rank, u.amount])).toEqual([
      [3, 40],
      [2, 10],
    ]);
    expect(page.levels.map((l) => l.deposits)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(page.levels[5]?.privileges.vipService).toBe(true);
    expect(await vipBonuses(p.id)).toBe(2);
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it('counts deposits on UEMOA and pays the upgrade into the bonus wallet with its wagering', async () => {
    const p = await newPlayer(app, db, 'UEMOA');
    // Silver: 100,000 valid bets and 10,000 deposited; bonus 1,000 × 3. Funds by an operator's adjustment count as no deposit.
    await move(uemoa, p.id, 'adjustment', 200_000);
    await move(uemoa, p.id, 'bet', 150_000);
    let page = (await p.call('GET', loyaltyPaths.vip)).json().value as VipStatus;
    expect(page).toMatchObject({ rank: 1, depositsCount: true, next: { rank: 2, validBetsPercent: 100, depositsPercent: 0 } });
    await move(uemoa, p.id, 'deposit', 20_000);
    page = (await p.call('GET', loyaltyPaths.vip)).json().value as VipStatus;
    expect(page).toMatchObject({ rank: 2, level: 1, next: { rank: 3, depositsPercent: 40 } });
    const [o] = (await obligationsOf(db, p.id, 10, 0)).rows;
    expect(o).toMatchObject({ bonusAmount: 1_000, required: 3_000, title: 'vip_upgrade' });
    expect(await balanceOf(db, await memberAccount(db, uemoa.id, p.id, 'bonus', uemoa.currency))).toBe(1_000);
  });

  it('pays one upgrade once for 100 concurrent evaluations', async () => {
    const p = await newPlayer(app, db, 'BRAZIL');
    await move(brazil, p.id, 'deposit', 200_000);
    await move(brazil, p.id, 'bet', 150_000);
    await runReferralRewards(db); // catches the statistics up
    const started = Date.now();
    const paid = await Promise.all(Array.from({ length: 100 }, () => evaluateMember(db, brazil, p.id)));
    const ms = Date.now() - started;
    expect(paid.filter((m) => m.length > 0)).toHaveLength(1);
    expect(await vipBonuses(p.id)).toBe(1);
    expect((await db.select({ n: count() }).from(vipUpgrades).where(eq(vipUpgrades.memberId, p.id)))[0]?.n).toBe(1);
    expect(ms).toBeLessThan(60_000);
    console.info(`100 concurrent VIP evaluations: ${ms} ms`);
  });

  it('refuses a deposit threshold where the market forbids pre-bet rewards', async () => {
    await expect(
      createLevel(db, brazil, {
        rank: 9,
        name: { EN: 'Deposit' },
        minValidBets: 0,
        minDeposits: 100,
        upgradeBonus: 100,
        wageringMultiple: 0,
        privileges: { rebateBp: 0, withdrawalsPerDay: 0 },
      }),
    ).rejects.toThrow(AppError);
  });
});

describe('invite friends', () => {
  const register = async (username: string, referralCode: string) => {
    const mobileNum = `119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const verificationCode = await smsCode(app, db, '/wps/verification/sms/register', '+55', mobileNum);
    return app.inject({
      method: 'PUT',
      url: '/wps/member/register',
      remoteAddress: freshIp(),
      payload: {
        username,
        password: 'Secret123',
        confirmPassword: 'Secret123',
        countryDialingCode: '+55',
        mobileNum,
        verificationCode,
        agreeTerms: true,
        referralCode,
        ...brazilRegistration(),
        ...(await captchaAnswered(app, db)),
      },
    });
  };

  it('records a friend registered with the code, pays the referrer once on the first qualifying deposit, shows the friend', async () => {
    const referrer = await newPlayer(app, db, 'BRAZIL');
    const first = (await referrer.call('GET', loyaltyPaths.referral)).json().value as ReferralStatus;
    expect(first).toMatchObject({ enabled: true, minDeposit: 50, reward: 20, wageringMultiple: 0, friends: [], earned: 0 });
    expect(first.link).toBe(`/register?referralCode=${first.code}`);
    const check = await app.inject({
      method: 'POST',
      url: '/wps/agent/affiliate',
      payload: { code: first.code.toLowerCase() },
      remoteAddress: freshIp(),
    });
    expect(check.json().value).toMatchObject({ valid: true, agent: referrer.account });

    const joined = await register('invited01', first.code);
    expect(joined.statusCode).toBe(200);
    const [friend] = await db.select().from(members).where(eq(members.account, 'invited01'));
    expect(friend).toMatchObject({ uplineId: null, type: 0 });
    const [ref] = await db
      .select()
      .from(referrals)
      .where(eq(referrals.friendId, friend?.id ?? 0));
    expect(ref).toMatchObject({ referrerId: referrer.id, rewardedAt: null });

    // Below the minimum: deposited, not paid.
    await move(brazil, friend?.id ?? 0, 'deposit', 2_000);
    expect(await runReferralRewards(db)).toBe(0);
    let page = (await referrer.call('GET', loyaltyPaths.referral)).json().value as ReferralStatus;
    expect(page.friends).toMatchObject([{ account: 'invited01', state: 'deposited', reward: null }]);

    const main = await memberAccount(db, brazil.id, referrer.id, 'main', brazil.currency);
    const before = await balanceOf(db, main);
    await move(brazil, friend?.id ?? 0, 'deposit', 5_000);
    const paid = await Promise.all([runReferralRewards(db), ...Array.from({ length: 99 }, () => payReferrals(db, brazil))]);
    expect(paid.reduce((a, b) => a + b, 0)).toBe(1);
    expect((await balanceOf(db, main)) - before).toBe(2_000);
    expect(await runReferralRewards(db)).toBe(0);
    page = (await referrer.call('GET', loyaltyPaths.referral)).json().value as ReferralStatus;
    expect(page.friends).toMatchObject([{ account: 'invited01', state: 'qualified', reward: 20 }]);
    expect(page.earned).toBe(20);
    expect(await movements(`bonus:referral:${friend?.id}`)).toBe(1);
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it('keeps an agent’s affiliate code an agent’s downline and refuses an unknown code', async () => {
    const agentJoined = await register('agentkid01', 'bragent1');
    expect(agentJoined.statusCode).toBe(200);
    const [kid] = await db.select().from(members).where(eq(members.account, 'agentkid01'));
    expect(kid?.uplineId).not.toBeNull();
    expect(
      await db
        .select()
        .from(referrals)
        .where(eq(referrals.friendId, kid?.id ?? 0)),
    ).toHaveLength(0);
    const bad = await register('nobody0001', 'NOSUCHCODE');
    expect(bad.json().message).toBe('invitation_code_error');
  });

  it('answers 403 where the merchant’s referral switch is off', async () => {
    const p = await newPlayer(app, db, 'UEMOA');
    expect((await p.call('GET', loyaltyPaths.referral)).statusCode).toBe(403);
  });
});
