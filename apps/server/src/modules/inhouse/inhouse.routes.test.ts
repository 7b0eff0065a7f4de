import { catalogPaths, inhousePaths } from '@platform/contract';
import { fair, slots } from '@platform/games';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenOf } from '../../../test/auth.ts';
import { fundMember } from '../../../test/funds.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import { games } from '../catalog/catalog.tables.ts';
import { memberByAccount } from '../members/members.service.ts';
import { listMerchants } from '../merchants/merchants.repository.ts';
import { balanceOf, checkLedger } from '../wallet/ledger.service.ts';

let t: TestApp;
let app: FastifyInstance;
let session: string;
let main: number;

beforeAll(async () => {
  t = await buildTestApp();
  app = t.app;
  const db = t.database.db;
  session = await tokenOf(app, 'demoplayer', 'Demo1234');
  const brazil = (await listMerchants(db)).find((m) => m.code === 'BRAZIL');
  const member = await memberByAccount(db, brazil?.id ?? 0, 'demoplayer');
  if (!brazil || !member) throw new Error('no demo player');
  main = await fundMember(db, brazil, member.id, 50_000);
});
afterAll(() => t.close());

/** Launches an in-house game for money and returns its launch token. */
async function launch(code: string): Promise<string> {
  const [game] = await t.database.db.select().from(games).where(eq(games.gameCode, code));
  const res = await app.inject({
    method: 'POST',
    url: catalogPaths.launchGame,
    headers: { authorization: `Bearer ${session}` },
    payload: { nodeId: game?.id },
  });
  return new URL(res.json().value.game_url, 'http://site').searchParams.get('token') ?? '';
}

const call = (url: string, payload: object) => app.inject({ method: 'POST', url, payload });

describe('slots', () => {
  it('spins for money through the wallet, and the revealed seed proves the round', async () => {
    const token = await launch('jungle-gems');
    const before = await balanceOf(t.database.db, main);
    const res = await call(inhousePaths.slotSpin, { token, gameCode: 'jungle-gems', betPerLine: 0.05 });
    expect(res.statusCode).toBe(200);
    const round = res.json().value;
    expect(round).toMatchObject({ demo: false, stake: 1 });
    expect(round.balance).toBeCloseTo((before - 100 + Math.round(round.win * 100)) / 100, 2);
    expect(await balanceOf(t.database.db, main)).toBe(before - 100 + Math.round(round.win * 100));

    const record = (await app.inject({ method: 'GET', url: `/wps/inhouse/rounds/${round.roundId}?token=${token}` })).json().value;
    expect(record).toMatchObject({ roundId: round.roundId, gameCode: 'jungle-gems', stake: 1, status: 'closed', serverSeed: null });

    const rotated = (await call(inhousePaths.rotateSeeds, { token, clientSeed: 'my lucky seed' })).json().value;
    expect(rotated.previous.serverSeedHash).toBe(round.seeds.serverSeedHash);
    expect(rotated.current.clientSeed).toBe('my lucky seed');
    expect(rotated.current.nonce).toBe(0);
    const revealed = (await app.inject({ method: 'GET', url: `/wps/inhouse/rounds/${round.roundId}?token=${token}` })).json().value;
    expect(fair.hashServerSeed(revealed.serverSeed)).toBe(round.seeds.serverSeedHash);
    const seeds = { serverSeed: revealed.serverSeed, clientSeed: revealed.detail.clientSeed, nonce: revealed.detail.nonce };
    expect(slots.verifySlot(slots.slotConfigById('jungle-gems'), revealed.detail.outcome.replay, seeds)).toBe(true);
  });

  it('refuses a spin the player cannot afford, a token of another game and a bad stake, moving nothing', async () => {
    const token = await launch('savanna-sun');
    const before = await balanceOf(t.database.db, main);
    const dear = await call(inhousePaths.slotSpin, { token, gameCode: 'savanna-sun', betPerLine: 400 });
    expect(dear.statusCode).toBe(409);
    expect(dear.json()).toMatchObject({ code: 'APP_ERR_WALLET_INSUFFICIENT_FUNDS', value: { balance: before / 100 } });
    expect((await call(inhousePaths.slotSpin, { token, gameCode: 'jungle-gems', betPerLine: 0.01 })).json().code).toBe(
      'APP_ERR_GAME_NOT_FOUND',
    );
    const cents = await call(inhousePaths.slotSpin, { token, gameCode: 'savanna-sun', betPerLine: 0.001 });
    expect(cents.json().value.fields).toContainEqual({ field: 'betPerLine', message: 'validation.amount_decimals' });
    expect(await balanceOf(t.database.db, main)).toBe(before);
  });

  it('plays demo money without a token and without touching the wallet', async () => {
    const before = await balanceOf(t.database.db, main);
    const res = (await call(inhousePaths.slotSpin, { gameCode: 'carnival-nights', betPerLine: 1 })).json().value;
    expect(res).toMatchObject({ demo: true, balance: null, stake: 20 });
    expect(fair.hashServerSeed(res.outcome.serverSeed)).toBe(res.seeds.serverSeedHash);
    expect(await balanceOf(t.database.db, main)).toBe(before);
  });
});

