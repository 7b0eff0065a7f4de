import { rewardPaths } from '@platform/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fundMember } from '../../../test/funds.ts';
import { makeOperator } from '../../../test/operators.ts';
import { newPlayer } from '../../../test/payments.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import type { Db } from '../../platform/db.ts';
import { periodAt } from '../../platform/periods.ts';
import { type Merchant, merchantByCode } from '../merchants/merchants.service.ts';
import { POINTS_CURRENCY, pointsKinds } from '../points/points.service.ts';
import { dailyStatistics } from '../statistics/statistics.service.ts';
import { catchUp } from '../wallet/ledger.feed.ts';
import { balanceOf, checkLedger, houseAccount, memberAccount, post } from '../wallet/ledger.service.ts';
import { createMission, setCheckinRules, setRewardsClock } from './missions.service.ts';

let t: TestApp;
let app: FastifyInstance;
let db: Db;
let brazil: Merchant;
let admin: Record<string, string>;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await buildTestApp();
  app = t.app;
  db = t.database.db;
  brazil = (await merchantByCode(db, 'BRAZIL')) as Merchant;
  const op = await makeOperator(db, { account: 'missions-content', role: 'content', merchants: ['BRAZIL'] });
  admin = { authorization: `Bearer ${op.key}` };
});
afterEach(() => setRewardsClock(null));
afterAll(() => t.close());

/** A bet of the member's main wallet as the games write it (the statistics consumer counts it). */
async function bet(memberId: number, amount: number, category = 'RNG') {
  await post(db, {
    merchantId: brazil.id,
    type: 'bet',
    reference: { category },
    postings: [
      { accountId: await memberAccount(db, brazil.id, memberId, 'main', brazil.currency), amount: -amount },
      { accountId: await houseAccount(db, brazil.id, 'games', brazil.currency, memberId), amount },
    ],
  });
}

/** What the statistics consumer keeps for a bet on a day the test clock moved to. */
async function betOnDay(memberId: number, day: string) {
  await db.execute(sql`insert into daily_member_stats (merchant_id, member_id, day, category, bets, stake, valid_stake)
    values (${brazil.id}, ${memberId}, ${day}::date, 'RNG', 1, 100, 100)
    on conflict (merchant_id, member_id, day, category) do update set bets = daily_member_stats.bets + 1`);
}

const points = async (memberId: number) => balanceOf(db, await memberAccount(db, brazil.id, memberId, pointsKinds.points, POINTS_CURRENCY));
const bonus = async (memberId: number) => balanceOf(db, await memberAccount(db, brazil.id, memberId, 'bonus', brazil.currency));

describe('demo data', () => {
  it('seeds a daily mission of our games and the check-in table on each demo merchant', async () => {
    for (const code of ['BRAZIL', 'UEMOA']) {
      const m = (await app.inject({ method: 'GET', url: rewardPaths.missions, headers: { merchant: code } })).json().value;
      expect(m.missions.some((x: { period: string; kind: string; category: string }) => x.period === 'day' && x.category === 'RNG')).toBe(
        true,
      );
      const rules = (await app.inject({ method: 'GET', url: `${rewardPaths.adminCheckin}?merchant=${code}`, headers: admin })).json();
      if (code === 'BRAZIL') expect(rules.value).toMatchObject({ enabled: true, weekBonus: { kind: 'bonus', amount: 900 } });
    }
  });
});

