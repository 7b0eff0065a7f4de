import { bettingRecordPaths, catalogPaths, inhousePaths } from '@platform/contract';
import { lottery, slots } from '@platform/games';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenOf } from '../../../test/auth.ts';
import { fundMember } from '../../../test/funds.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import { games } from '../catalog/catalog.tables.ts';
import { placeLotteryBets } from '../lottery/lottery.bets.ts';
import { lotteryTick } from '../lottery/lottery.service.ts';
import { lotteryDraws } from '../lottery/lottery.tables.ts';
import { memberByAccount } from '../members/members.service.ts';
import { type Merchant, MerchantDirectory } from '../merchants/merchants.service.ts';

let t: TestApp;
let app: FastifyInstance;
let session: string;

beforeAll(async () => {
  t = await buildTestApp();
  app = t.app;
  const db = t.database.db;
  session = await tokenOf(app, 'demoplayer', 'Demo1234');
  const brazil = (await new MerchantDirectory(db, 0).list()).find((m) => m.code === 'BRAZIL') as Merchant;
  const member = await memberByAccount(db, brazil.id, 'demoplayer');
  if (!member) throw new Error('no demo player');
  await fundMember(db, brazil, member.id, 50_000);
  // A slot round and a lottery ticket.
  const [slot] = await db.select().from(games).where(eq(games.gameCode, 'jungle-gems'));
  const launched = await app.inject({
    method: 'POST',
    url: catalogPaths.launchGame,
    headers: { authorization: `Bearer ${session}` },
    payload: { nodeId: slot?.id },
  });
  const token = new URL(launched.json().value.game_url, 'http://site').searchParams.get('token');
  expect(
    (await app.inject({ method: 'POST', url: inhousePaths.slotSpin, payload: { token, gameCode: 'jungle-gems', betPerLine: 0.1 } }))
      .statusCode,
  ).toBe(200);
  const now = new Date();
  await lotteryTick(db, now);
  const [draw] = (await db.select().from(lotteryDraws).where(eq(lotteryDraws.gameCode, 'SSC')))
    .filter((d) => d.closesAt > now)
    .sort((a, b) => a.drawAt.getTime() - b.drawAt.getTime());
  const play = lottery.findPlayType('SSC_5_DIRECT') as lottery.PlayType;
  const selection = { positions: [[1], [2], [3], [4], [5]] };
  await placeLotteryBets(db, brazil, member, {
    requestId: 'record-slip-1',
    gameCode: 'SSC',
    issue: draw?.issue ?? '',
    bets: [{ playType: play.id, selection, unit: 100, multiple: 1, betCount: 1 }],
  });
});
afterAll(() => t.close());

const get = (url: string) => app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${session}` } });

describe('betting record', () => {
  it('lists slot rounds and lottery tickets together, newest first, with totals', async () => {
    const res = await get(bettingRecordPaths.list);
    expect(res.statusCode).toBe(200);
    const { content, totals, totalPages } = res.json().value;
    expect(totalPages).toBe(1);
    expect(content.map((r: { kind: string; category: string }) => `${r.kind}:${r.category}`)).toEqual(['lottery:LOTT', 'round:RNG']);
    expect(content[1]).toMatchObject({ vendor: 'INHOUSE', gameCode: 'jungle-gems', stake: 2, status: 'closed', replayable: true });
    expect(content[0]).toMatchObject({ gameCode: 'SSC', stake: 2, status: 'pending', replayable: false });
    expect(totals.stake).toBe(4);
    expect(totals.net).toBeCloseTo(totals.win - 4, 2);
    const rng = (await get(`${bettingRecordPaths.list}?category=RNG`)).json().value.content;
    expect(rng).toHaveLength(1);
  });

  it('names each game as the catalog does, in the reader’s language, never by its code', async () => {
    const read = async (language: string) =>
      (await app.inject({ method: 'GET', url: bettingRecordPaths.list, headers: { authorization: `Bearer ${session}`, language } })).json()
        .value.content as { gameName: string; classify: string }[];
    expect((await read('PT')).map((r) => [r.gameName, r.classify])).toEqual([
      ['SSC da Sorte', 'LOTTERY'],
      ['Jungle Gems', 'SLOT'],
    ]);
    expect((await read('EN'))[0]?.gameName).toBe('Lucky SSC');
    expect((await read('FR'))[0]?.gameName).toBe('SSC Chance');
  });

  it('replays an in-house round from the record and shows a ticket’s selection', async () => {
    const { content } = (await get(bettingRecordPaths.list)).json().value;
    const round = content.find((r: { kind: string }) => r.kind === 'round');
    const detail = (await get(bettingRecordPaths.detail.replace(':kind', 'round').replace(':id', String(round.id)))).json().value;
    const replayed = slots.replaySlot(slots.slotConfigById('jungle-gems'), detail.detail.outcome.replay);
    expect(replayed.totalWin / 100).toBe(round.win);
    expect(detail.serverSeed).toBeNull();
    const ticket = content.find((r: { kind: string }) => r.kind === 'lottery');
    const lotteryDetail = (await get(bettingRecordPaths.detail.replace(':kind', 'lottery').replace(':id', String(ticket.id)))).json().value;
    expect(lotteryDetail.detail).toMatchObject({ playType: 'SSC_5_DIRECT', selection: { positions: [[1], [2], [3], [4], [5]] } });
  });

  it('shows nothing of another member’s bets and asks a visitor to log in', async () => {
    const other = await tokenOf(app, 'demoagent', 'Demo1234');
    const res = await app.inject({ method: 'GET', url: bettingRecordPaths.list, headers: { authorization: `Bearer ${other}` } });
    expect(res.json().value.content).toEqual([]);
    const { content } = (await get(bettingRecordPaths.list)).json().value;
    const theirs = await app.inject({
      method: 'GET',
      url: bettingRecordPaths.detail.replace(':kind', 'round').replace(':id', String(content[1].id)),
      headers: { authorization: `Bearer ${other}` },
    });
    expect(theirs.statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: bettingRecordPaths.list })).statusCode).toBe(401);
  });
});
