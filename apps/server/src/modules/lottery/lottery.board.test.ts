import { lotteryBoardPaths } from '@platform/contract';
import { lottery } from '@platform/games';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenOf } from '../../../test/auth.ts';
import { fundMember } from '../../../test/funds.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import { memberByAccount } from '../members/members.service.ts';
import { type Merchant, MerchantDirectory } from '../merchants/merchants.service.ts';
import { placeLotteryBets, settleDue } from './lottery.bets.ts';
import { maskAccount } from './lottery.board.ts';
import { currentDraws, enabledGames, markDrawn } from './lottery.repository.ts';
import { lotteryTick, resultOfSeed } from './lottery.service.ts';

let sut: TestApp;
let directory: MerchantDirectory;
let brazil: Merchant;
let member: NonNullable<Awaited<ReturnType<typeof memberByAccount>>>;
const db = () => sut.database.db;
const get = (url: string, headers: Record<string, string> = {}) => sut.app.inject({ method: 'GET', url, headers });

/** The draw of a game taking bets at `now`. */
async function openDraw(code: string, now: Date) {
  const draw = (await currentDraws(db(), now)).find((d) => d.gameCode === code);
  if (!draw) throw new Error(`no open draw of ${code}`);
  return draw;
}

let slip = 0;
const ticket = (playType: string, selection: unknown) => {
  const play = lottery.findPlayType(playType) as lottery.PlayType;
  return { playType, selection, unit: 100 as const, multiple: 1, betCount: play.betCount(selection) };
};

beforeAll(async () => {
  sut = await buildTestApp();
  directory = new MerchantDirectory(db(), 0);
  brazil = (await directory.list()).find((m) => m.code === 'BRAZIL') as Merchant;
  const found = await memberByAccount(db(), brazil.id, 'demoplayer');
  if (!found) throw new Error('no demo player');
  member = found;
  await fundMember(db(), brazil, member.id, 100_000);
});
afterAll(() => sut.close());

describe('popular lottery, opened numbers and the winner board', () => {
  let wonIssue = '';

  it('rank the games by tickets, list the latest results and show the settled win with a masked account', async () => {
    const now = new Date();
    await lotteryTick(db(), now);
    const draw = await openDraw('SSC1', now);
    const digits = resultOfSeed('SSC', draw.seed ?? '', draw.issue) as number[];
    wonIssue = draw.issue;
    // The first digit that will be drawn wins; a 5-star direct quick pick almost surely loses.
    const win = ticket('SSC_ANY_POSITION', { positions: [[digits[0]], [], [], [], []] });
    const lose = ticket('SSC_5_DIRECT', { positions: [[(Number(digits[0]) + 1) % 10], [0], [0], [0], [0]] });
    await placeLotteryBets(
      db(),
      brazil,
      member,
      { requestId: `board-${++slip}-x`, gameCode: 'SSC1', issue: draw.issue, bets: [win, lose] },
      now,
    );
    const pk = await openDraw('PK10', now);
    // PK10's draw may fall in the same minute and be settled with SSC1's: its ticket must lose for sure.
    const [firstCar] = resultOfSeed('PK10', pk.seed ?? '', pk.issue) as number[];
    const losingCar = firstCar === 1 ? 2 : 1;
    await placeLotteryBets(
      db(),
      brazil,
      member,
      {
        requestId: `board-${++slip}-x`,
        gameCode: 'PK10',
        issue: pk.issue,
        bets: [ticket('PK10_POSITION', { positions: [[losingCar], [], [], [], [], [], [], [], [], []] })],
      },
      now,
    );

    const popular = (await get(`${lotteryBoardPaths.popular}?count=20`)).json().value.list;
    expect(popular.slice(0, 2)).toMatchObject([
      { code: 'SSC1', bets: 2, players: 1 },
      { code: 'PK10', bets: 1, players: 1 },
    ]);
    // Games nobody bet on follow in the menu's order.
    expect(popular.slice(2).every((g: { bets: number }) => g.bets === 0)).toBe(true);
    // Up to 20, or up to 100: every game the merchant offers when there are fewer.
    const games = (await enabledGames(sut.database.db)).length;
    expect(popular).toHaveLength(Math.min(20, games));
    expect((await get(`${lotteryBoardPaths.popular}?count=100`)).json().value.list).toHaveLength(Math.min(100, games));
    expect((await get(`${lotteryBoardPaths.popular}?count=7`)).statusCode).toBe(400);
    // Another merchant's players did not bet.
    const uemoa = (await get(lotteryBoardPaths.popular, { Merchant: 'UEMOA' })).json().value.list;
    expect(uemoa.every((g: { bets: number }) => g.bets === 0)).toBe(true);

    const after = new Date(draw.drawAt.getTime() + 1_000);
    await lotteryTick(db(), after);
    await settleDue(db(), directory, after);

    const winners = (await get(lotteryBoardPaths.winnerBoard)).json().value.list;
    expect(winners).toHaveLength(1);
    expect(winners[0]).toMatchObject({
      username: 'de***r',
      gameCode: 'SSC1',
      gameName: 'SSC 1 minute',
      issue: wonIssue,
      playType: 'SSC_ANY_POSITION',
    });
    expect(winners[0].payout).toBeGreaterThan(0);
    expect((await get(`${lotteryBoardPaths.winnerBoard}?order=top&count=5`)).json().value.list).toHaveLength(1);
    expect((await get(lotteryBoardPaths.winnerBoard, { Merchant: 'UEMOA' })).json().value.list).toEqual([]);

    const opened = (await get(lotteryBoardPaths.openedNumbers)).json().value.list;
    const ssc1 = opened.find((o: { code: string }) => o.code === 'SSC1');
    expect(ssc1).toMatchObject({ issue: wonIssue, result: digits });
    expect(opened.map((o: { drawAt: string }) => o.drawAt)).toEqual([...opened.map((o: { drawAt: string }) => o.drawAt)].sort().reverse());
  });

  it('masks accounts however short', () => {
    expect(maskAccount('demoplayer')).toBe('de***r');
    expect(maskAccount('abcd')).toBe('ab***d');
    expect(maskAccount('ab')).toBe('a***');
  });
});