describe('missions', () => {
  it('counts valid bets of the day from the statistics, refuses an early claim and pays once, even for 100 concurrent claims', async () => {
    const title = { EN: 'Bet R$ 50 on slots', PT: 'Aposte R$ 50 em slots' };
    const slots = await createMission(db, brazil, {
      title,
      period: 'day',
      kind: 'valid_bet',
      category: 'RNG',
      target: 5_000,
      reward: { kind: 'points', amount: 100, multiple: 0 },
      enabled: true,
      sort: 1,
    });
    const three = await createMission(db, brazil, {
      title: { EN: 'Place 3 bets' },
      period: 'day',
      kind: 'bet_count',
      category: null,
      target: 3,
      reward: { kind: 'bonus', amount: 500, multiple: 2 },
      enabled: true,
      sort: 2,
    });
    const p = await newPlayer(app, db);
    await fundMember(db, brazil, p.id, 100_000);
    await bet(p.id, 2_000);
    await bet(p.id, 2_000, 'LIVE');
    const early = await p.call('POST', rewardPaths.missionClaim.replace(':id', String(slots.id)));
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('APP_ERR_MISSION_NOT_COMPLETE');
    await bet(p.id, 3_000);
    // Jobs are off in tests: the feed runner's work, done here (the list itself waits 500 ms at most).
    await catchUp(db, dailyStatistics);
    const list = (await p.call('GET', rewardPaths.missions)).json().value;
    const seen = list.missions.find((m: { id: number }) => m.id === slots.id);
    expect(seen).toMatchObject({ status: 'claimable', target: 50, progress: 50, title: 'Bet R$ 50 on slots' });
    expect(list.missions.find((m: { id: number }) => m.id === three.id)).toMatchObject({ status: 'claimable', progress: 3, target: 3 });
    // These two and the seeded daily R$ 20 bet (the seeded 3 rounds of RNG is at 2).
    expect(list.open).toBe(3);
    expect((await p.call('GET', rewardPaths.missionSummary)).json().value).toEqual({ open: 3 });

    const claimed = await p.call('POST', rewardPaths.missionClaim.replace(':id', String(slots.id)));
    expect(claimed.statusCode).toBe(200);
    expect(claimed.json().value.mission.status).toBe('claimed');
    expect(await points(p.id)).toBe(100);

    const answers = await Promise.all(
      Array.from({ length: 100 }, () => p.call('POST', rewardPaths.missionClaim.replace(':id', String(three.id)))),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(new Set(answers.filter((r) => r.statusCode !== 200).map((r) => `${r.statusCode} ${r.json().code}`))).toEqual(
      new Set(['409 APP_ERR_MISSION_ALREADY_CLAIMED']),
    );
    expect(await bonus(p.id)).toBe(500);
    expect((await p.call('GET', '/wps/member/bonusDetails')).statusCode).not.toBe(500);
    expect((await p.call('GET', rewardPaths.missionSummary)).json().value).toEqual({ open: 1 });

    // The next local day starts the daily missions again at zero.
    setRewardsClock(() => new Date(Date.now() + DAY));
    const tomorrow = (await p.call('GET', rewardPaths.missions)).json().value;
    expect(tomorrow.missions.find((m: { id: number }) => m.id === slots.id)).toMatchObject({ status: 'in_progress', progress: 0 });
    expect((await checkLedger(db)).ok).toBe(true);
  }, 120_000);

  it('answers bad input with field errors and unknown missions with 404; Brazil refuses deposit missions', async () => {
    const p = await newPlayer(app, db);
    await fundMember(db, brazil, p.id, 100_000);
    expect((await p.call('POST', rewardPaths.missionClaim.replace(':id', 'abc'))).statusCode).toBe(400);
    const unknown = await p.call('POST', rewardPaths.missionClaim.replace(':id', '999999'));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('APP_ERR_MISSION_UNKNOWN');
    const bad = await app.inject({
      method: 'POST',
      url: rewardPaths.adminMissions,
      headers: admin,
      payload: { merchant: 'BRAZIL', title: {}, period: 'month', kind: 'bet_count', target: -1, reward: { kind: 'cash', amount: 0 } },
    });
    expect(bad.statusCode).toBe(400);
    const fields = bad.json().value.fields.map((e: { field: string }) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['title', 'period', 'target', 'reward.kind', 'reward.amount']));
    const deposit = await app.inject({
      method: 'POST',
      url: rewardPaths.adminMissions,
      headers: admin,
      payload: {
        merchant: 'BRAZIL',
        title: { EN: 'Deposit R$ 100' },
        period: 'day',
        kind: 'deposit',
        target: 10_000,
        reward: { kind: 'points', amount: 10 },
      },
    });
    expect(deposit.statusCode).toBe(403);
    expect(deposit.json().code).toBe('APP_ERR_REWARD_MARKET_BANNED');
    const made = await app.inject({
      method: 'POST',
      url: rewardPaths.adminMissions,
      headers: admin,
      payload: {
        merchant: 'BRAZIL',
        title: { EN: 'Weekly 20 bets' },
        period: 'week',
        kind: 'bet_count',
        target: 20,
        reward: { kind: 'points', amount: 50 },
      },
    });
    expect(made.statusCode).toBe(200);
    const other = await app.inject({ method: 'GET', url: `${rewardPaths.adminMissions}?merchant=UEMOA`, headers: admin });
    expect(other.statusCode).toBe(403);
    const off = await app.inject({
      method: 'POST',
      url: rewardPaths.adminMissionSwitch.replace(':id', String(made.json().value.id)),
      headers: admin,
      payload: { enabled: false },
    });
    expect(off.json().value.enabled).toBe(false);
    const listed = (await p.call('GET', rewardPaths.missions)).json().value.missions;
    expect(listed.some((m: { id: number }) => m.id === made.json().value.id)).toBe(false);
  });
});