describe('provably fair originals', () => {
  it('rolls dice, drops plinko and plays mines for money, each verifiable from its seeds', async () => {
    const dice = await launch('dice');
    const roll = (await call(inhousePaths.diceRoll, { token: dice, amount: 1, target: 50.5, direction: 'over' })).json().value;
    expect(roll.outcome.roll).toBeGreaterThanOrEqual(0);
    expect(roll.outcome.roll).toBeLessThan(10_000);
    expect(roll.win).toBe(roll.outcome.win ? roll.outcome.payout / 100 : 0);

    const plinko = await launch('plinko');
    const drop = (await call(inhousePaths.plinkoDrop, { token: plinko, amount: 2, rows: 12, risk: 'medium' })).json().value;
    expect(drop.outcome.path).toHaveLength(12);

    const mines = await launch('mines');
    const played = (await call(inhousePaths.minesPlay, { token: mines, amount: 1, mines: 3, picks: [0, 6, 12] })).json().value;
    expect(played.outcome.mineCells).toHaveLength(3);

    // Verify the dice roll once its pair is revealed.
    const rotated = (await call(inhousePaths.rotateSeeds, { token: dice })).json().value;
    const seeds = { serverSeed: rotated.previous.serverSeed, clientSeed: rotated.previous.clientSeed, nonce: roll.seeds.nonce - 1 };
    expect(fair.verifyDice({ stake: 100, target: 5050, direction: 'over' }, seeds, roll.outcome)).toBe(true);
  });

  it('refuses an impossible dice target at its field', async () => {
    const dice = await launch('dice');
    const res = await call(inhousePaths.diceRoll, { token: dice, amount: 1, target: 0.5, direction: 'under' });
    expect(res.statusCode).toBe(400);
    expect(res.json().value.fields).toEqual([{ field: 'target', message: 'validation.invalid' }]);
  });

  it('gives concurrent rounds distinct nonces and keeps every cent', async () => {
    const dice = await launch('dice');
    const before = await balanceOf(t.database.db, main);
    const rounds = await Promise.all(
      Array.from({ length: 12 }, () => call(inhousePaths.diceRoll, { token: dice, amount: 0.5, target: 49.5, direction: 'under' })),
    );
    const values = rounds.map((r) => r.json().value);
    expect(new Set(values.map((v) => v.roundId)).size).toBe(12);
    const won = values.reduce((sum, v) => sum + Math.round(v.win * 100), 0);
    expect(await balanceOf(t.database.db, main)).toBe(before - 12 * 50 + won);
    expect((await checkLedger(t.database.db)).ok).toBe(true);
  });
});