describe('Vietnamese numbers', () => {
  it('count each lô number over the latest draws and how long since it came out', async () => {
    const now = new Date();
    await lotteryTick(db(), now);
    const empty = (await get(lotteryBoardPaths.vnNumbers)).json().value;
    expect(empty).toMatchObject({ gameCode: 'VN_NORTH', draws: 0 });
    expect(empty.numbers).toHaveLength(100);

    const draw = await openDraw('VN_NORTH', now);
    const result = lottery.drawResult('VN_NORTH', (n) => crypto.getRandomValues(new Uint8Array(n))) as lottery.VietnamResult;
    await markDrawn(db(), draw.id, result, new Date(draw.drawAt.getTime() + 60_000));
    const answer = (await get(`${lotteryBoardPaths.vnNumbers}?gameCode=VN_NORTH&draws=30`)).json().value;
    expect(answer.draws).toBe(1);
    expect(answer.numbers.map((n: { number: string }) => n.number)).toEqual(
      Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0')),
    );
    const tails = lottery.vietnamTails(result, 2);
    const special = Number(result.DB[0]?.slice(-2));
    expect(answer.numbers[special]).toMatchObject({ since: 0 });
    expect(answer.numbers.reduce((s: number, n: { hits: number }) => s + n.hits, 0)).toBe(tails.length);
    expect((await get(`${lotteryBoardPaths.vnNumbers}?gameCode=SSC1`)).statusCode).toBe(404);
  });
});

describe('favourite lottery games', () => {
  it('are kept per member, need a real account and refuse unknown games', async () => {
    expect((await get(lotteryBoardPaths.favourites)).statusCode).toBe(401);
    const token = await tokenOf(sut.app, 'demoplayer', 'Demo1234');
    const auth = { authorization: `Bearer ${token}` };
    const send = (method: 'PUT' | 'DELETE', code: string) =>
      sut.app.inject({ method, url: lotteryBoardPaths.favourite.replace(':gameCode', code), headers: auth });
    expect((await send('PUT', 'SSC1')).json().value).toEqual(['SSC1']);
    expect((await send('PUT', 'PK10F')).json().value).toEqual(['SSC1', 'PK10F']);
    expect((await send('PUT', 'SSC1')).json().value).toEqual(['SSC1', 'PK10F']);
    expect((await send('PUT', 'NOPE')).statusCode).toBe(404);
    expect((await get(lotteryBoardPaths.favourites, auth)).json().value).toEqual(['SSC1', 'PK10F']);
    expect((await send('DELETE', 'SSC1')).json().value).toEqual(['PK10F']);
  });
});
