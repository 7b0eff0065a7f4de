import { lotteryPaths } from '@platform/contract';
import { lottery } from '@platform/games';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import { lotteryGamesOf, lotteryTick, resultOfSeed, seedHashOf } from './lottery.service.ts';
import { lotteryDraws } from './lottery.tables.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const drawsOf = (code: string) => t.database.db.select().from(lotteryDraws).where(eq(lotteryDraws.gameCode, code));

describe('the lottery clock', () => {
  const start = new Date('2030-01-10T03:00:30Z');

  it('creates the coming issues with a published seed hash and no result', async () => {
    const first = await lotteryTick(t.database.db, start);
    expect(first.created).toBeGreaterThan(15);
    const again = await lotteryTick(t.database.db, start);
    expect(again.created).toBe(0);
    const ssc1 = await drawsOf('SSC1');
    expect(ssc1).toHaveLength(15);
    expect(ssc1.every((d) => d.status === 'open' && d.result === null && d.seedHash === seedHashOf(d.seed ?? ''))).toBe(true);

    const menu = await lotteryGamesOf(t.database.db, 'EN', start);
    const game = menu.find((g) => g.code === 'SSC1');
    // 03:00:30 UTC is 10:00:30 in Hanoi: the 601st minute's draw at 10:01 takes bets until 10:00:50.
    expect(game?.current).toMatchObject({
      issue: '20300110-0601',
      closesAt: '2030-01-10T03:00:50.000Z',
      drawAt: '2030-01-10T03:01:00.000Z',
    });
    expect(game?.last).toBeNull();
  });

  it('draws each due issue once from its committed seed, however many nodes tick at once', async () => {
    const later = new Date(start.getTime() + 3 * 60_000);
    const runs = await Promise.all([
      lotteryTick(t.database.db, later),
      lotteryTick(t.database.db, later),
      lotteryTick(t.database.db, later),
    ]);
    const drawnIds = runs.flatMap((r) => r.drawn.map((d) => d.id));
    expect(new Set(drawnIds).size).toBe(drawnIds.length);
    const drawn = (await drawsOf('SSC1')).filter((d) => d.status === 'drawn');
    expect(drawn).toHaveLength(3);
    expect(drawnIds.filter((id) => drawn.some((d) => d.id === id))).toHaveLength(3);
    for (const d of drawn) {
      expect(d.result).toEqual(resultOfSeed('SSC', d.seed ?? '', d.issue));
      expect(lottery.validateResult('SSC', d.result)).toBeNull();
    }
    const pk10 = (await drawsOf('PK10F')).filter((d) => d.status === 'drawn');
    expect(pk10.every((d) => lottery.validateResult('PK10', d.result) === null)).toBe(true);
  });

  it('publishes results with their revealed seeds, newest first, and hides the seeds of open issues', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${lotteryPaths.results.replace(':code', 'SSC1')}?pageSize=2` });
    expect(res.statusCode).toBe(200);
    const { list, totalPages } = res.json().value;
    expect(totalPages).toBe(2);
    expect(list).toHaveLength(2);
    expect(list[0].drawAt > list[1].drawAt).toBe(true);
    expect(seedHashOf(list[0].seed)).toBe(list[0].seedHash);
    const open = (await drawsOf('SSC1')).find((d) => d.status === 'open');
    const menu = await t.app.inject({ method: 'GET', url: lotteryPaths.games });
    const body = JSON.stringify(menu.json());
    expect(body).not.toContain(open?.seed);
  });

  it('cancels an official draw left without a result, and keeps waiting before that', async () => {
    await lotteryTick(t.database.db, new Date('2030-01-10T11:00:00Z'));
    const [north] = await t.database.db
      .select()
      .from(lotteryDraws)
      .where(and(eq(lotteryDraws.gameCode, 'VN_NORTH'), eq(lotteryDraws.issue, '20300110')));
    expect(north?.drawAt.toISOString()).toBe('2030-01-10T11:15:00.000Z');
    expect(north?.seed).toBeNull();
    await lotteryTick(t.database.db, new Date('2030-01-10T12:00:00Z'));
    expect((await drawsOf('VN_NORTH')).find((d) => d.issue === '20300110')?.status).toBe('open');
    const late = await lotteryTick(t.database.db, new Date('2030-01-10T17:16:00Z'));
    expect(late.cancelled.map((d) => d.issue)).toContain('20300110');
  });

  it('refuses an unknown game and a bad page', async () => {
    expect((await t.app.inject({ method: 'GET', url: lotteryPaths.results.replace(':code', 'NOPE') })).json().code).toBe(
      'APP_ERR_LOTTERY_GAME_UNKNOWN',
    );
    expect((await t.app.inject({ method: 'GET', url: `${lotteryPaths.results.replace(':code', 'SSC1')}?pageNo=0` })).statusCode).toBe(400);
  });
});

describe('live news', () => {
  it('pushes each draw to the open lottery pages over WebSocket', async () => {
    const ws = await t.app.injectWS(lotteryPaths.live);
    const events: { type: string; value: { gameCode: string; issue: string; status: string } }[] = [];
    ws.on('message', (data) => events.push(JSON.parse(String(data))));
    const at = new Date('2030-02-01T00:00:30Z');
    await lotteryTick(t.database.db, at);
    const { drawn } = await lotteryTick(t.database.db, new Date(at.getTime() + 61_000));
    expect(drawn.length).toBeGreaterThan(0);
    const wanted = drawn.map((d) => `${d.gameCode}/${d.issue}`);
    const heard = () => new Set(events.map((e) => `${e.value.gameCode}/${e.value.issue}`));
    const deadline = Date.now() + 5000;
    while (!wanted.every((w) => heard().has(w)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(wanted.filter((w) => !heard().has(w))).toEqual([]);
    const ours = events.filter((e) => wanted.includes(`${e.value.gameCode}/${e.value.issue}`));
    expect(ours.every((e) => e.type === 'draw' && e.value.status === 'drawn')).toBe(true);
    ws.terminate();
  });
});
