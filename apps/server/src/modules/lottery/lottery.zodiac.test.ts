import { lotteryBetPaths, lotteryPaths } from '@platform/contract';
import { lottery } from '@platform/games';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenOf } from '../../../test/auth.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import { memberByAccount } from '../members/members.service.ts';
import { type Merchant, MerchantDirectory } from '../merchants/merchants.service.ts';
import { balanceOf, checkLedger, houseAccount, memberAccount, post } from '../wallet/ledger.service.ts';
import { LOTTERY_PRIZE_MODE, settleDue } from './lottery.bets.ts';
import { enabledGames, markDrawn } from './lottery.repository.ts';
import { issuesFrom, lotteryTick, resultOfSeed } from './lottery.service.ts';
import { lotteryBets, lotteryDraws } from './lottery.tables.ts';

/** Mark Six 特肖 (LHC_SPECIAL_ZODIAC): the draw's year animal, as the menu gives it, is the one a slip must name. */

let t: TestApp;
let directory: MerchantDirectory;
let main: number;
let token: string;
let serial = 0;

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  directory = new MerchantDirectory(db, 0);
  const brazil = (await directory.list()).find((m) => m.code === 'BRAZIL') as Merchant;
  const member = await memberByAccount(db, brazil.id, 'demoplayer');
  if (!member) throw new Error('no demo player');
  main = await memberAccount(db, brazil.id, member.id, 'main', 'BRL');
  await post(db, {
    merchantId: brazil.id,
    type: 'deposit',
    postings: [
      { accountId: await houseAccount(db, brazil.id, 'cash_in', 'BRL', member.id), amount: -100_000 },
      { accountId: main, amount: 100_000 },
    ],
  });
  token = await tokenOf(t.app, 'demoplayer', 'Demo1234');
});
afterAll(() => t.close());

const zodiac = lottery.findPlayType('LHC_SPECIAL_ZODIAC') as lottery.PlayType;

function zodiacBet(yearAnimal: string, animals: string[]) {
  const selection = { yearAnimal, animals };
  return { playType: zodiac.id, selection, unit: 100 as const, multiple: 1, betCount: zodiac.betCount(selection) };
}

function place(issue: string, bets: unknown[], chase?: { issues: number; stopOnWin: boolean }) {
  return t.app.inject({
    method: 'POST',
    url: lotteryBetPaths.place,
    headers: { authorization: `Bearer ${token}` },
    payload: { requestId: `zodiac-${++serial}-${Date.now()}`, gameCode: 'LHC', issue, bets, ...(chase ? { chase } : {}) },
  });
}

const fieldsOf = (res: { json(): { value: { fields: { field: string; message: string }[] } } }) => res.json().value.fields;

describe('Mark Six zodiac bets', () => {
  it('are placed with the year animal the menu gives for the draw, and settled with it', async () => {
    const db = t.database.db;
    await lotteryTick(db);
    const menu = (await t.app.inject({ method: 'GET', url: lotteryPaths.games })).json().value;
    const lhc = menu.find((g: { code: string }) => g.code === 'LHC');
    const yearAnimal = lottery.drawYearAnimal(new Date(lhc.current.drawAt));
    expect(lhc.current.yearAnimal).toBe(yearAnimal);
    expect(menu.find((g: { code: string }) => g.code === 'SSC').current.yearAnimal).toBeNull();

    const [draw] = await db
      .select()
      .from(lotteryDraws)
      .where(and(eq(lotteryDraws.gameCode, 'LHC'), eq(lotteryDraws.issue, lhc.current.issue)));
    if (!draw?.seed) throw new Error('no committed LHC draw');
    const result = resultOfSeed('LHC', draw.seed, draw.issue) as lottery.MarkSixResult;
    const winner = lottery.zodiacOf(result.special, yearAnimal);
    const loser = lottery.zodiacAnimals.find((a) => a !== winner) as lottery.ZodiacAnimal;

    const wrongYear = lottery.zodiacAnimals.find((a) => a !== yearAnimal) as string;
    const refused = await place(draw.issue, [zodiacBet(yearAnimal, [winner]), zodiacBet(wrongYear, [winner])]);
    expect(refused.statusCode).toBe(400);
    expect(fieldsOf(refused)).toEqual([{ field: 'bets.1.selection.yearAnimal', message: 'lottery.year_animal_mismatch' }]);

    const before = await balanceOf(db, main);
    const quick = zodiac.quickPick((n) => crypto.getRandomValues(new Uint8Array(n)), { yearAnimal }) as { animals: string[] };
    const bets = [zodiacBet(yearAnimal, [winner, loser]), zodiacBet(yearAnimal, [loser]), zodiacBet(yearAnimal, quick.animals)];
    const placed = await place(draw.issue, bets);
    expect(placed.statusCode).toBe(200);
    const stake = bets.reduce((s, b) => s + lottery.orderAmount(zodiac, b.selection, b, LOTTERY_PRIZE_MODE), 0);
    expect(await balanceOf(db, main)).toBe(before - stake);

    // The clock's step at the draw time: the committed seed's result.
    const after = new Date(draw.drawAt.getTime() + 1_000);
    await markDrawn(db, draw.id, result, after);
    await settleDue(db, directory, after);
    const tickets = (await db.select().from(lotteryBets).where(eq(lotteryBets.drawId, draw.id))).sort((a, b) => a.id - b.id);
    expect(tickets).toHaveLength(3);
    let paid = 0;
    for (const [i, b] of bets.entries()) {
      const expected = lottery.settle(zodiac, b.selection, result, b, LOTTERY_PRIZE_MODE).payout;
      expect(tickets[i]?.selection, `bet ${i}`).toEqual(b.selection);
      expect(tickets[i]?.status, `bet ${i}`).toBe(expected > 0 ? 'won' : 'lost');
      expect(tickets[i]?.payout, `bet ${i}`).toBe(expected);
      paid += expected;
    }
    // R$ 1 on the winning animal: odds 9.3 for the year animal (5 numbers), 11.6 for any other (4).
    expect(tickets[0]).toMatchObject({ status: 'won', payout: winner === yearAnimal ? 930 : 1160 });
    expect(tickets[1]?.status).toBe('lost');
    expect(await balanceOf(db, main)).toBe(before - stake + paid);
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it('refuses a chase that crosses Lunar New Year, whichever year the slip names', async () => {
    const db = t.database.db;
    const game = (await enabledGames(db)).find((g) => g.code === 'LHC');
    if (!game) throw new Error('no LHC game');
    // Issues from late January 2027 on: the year of the goat starts on 6 February 2027.
    const [first] = await issuesFrom(db, game, { drawAt: new Date('2027-01-20T00:00:00Z') } as never, 30);
    if (!first) throw new Error('no LHC issue in 2027');
    expect(lottery.drawYearAnimal(first.drawAt)).toBe('HORSE');
    for (const year of ['HORSE', 'GOAT']) {
      const res = await place(first.issue, [zodiacBet(year, ['RAT'])], { issues: 30, stopOnWin: true });
      expect(res.statusCode, year).toBe(400);
      expect(fieldsOf(res)).toEqual([{ field: 'bets.0.selection.yearAnimal', message: 'lottery.year_animal_mismatch' }]);
    }
    const within = await place(first.issue, [zodiacBet('HORSE', ['RAT'])], { issues: 2, stopOnWin: true });
    expect(within.statusCode).toBe(200);
  });
});