describe('check-in', () => {
  it('needs a bet, pays the streak day once a day (concurrent too), goes on day after day and starts again after a missed day', async () => {
    const set = await app.inject({
      method: 'PUT',
      url: rewardPaths.adminCheckin,
      headers: admin,
      payload: {
        merchant: 'BRAZIL',
        enabled: true,
        days: [50, 50, 100, 150, 150, 200, 200].map((amount) => ({ kind: 'bonus', amount, multiple: 1 })),
        weekBonus: { kind: 'bonus', amount: 900, multiple: 1 },
        minDeposit: 10_000,
      },
    });
    expect(set.statusCode).toBe(200);
    const p = await newPlayer(app, db);
    await fundMember(db, brazil, p.id, 100_000);
    const start = Date.now();
    const dayAt = (n: number) => periodAt('day', brazil.timeZone, new Date(start + n * DAY)).key;

    const early = await p.call('POST', rewardPaths.checkin);
    expect(early.json().code).toBe('APP_ERR_CHECKIN_NOT_ELIGIBLE');
    await bet(p.id, 500);
    const answers = await Promise.all(Array.from({ length: 20 }, () => p.call('POST', rewardPaths.checkin)));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(new Set(answers.filter((r) => r.statusCode !== 200).map((r) => r.json().code))).toEqual(new Set(['APP_ERR_CHECKIN_DONE']));
    const first = answers.find((r) => r.statusCode === 200)?.json().value;
    expect(first.state).toMatchObject({ checkedInToday: true, streak: 1 });
    expect(first.reward).toEqual([{ kind: 'bonus', amount: 0.5, multiple: 1 }]);
    expect(await bonus(p.id)).toBe(50);

    for (const n of [1, 2]) {
      setRewardsClock(() => new Date(start + n * DAY));
      expect((await p.call('GET', rewardPaths.checkin)).json().value).toMatchObject({
        checkedInToday: false,
        eligible: false,
        streak: n,
        nextDay: n + 1,
      });
      await betOnDay(p.id, dayAt(n));
      const r = await p.call('POST', rewardPaths.checkin);
      expect(r.statusCode).toBe(200);
      expect(r.json().value.state).toMatchObject({ streak: n + 1, today: dayAt(n) });
    }
    expect(await bonus(p.id)).toBe(50 + 50 + 100);

    // Day 3 missed: on day 4 the streak is broken and starts again at day 1's reward.
    setRewardsClock(() => new Date(start + 4 * DAY));
    expect((await p.call('GET', rewardPaths.checkin)).json().value).toMatchObject({ streak: 0, nextDay: 1 });
    await betOnDay(p.id, dayAt(4));
    const again = await p.call('POST', rewardPaths.checkin);
    expect(again.json().value.state.streak).toBe(1);
    expect(again.json().value.reward).toEqual([{ kind: 'bonus', amount: 0.5, multiple: 1 }]);
    expect((await checkLedger(db)).ok).toBe(true);
  }, 120_000);

  it('pays the week bonus with the 7th day and refuses bad rules with field errors', async () => {
    const p = await newPlayer(app, db);
    await fundMember(db, brazil, p.id, 100_000);
    await setCheckinRules(db, brazil.id, {
      enabled: true,
      days: Array.from({ length: 7 }, () => ({ kind: 'points', amount: 10, multiple: 0 })),
      weekBonus: { kind: 'points', amount: 90, multiple: 0 },
      minDeposit: 0,
    });
    const start = Date.now() + 10 * DAY;
    for (let n = 0; n < 7; n++) {
      setRewardsClock(() => new Date(start + n * DAY));
      await betOnDay(p.id, periodAt('day', brazil.timeZone, new Date(start + n * DAY)).key);
      expect((await p.call('POST', rewardPaths.checkin)).statusCode).toBe(200);
    }
    expect(await points(p.id)).toBe(7 * 10 + 90);
    const bad = await app.inject({
      method: 'PUT',
      url: rewardPaths.adminCheckin,
      headers: admin,
      payload: { merchant: 'BRAZIL', enabled: true, days: [{ kind: 'points', amount: 1 }], weekBonus: null, minDeposit: -5 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().value.fields.map((e: { field: string }) => e.field)).toEqual(expect.arrayContaining(['days', 'minDeposit']));
  }, 60_000);
});
