import { randomBytes } from 'node:crypto';
import { lotteryAdminPaths, lotteryPaths } from '@platform/contract';
import { lottery } from '@platform/games';
import { and, eq, notLike } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeOperator } from '../../../test/operators.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import { vietnamProvinceGames } from '../../seed/vietnam-provinces.seed.ts';
import { memberByAccount } from '../members/members.service.ts';
import { type Merchant, MerchantDirectory } from '../merchants/merchants.service.ts';
import { balanceOf, checkLedger, houseAccount, memberAccount, post } from '../wallet/ledger.service.ts';
import { LOTTERY_PRIZE_MODE, placeLotteryBets, settleDue } from './lottery.bets.ts';
import { lotteryTick } from './lottery.service.ts';
import { lotteryBets, lotteryDraws, lotteryGames } from './lottery.tables.ts';

/** API keys of two lottery operators' accounts, made before the tests. */
const tokens = { alice: '', bob: '' };
let t: TestApp;
const db = () => t.database.db;
beforeAll(async () => {
  t = await buildTestApp();
  tokens.alice = (await makeOperator(t.database.db, { account: 'alice', role: 'lottery' })).key;
  tokens.bob = (await makeOperator(t.database.db, { account: 'bob', role: 'lottery' })).key;
  // Only the Vietnamese games run here: the clock and settlement have nothing else to do.
  await t.database.db.update(lotteryGames).set({ enabled: false }).where(notLike(lotteryGames.family, 'VN_%'));
});
afterAll(() => t.close());

const HOUR = 3600_000;
const drawsOf = (code: string) => db().select().from(lotteryDraws).where(eq(lotteryDraws.gameCode, code)).orderBy(lotteryDraws.drawAt);
/** The local (Hanoi) weekday of a draw. */
const weekdayOf = (d: Date) => new Date(d.getTime() + 7 * HOUR).getUTCDay();

