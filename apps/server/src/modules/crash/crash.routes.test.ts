import { fair } from '@platform/games';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCrashRound } from '../../../test/crash-rounds.ts';
import { fundMember } from '../../../test/funds.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import type { WalletCall } from '../inhouse/inhouse.service.ts';
import { insertMember } from '../members/members.repository.ts';
import type { MemberRow } from '../members/members.tables.ts';
import { type Merchant, MerchantDirectory } from '../merchants/merchants.service.ts';
import { bettingRecordDetail } from '../records/records.service.ts';
import { findProvider, findRound } from '../seamless/seamless.repository.ts';
import { openGameSession, signSeamless } from '../seamless/seamless.service.ts';
import { balanceOf, checkLedger } from '../wallet/ledger.service.ts';
import { CRASH_PAUSE_MS, CrashGame, crashSeeds } from './crash.service.ts';
import { crashBets, crashRounds } from './crash.tables.ts';

let t: TestApp;
let game: CrashGame;
let brazil: Merchant;

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const secret = (await findProvider(db, 'INHOUSE'))?.secret ?? '';
  const wallet: WalletCall = async (path, body) => {
    const payload = JSON.stringify(body);
    const res = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/json', 'x-provider': 'INHOUSE', 'x-signature': signSeamless(secret, payload) },
      payload,
    });
    return { status: res.statusCode, body: res.json() };
  };
  const directory = new MerchantDirectory(db, 0);
  brazil = (await directory.list()).find((m) => m.code === 'BRAZIL') as Merchant;
  game = new CrashGame(db, directory, wallet);
});
afterAll(() => t.close());

let serial = 0;
/** A Brazilian player with 100 BRL and a launch token of the crash game. */
async function player(): Promise<{ member: MemberRow; token: string; main: number }> {
  const db = t.database.db;
  const member = await insertMember(db, { merchantId: brazil.id, account: `crasher${++serial}`, language: 'EN' });
  const main = await fundMember(db, brazil, member.id, 10_000);
  const { token } = await openGameSession(db, member, 'INHOUSE', 'crash');
  return { member, token, main };
}

/** A round whose committed seed crashes between 2.50x and 20x, betting from `opens`. */
const roundFrom = (opens: Date, sequence: number) => insertCrashRound(t.database.db, { sequence, opens, min: 250, max: 2000 });

