import { inhousePaths } from '@platform/contract';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FreshDatabase, freshDatabase } from '../../../../../bench/fresh-database.ts';
import { exitOf, freePort, slowClients, startServer } from '../../../test/chaos.ts';
import { fundMember } from '../../../test/funds.ts';
import { testEngine } from '../../../test/test-database.ts';
import { insertMember } from '../members/members.repository.ts';
import { listMerchants } from '../merchants/merchants.repository.ts';
import { openGameSession } from '../seamless/seamless.service.ts';
import { gameRounds } from '../seamless/seamless.tables.ts';
import { balanceOf, checkLedger } from '../wallet/ledger.service.ts';
import { INHOUSE } from './inhouse.service.ts';

const PLAYERS = 6;
const FUNDS = 100_000;

/** Players rolling dice as fast as they can until `stop` says so; failures (the server going away) are expected. */
function load(port: number, tokens: string[], stop: { now: boolean }) {
  return Promise.all(
    tokens.map(async (token) => {
      while (!stop.now) {
        await fetch(`http://127.0.0.1:${port}${inhousePaths.diceRoll}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', merchant: 'BRAZIL' },
          body: JSON.stringify({ token, amount: 1.37, target: 50.5, direction: 'over' }),
        }).catch(() => undefined);
      }
    }),
  );
}

let fresh: FreshDatabase | undefined;
const tokens: string[] = [];
const mains: number[] = [];
const memberIds: number[] = [];

describe.runIf(testEngine === 'postgres')('in-house rounds through kill -9 and SIGTERM', () => {
  beforeAll(async () => {
    process.env.BENCH_DATABASE_URL ??= process.env.TEST_DATABASE_URL;
    fresh = await freshDatabase('chaos');
    if (!fresh) throw new Error('no PostgreSQL');
    const db = fresh.database.db;
    const brazil = (await listMerchants(db)).find((m) => m.code === 'BRAZIL');
    if (!brazil) throw new Error('no BRAZIL');
    for (let i = 0; i < PLAYERS; i++) {
      const member = await insertMember(db, { merchantId: brazil.id, account: `chaos${i}`, language: 'EN' });
      memberIds.push(member.id);
      mains.push(await fundMember(db, { id: brazil.id, currency: 'BRL' }, member.id, FUNDS));
      tokens.push((await openGameSession(db, member, INHOUSE, 'dice')).token);
    }
  });
  afterAll(() => fresh?.drop());

  it('finds every round settled and every balance equal to what the outcomes owe, to the cent', async () => {
    const db = fresh?.database.db;
    if (!fresh || !db) throw new Error('no database');
    const port = await freePort();

    // 1. kill -9 in the middle of the load.
    let server = await startServer(fresh.url, port);
    let stop = { now: false };
    let rolling = load(port, tokens, stop);
    await new Promise((r) => setTimeout(r, 2_000));
    const killed = exitOf(server.child);
    server.child.kill('SIGKILL');
    await killed;
    stop.now = true;
    await rolling;

    const mine = and(eq(gameRounds.provider, INHOUSE), like(gameRounds.roundId, 'ih-%'));
    const leftOpen = (
      await db
        .select()
        .from(gameRounds)
        .where(and(mine, eq(gameRounds.status, 'open')))
    ).length;
    console.info(`kill -9 left ${leftOpen} in-house round(s) open`);

    // 2. Restarted: the rounds the kill left open are paid at start. Then a SIGTERM with slow and idle clients connected.
    server = await startServer(fresh.url, port);
    if (leftOpen > 0) {
      for (let i = 0; i < 50 && !server.logs.some((l) => l.closed === leftOpen); i++) await new Promise((r) => setTimeout(r, 100));
      expect(server.logs.find((l) => typeof l.closed === 'number')).toMatchObject({ closed: leftOpen });
    }
    stop = { now: false };
    rolling = load(port, tokens, stop);
    await new Promise((r) => setTimeout(r, 1_500));
    const slow = slowClients(port);
    const stopped = exitOf(server.child);
    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    const code = await stopped;
    const took = Date.now() - signalledAt;
    stop.now = true;
    await rolling;
    for (const s of slow) s.destroy();
    expect(code).toBe(0);
    expect(took).toBeLessThan(8_000);
    expect(server.logs.some((l) => l.msg === 'stopped')).toBe(true);

    // 3. Restarted once more: nothing is left open, and the money is exactly what the outcomes say.
    server = await startServer(fresh.url, port);
    let open = -1;
    for (let i = 0; i < 100 && open !== 0; i++) {
      open = (
        await db
          .select()
          .from(gameRounds)
          .where(and(mine, eq(gameRounds.status, 'open')))
      ).length;
      if (open !== 0) await new Promise((r) => setTimeout(r, 100));
    }
    expect(open).toBe(0);
    const rounds = await db.select().from(gameRounds).where(mine);
    expect(rounds.length).toBeGreaterThan(20);
    for (const r of rounds) expect(r.win, r.roundId).toBe(Math.round(Number(r.detail.win) * 100));
    // Each player's balance is the funds, less every stake, plus every win the stored outcomes owe.
    for (const [i, main] of mains.entries()) {
      const owed = rounds.filter((r) => r.memberId === memberIds[i]).reduce((sum, r) => sum - r.stake + r.win, 0);
      expect(await balanceOf(db, main)).toBe(FUNDS + owed);
    }
    expect((await checkLedger(db)).ok).toBe(true);
    const exited = exitOf(server.child);
    server.child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 60_000);
});
