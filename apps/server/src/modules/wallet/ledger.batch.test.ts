import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database.ts';
import { type Database, queryRows } from '../../platform/db.ts';
import { seedDemoData } from '../../seed/seed.ts';
import { listMerchants } from '../merchants/merchants.repository.ts';
import { balanceOf, checkLedger, houseAccount, memberAccount, type PairRequest, post, postMany } from './ledger.service.ts';

let database: Database;
let merchantId: number;
beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoData(database.db);
  merchantId = (await listMerchants(database.db))[0]?.id ?? 0;
});
afterAll(() => database.close());

let nextMember = 5000;
async function wallet(amount: number): Promise<number> {
  const db = database.db;
  const id = await memberAccount(db, merchantId, nextMember++, 'main', 'BRL');
  const cashIn = await houseAccount(db, merchantId, 'cash_in', 'BRL');
  if (amount > 0) {
    await post(db, {
      merchantId,
      type: 'deposit',
      postings: [
        { accountId: cashIn, amount: -amount },
        { accountId: id, amount },
      ],
    });
  }
  return id;
}

let nextKey = 0;
const move = (memberAccountId: number, houseAccountId: number, amount: number, type = amount < 0 ? 'bet' : 'win'): PairRequest => {
  const key = `batch-${++nextKey}`;
  return { merchantId, type, memberAccountId, houseAccountId, amount, idempotencyKey: key, request: { key, amount } };
};

const wageredOf = async (accountId: number) =>
  Number((await queryRows<{ wagered: string }>(database.db, sql`select wagered from ledger_accounts where id = ${accountId}`))[0]?.wagered);

describe('postMany', () => {
  it('writes each movement as post() would, sharing house accounts, with the balances each entry leaves', async () => {
    const games = await houseAccount(database.db, merchantId, 'games', 'BRL', 1);
    const houseBefore = await balanceOf(database.db, games);
    const players = await Promise.all([wallet(1_000), wallet(1_000), wallet(1_000)]);
    const [a, b, c] = players as [number, number, number];
    const results = await postMany(database.db, [move(a, games, -300), move(b, games, 700), move(c, games, -1_000)]);
    expect(results.map((r) => r.status)).toEqual(['posted', 'posted', 'posted']);
    expect(results.map((r) => (r.status === 'posted' ? r.balance : null))).toEqual([700, 1_700, 0]);
    expect(await Promise.all(players.map((p) => balanceOf(database.db, p)))).toEqual([700, 1_700, 0]);
    expect(await balanceOf(database.db, games)).toBe(houseBefore + 300 - 700 + 1_000);
    // A bet's stake counts as wagering, a win does not.
    expect(await Promise.all(players.map(wageredOf))).toEqual([300, 0, 1_000]);
    // The house entries carry the running balance, in the order of the movements.
    const house = await queryRows<{ amount: string; balance_after: string }>(
      database.db,
      sql`select amount, balance_after from ledger_entries where account_id = ${games} order by id desc limit 3`,
    );
    expect(house.reverse().map((e) => [Number(e.amount), Number(e.balance_after)])).toEqual([
      [300, houseBefore + 300],
      [-700, houseBefore - 400],
      [1_000, houseBefore + 600],
    ]);
    expect((await checkLedger(database.db)).ok).toBe(true);
  });

  it('refuses alone a movement its member cannot afford, and moves a used key nothing', async () => {
    const games = await houseAccount(database.db, merchantId, 'games', 'BRL', 2);
    const [a, b, c] = (await Promise.all([wallet(100), wallet(100), wallet(100)])) as [number, number, number];
    const first = move(c, games, -40);
    await postMany(database.db, [first]);
    const results = await postMany(database.db, [move(a, games, -101), move(b, games, -100), first]);
    expect(results).toEqual([
      { status: 'short', balance: 100 },
      expect.objectContaining({ status: 'posted', balance: 0 }),
      { status: 'seen' },
    ]);
    expect(await Promise.all([a, b, c].map((p) => balanceOf(database.db, p)))).toEqual([100, 0, 60]);
    expect((await checkLedger(database.db)).ok).toBe(true);
  });

  it('moves nothing for a zero amount and claims no key, answering the balance as it stands', async () => {
    const games = await houseAccount(database.db, merchantId, 'games', 'BRL', 4);
    const houseBefore = await balanceOf(database.db, games);
    const [a, b] = (await Promise.all([wallet(250), wallet(0)])) as [number, number];
    const zero = move(b, games, 0, 'win');
    const results = await postMany(database.db, [move(a, games, -50), zero]);
    expect(results).toEqual([
      expect.objectContaining({ status: 'posted', balance: 200 }),
      { status: 'still', balance: 0, alongside: null },
    ]);
    expect(await balanceOf(database.db, games)).toBe(houseBefore + 50);
    const claimed = await queryRows<{ n: string }>(
      database.db,
      sql`select count(*) as n from ledger_transactions where idempotency_key = ${zero.idempotencyKey}`,
    );
    expect(Number(claimed[0]?.n)).toBe(0);
    // No key was claimed: the same zero movement is still nothing, never "seen".
    expect(await postMany(database.db, [zero])).toEqual([{ status: 'still', balance: 0, alongside: null }]);
    expect((await checkLedger(database.db)).ok).toBe(true);
  });

  it('refuses a member account twice in one batch, and a movement that is not between a member and the house', async () => {
    const games = await houseAccount(database.db, merchantId, 'games', 'BRL', 3);
    const a = await wallet(100);
    const b = await wallet(100);
    await expect(postMany(database.db, [move(a, games, -1), move(a, games, -2)])).rejects.toThrow(/once in a batch/);
    await expect(postMany(database.db, [move(a, b, -1)])).rejects.toThrow(/member account and a house account/);
    expect(await balanceOf(database.db, a)).toBe(100);
  });

  it('keeps every cent when batches and single movements on the same accounts race', async () => {
    const houses = await Promise.all([0, 1, 2, 3].map((n) => houseAccount(database.db, merchantId, 'games', 'BRL', n)));
    const players = await Promise.all(Array.from({ length: 12 }, () => wallet(10_000)));
    const before = await Promise.all([...players, ...houses].map((id) => balanceOf(database.db, id)));
    const total = (xs: number[]) => xs.reduce((s, x) => s + x, 0);
    const work: Promise<unknown>[] = [];
    for (let round = 0; round < 20; round++) {
      // Each batch takes six players from a rotating window, so batches in flight share accounts.
      const batch = Array.from({ length: 6 }, (_, k) => players[(round + k * 2) % players.length] as number);
      work.push(
        postMany(
          database.db,
          batch.map((p, k) => move(p, houses[(round + k) % houses.length] as number, k % 2 === 0 ? -7 : 5)),
        ),
      );
      const p = players[round % players.length] as number;
      work.push(
        post(database.db, {
          merchantId,
          type: 'bet',
          postings: [
            { accountId: p, amount: -3 },
            { accountId: houses[round % houses.length] as number, amount: 3 },
          ],
        }),
      );
    }
    const settled = await Promise.allSettled(work);
    expect(settled.filter((s) => s.status === 'rejected').map((s) => String((s as PromiseRejectedResult).reason))).toEqual([]);
    const after = await Promise.all([...players, ...houses].map((id) => balanceOf(database.db, id)));
    expect(total(after)).toBe(total(before));
    expect(total(after.slice(0, players.length))).toBe(total(before.slice(0, players.length)) + 20 * (3 * -7 + 3 * 5) - 20 * 3);
    expect((await checkLedger(database.db)).ok).toBe(true);
  });
});