describe('a crash round', () => {
  it('takes bets while open, cashes out at the running multiplier, settles auto cash-outs and losses once', async () => {
    const db = t.database.db;
    const opens = new Date(Date.now() + 60_000);
    const round = await roundFrom(opens, 1);
    const [alice, bob, carol] = [await player(), await player(), await player()];

    const during = new Date(opens.getTime() + 1000);
    await expect(game.bet(alice.token, 10, undefined, new Date(opens.getTime() - 1))).rejects.toMatchObject({
      code: 'APP_ERR_CRASH_BETTING_CLOSED',
    });
    expect((await game.bet(alice.token, 10, undefined, during)).balance).toBe(90);
    await expect(game.bet(alice.token, 10, undefined, during)).rejects.toMatchObject({ code: 'APP_ERR_CRASH_ALREADY_BET' });
    await game.bet(bob.token, 20, 1.5, during);
    await game.bet(carol.token, 30, undefined, during);
    await expect(game.bet(carol.token, 30, undefined, round.startsAt)).rejects.toMatchObject({ code: 'APP_ERR_CRASH_BETTING_CLOSED' });

    // The state before the crash tells nothing of the crash point.
    const running = await game.state(new Date(round.startsAt.getTime() + 10));
    expect(running.current).toMatchObject({ sequence: 1, phase: 'running', crashPoint: null, seed: null });

    const at2x = new Date(round.startsAt.getTime() + fair.crashTimeToReach(200) + 1);
    const cashed = await game.cashOut(alice.token, at2x);
    expect(cashed).toMatchObject({ status: 'cashed', cashOut: fair.crashMultiplierAt(at2x.getTime() - round.startsAt.getTime()) / 100 });
    expect(cashed.payout).toBeCloseTo(10 * (cashed.cashOut ?? 0), 2);
    expect(await balanceOf(db, alice.main)).toBe(9000 + Math.round(cashed.payout * 100));
    await expect(game.cashOut(alice.token, at2x)).rejects.toMatchObject({ code: 'APP_ERR_CRASH_NO_BET' });
    await expect(game.cashOut(carol.token, new Date(round.crashesAt.getTime() + 1))).rejects.toMatchObject({
      code: 'APP_ERR_CRASH_TOO_LATE',
    });

    const after = new Date(round.crashesAt.getTime() + 1);
    const [first, second] = await Promise.all([game.settle(after), game.settle(after)]);
    expect(first + second).toBeGreaterThanOrEqual(2);
    expect(await game.settle(after)).toBe(0);
    expect(await balanceOf(db, bob.main)).toBe(8000 + 3000);
    expect(await balanceOf(db, carol.main)).toBe(7000);
    const bets = await db.select().from(crashBets).where(eq(crashBets.roundId, round.id));
    expect(bets.every((b) => b.paid)).toBe(true);
    const carolRound = await findRound(db, 'INHOUSE', `crash-1-${bets.find((b) => b.memberId === carol.member.id)?.id}`);
    expect(carolRound?.status).toBe('closed');
    // The betting record replays the round with its own seed, revealed by the crash, and multipliers as shown.
    const record = await bettingRecordDetail(
      db,
      carol.member.id,
      { currency: 'BRL', lang: 'PT', langList: ['PT'] },
      'round',
      carolRound?.id ?? 0,
    );
    expect(record.serverSeed).toBe(round.seed);
    // Named as the catalog names it, a mini-game.
    expect(record.row).toMatchObject({ gameName: 'Crash', classify: 'CRASH' });
    expect(record.detail).toMatchObject({ game: 'crash', sequence: 1, crashPoint: round.crashPoint / 100, cashOut: null });

    // Once crashed, the state shows the crash point and the seed that proves it.
    const crashed = await game.state(after);
    expect(crashed.current).toMatchObject({ phase: 'crashed', crashPoint: round.crashPoint, seed: round.seed });
    expect(fair.crashPoint(crashSeeds(crashed.current?.seed ?? '', 1))).toBe(round.crashPoint);
    expect(crashed.current?.bets.map((b) => b.cashOut).sort()).toEqual([1.5, cashed.cashOut, null].sort());
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it('opens the next round once the last has crashed, after the pause, once however many nodes try', async () => {
    const db = t.database.db;
    const [last] = await db.select().from(crashRounds).orderBy(crashRounds.sequence);
    const now = new Date((last?.crashesAt.getTime() ?? 0) + 500);
    const made = await Promise.all([game.ensureRound(now), game.ensureRound(now), game.ensureRound(now)]);
    expect(made.filter(Boolean)).toHaveLength(1);
    const next = made.find(Boolean);
    expect(next?.sequence).toBe(2);
    expect(next?.bettingOpensAt.getTime()).toBe((last?.crashesAt.getTime() ?? 0) + CRASH_PAUSE_MS);
    expect(await game.ensureRound(now)).toBeUndefined();
  });
});

describe('the crash socket and state', () => {
  it('sends the round state on connect and answers it over HTTP', async () => {
    let resolveFirst: (m: { type: string; value: { current: { sequence: number } | null } }) => void = () => {};
    const firstMessage = new Promise<{ type: string; value: { current: { sequence: number } | null } }>((ok) => {
      resolveFirst = ok;
    });
    const ws = await t.app.injectWS(
      '/wps/inhouse/crash/live',
      {},
      { onInit: (socket) => socket.once('message', (data) => resolveFirst(JSON.parse(String(data)))) },
    );
    const first = await firstMessage;
    expect(first.type).toBe('crash');
    expect(first.value.current?.sequence).toBe(2);
    // The app's clock step (the job's work, run by hand with jobs off) pushes the state it reads.
    const pushed = new Promise<{ type: string; value: { current: { sequence: number } | null } }>((ok) =>
      ws.once('message', (data) => ok(JSON.parse(String(data)))),
    );
    await t.app.crashClock();
    expect((await pushed).value.current?.sequence).toBe(2);
    ws.terminate();
    const res = await t.app.inject({ method: 'GET', url: '/wps/inhouse/crash' });
    expect(res.json().value.previous[0]).toMatchObject({ sequence: 1 });
  });
});