describe('the provinces of the South and the Centre', () => {
  it('get draws from the clock on their own weekdays only, at their region’s time, each opening at the previous one', async () => {
    // Two weeks of the clock every 6 hours (in the past: operators enter results after the real draw time), from Monday 2026-10-05 00:00 in Hanoi.
    for (let at = Date.parse('2026-10-04T17:00:00Z'); at <= Date.parse('2026-10-18T17:00:00Z'); at += 6 * HOUR) {
      await lotteryTick(db(), new Date(at));
    }
    const hcm = await drawsOf('XSMN_HCM');
    expect(hcm.map((d) => d.issue)).toEqual(['20261005', '20261010', '20261012', '20261017', '20261019']);
    expect(hcm.map((d) => d.drawAt.toISOString().slice(11, 16))).toEqual(Array(5).fill('09:15'));
    // Betting on a Saturday opens at the Monday draw, on a Monday at the Saturday draw before.
    expect(hcm.slice(1).map((d) => d.opensAt.getTime())).toEqual(hcm.slice(0, -1).map((d) => d.drawAt.getTime()));
    expect(hcm.every((d) => d.seed === null && d.closesAt.getTime() === d.drawAt.getTime() - 15 * 60_000)).toBe(true);

    const danang = await drawsOf('XSMT_DNG');
    expect(danang.map((d) => [d.issue, d.drawAt.toISOString().slice(11, 16)])).toEqual([
      ['20261007', '10:15'],
      ['20261010', '10:15'],
      ['20261014', '10:15'],
      ['20261017', '10:15'],
      ['20261021', '10:15'],
    ]);

    // Every province: only on the weekdays of the table.
    for (const game of vietnamProvinceGames) {
      const days = game.schedule.kind === 'weekly' ? game.schedule.days : [];
      const draws = await drawsOf(game.code);
      expect(draws.length, game.code).toBeGreaterThan(0);
      expect(
        draws.filter((d) => !days.includes(weekdayOf(d.drawAt))),
        game.code,
      ).toEqual([]);
    }
    // Monday 2026-10-12: the three southern and two central provinces of Monday (and the North).
    const monday = await db().select().from(lotteryDraws).where(eq(lotteryDraws.issue, '20261012'));
    expect(monday.map((d) => d.gameCode).sort()).toEqual(['VN_NORTH', 'XSMN_CM', 'XSMN_DT', 'XSMN_HCM', 'XSMT_PY', 'XSMT_TTH']);
  });

  it('list their region and weekdays in the lottery menu', async () => {
    const menu = (await t.app.inject({ method: 'GET', url: lotteryPaths.games })).json().value as {
      code: string;
      family: string;
      name: string;
      region: string | null;
      weekdays: number[] | null;
    }[];
    expect(menu.find((g) => g.code === 'XSMN_HCM')).toMatchObject({
      family: 'VN_SOUTH',
      name: 'TP.HCM',
      region: 'SOUTH',
      weekdays: [1, 6],
    });
    expect(menu.find((g) => g.code === 'XSMT_KH')).toMatchObject({
      family: 'VN_SOUTH',
      name: 'Khánh Hòa',
      region: 'CENTRAL',
      weekdays: [0, 3],
    });
    expect(menu.find((g) => g.code === 'VN_NORTH')).toMatchObject({ region: 'NORTH', weekdays: null });
    expect(menu.filter((g) => g.region === 'SOUTH')).toHaveLength(21);
    expect(menu.filter((g) => g.region === 'CENTRAL')).toHaveLength(14);
  });

  it('take southern bets, and settle them once two operators entered the same official result', async () => {
    const directory = new MerchantDirectory(db(), 0);
    const brazil = (await directory.list()).find((m) => m.code === 'BRAZIL') as Merchant;
    const member = await memberByAccount(db(), brazil.id, 'demoplayer');
    if (!member) throw new Error('no demo player');
    const main = await memberAccount(db(), brazil.id, member.id, 'main', 'BRL');
    await post(db(), {
      merchantId: brazil.id,
      type: 'deposit',
      postings: [
        { accountId: await houseAccount(db(), brazil.id, 'cash_in', 'BRL', member.id), amount: -100_000 },
        { accountId: main, amount: 100_000 },
      ],
    });
    // Cà Mau draws on Mondays; on Monday 2026-10-26 at 09:00 in Hanoi its draw of the day takes bets.
    const morning = new Date('2026-10-26T02:00:00Z');
    await lotteryTick(db(), morning);
    const issue = '20261026';
    const lo = { playType: 'VN_SOUTH_LO2', selection: { numbers: [27] }, unit: 100 as const, multiple: 1, betCount: 1 };
    const de = { playType: 'VN_SOUTH_DE', selection: { numbers: [45] }, unit: 100 as const, multiple: 2, betCount: 1 };
    // The northern rules are not this game's.
    await expect(
      placeLotteryBets(
        db(),
        brazil,
        member,
        { requestId: 'north-on-south', gameCode: 'XSMN_CM', issue, bets: [{ ...lo, playType: 'VN_NORTH_LO2' }] },
        morning,
      ),
    ).rejects.toMatchObject({ code: 'APP_ERR_VALIDATION' });
    const before = await balanceOf(db(), main);
    const placed = await placeLotteryBets(
      db(),
      brazil,
      member,
      { requestId: 'ca-mau-1', gameCode: 'XSMN_CM', issue, bets: [lo, de] },
      morning,
    );
    expect(placed.tickets).toHaveLength(2);

    // The result: 18 numbers, of which only G8 ends in 27 and the special prize in 45.
    const result = lottery.drawResult('VN_SOUTH', (n) => new Uint8Array(randomBytes(n))) as unknown as Record<string, string[]>;
    for (const [prize, numbers] of Object.entries(result))
      result[prize] = numbers.map((n) => (n.endsWith('27') ? `${n.slice(0, -1)}8` : n));
    result.G8 = ['27'];
    result.DB = ['123445'];
    expect(lottery.validateResult('VN_SOUTH', result)).toBeNull();
    const path = (template: string) => template.replace(':gameCode', 'XSMN_CM').replace(':issue', issue);
    const send = (template: string, who: keyof typeof tokens, body: unknown) =>
      t.app.inject({ method: 'POST', url: path(template), headers: { authorization: `Bearer ${tokens[who]}` }, payload: { result: body } });

    const after = new Date('2026-10-26T09:40:00Z');
    await lotteryTick(db(), after);
    const northern = lottery.drawResult('VN_NORTH', (n) => new Uint8Array(randomBytes(n)));
    expect((await send(lotteryAdminPaths.enterResult, 'alice', northern)).statusCode).toBe(400);
    expect((await send(lotteryAdminPaths.enterResult, 'alice', result)).json().value).toMatchObject({ status: 'open', enteredBy: 'alice' });
    expect(await settleDue(db(), directory, after)).toBe(0);
    expect((await send(lotteryAdminPaths.confirmResult, 'bob', result)).json().value).toMatchObject({
      status: 'drawn',
      confirmedBy: 'bob',
    });

    await settleDue(db(), directory, new Date(after.getTime() + 60_000));
    const [draw] = await db()
      .select()
      .from(lotteryDraws)
      .where(and(eq(lotteryDraws.gameCode, 'XSMN_CM'), eq(lotteryDraws.issue, issue)));
    expect(draw?.status).toBe('settled');
    const tickets = await db()
      .select()
      .from(lotteryBets)
      .where(eq(lotteryBets.drawId, draw?.id ?? 0));
    let paid = 0;
    for (const ticket of tickets) {
      const play = lottery.findPlayType(ticket.playType) as lottery.PlayType;
      const expected = lottery.settle(play, ticket.selection, result, { unit: ticket.unit, multiple: ticket.multiple }, LOTTERY_PRIZE_MODE);
      expect(ticket.payout, ticket.playType).toBe(expected.payout);
      expect(ticket.status, ticket.playType).toBe('won');
      paid += ticket.payout;
    }
    expect(tickets).toHaveLength(2);
    expect(await balanceOf(db(), main)).toBe(before - Math.round(placed.amount * 100) + paid);
    expect((await checkLedger(db())).ok).toBe(true);

    // The province's latest result is in the menu.
    const menu = (await t.app.inject({ method: 'GET', url: lotteryPaths.games })).json().value as { code: string; last: unknown }[];
    expect(menu.find((g) => g.code === 'XSMN_CM')?.last).toMatchObject({ issue, status: 'settled', result });
  });
});
