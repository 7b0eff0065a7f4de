import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database.ts';
import type { Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { seedDemoData } from '../../seed/seed.ts';
import { listMerchants } from '../merchants/merchants.repository.ts';
import { balanceOf, checkLedger, houseAccount, memberAccount, post } from './ledger.service.ts';

let database: Database;
let merchantId: number;
let otherMerchantId: number;
beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoData(database.db);
  const merchants = await listMerchants(database.db);
  merchantId = merchants[0]?.id ?? 0;
  otherMerchantId = merchants[1]?.id ?? 0;
});
afterAll(() => database.close());

let nextMember = 1000;
/** A fresh member wallet funded from the house cash-in account. */
async function fundedWallet(amount: number): Promise<{ wallet: number; cashIn: number }> {
  const db = database.db;
  const wallet = await memberAccount(db, merchantId, nextMember++, 'main', 'BRL');
  const cashIn = await houseAccount(db, merchantId, 'cash_in', 'BRL');
  if (amount > 0) {
    await post(db, {
      merchantId,
      type: 'deposit',
      postings: [
        { accountId: cashIn, amount: -amount },
        { accountId: wallet, amount },
      ],
    });
  }
  return { wallet, cashIn };
}

const codeOf = (err: unknown) => (err instanceof AppError ? err.code : String(err));

describe('ledger', () => {
  it('moves money as entries that sum to zero and records the balances they leave', async () => {
    const { wallet, cashIn } = await fundedWallet(10_000);
    const games = await houseAccount(database.db, merchantId, 'games', 'BRL');
    const res = await post(database.db, {
      merchantId,
      type: 'bet',
      postings: [
        { accountId: wallet, amount: -2_550 },
        { accountId: games, amount: 2_550 },
      ],
    });
    expect(res.replayed).toBe(false);
    expect(res.balances[wallet]).toBe(7_450);
    expect(await balanceOf(database.db, wallet)).toBe(7_450);
    expect(await balanceOf(database.db, cashIn)).toBeLessThan(0); // the house mirrors money that came in
    expect((await checkLedger(database.db)).ok).toBe(true);
  });

  it('refuses a movement that would overdraw a member wallet and writes nothing', async () => {
    const { wallet } = await fundedWallet(500);
    const games = await houseAccount(database.db, merchantId, 'games', 'BRL');
    const request = {
      merchantId,
      type: 'bet',
      idempotencyKey: `overdraw-${wallet}`,
      postings: [
        { accountId: wallet, amount: -501 },
        { accountId: games, amount: 501 },
      ],
    };
    await expect(post(database.db, request)).rejects.toSatisfy((e) => codeOf(e) === 'APP_ERR_WALLET_INSUFFICIENT_FUNDS');
    expect(await balanceOf(database.db, wallet)).toBe(500);
    // The failed attempt did not consume its key: once funded, the same request goes through.
    const cashIn = await houseAccount(database.db, merchantId, 'cash_in', 'BRL');
    await post(database.db, {
      merchantId,
      type: 'deposit',
      postings: [
        { accountId: cashIn, amount: -1 },
        { accountId: wallet, amount: 1 },
      ],
    });
    expect((await post(database.db, request)).replayed).toBe(false);
    expect(await balanceOf(database.db, wallet)).toBe(0);
  });

  it('returns the first result for a repeated key and refuses the key with another request', async () => {
    const { wallet } = await fundedWallet(1_000);
    const games = await houseAccount(database.db, merchantId, 'games', 'BRL');
    const request = {
      merchantId,
      type: 'bet',
      idempotencyKey: `bet-${wallet}-1`,
      postings: [
        { accountId: wallet, amount: -300 },
        { accountId: games, amount: 300 },
      ],
    };
    const first = await post(database.db, request);
    const again = await post(database.db, request);
    expect(again).toEqual({ ...first, replayed: true });
    expect(await balanceOf(database.db, wallet)).toBe(700);
    const different = post(database.db, {
      ...request,
      postings: [
        { accountId: wallet, amount: -400 },
        { accountId: games, amount: 400 },
      ],
    });
    await expect(different).rejects.toSatisfy((e) => codeOf(e) === 'APP_ERR_LEDGER_DUPLICATE');
    expect(await balanceOf(database.db, wallet)).toBe(700);
  });

  it('never overdraws under concurrent debits', async () => {
    const { wallet } = await fundedWallet(100);
    const games = await houseAccount(database.db, merchantId, 'games', 'BRL');
    const results = await Promise.allSettled(
      Array.from({ length: 150 }, () =>
        post(database.db, {
          merchantId,
          type: 'bet',
          postings: [
            { accountId: wallet, amount: -1 },
            { accountId: games, amount: 1 },
          ],
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(100);
    expect(results.filter((r) => r.status === 'rejected').every((r) => codeOf(r.reason) === 'APP_ERR_WALLET_INSUFFICIENT_FUNDS')).toBe(
      true,
    );
    expect(await balanceOf(database.db, wallet)).toBe(0);
    expect((await checkLedger(database.db)).ok).toBe(true);
  });

  it('moves money once when the same key arrives many times at once', async () => {
    const { wallet } = await fundedWallet(0);
    const cashIn = await houseAccount(database.db, merchantId, 'cash_in', 'BRL');
    const request = {
      merchantId,
      type: 'deposit',
      idempotencyKey: `deposit-${wallet}`,
      postings: [
        { accountId: cashIn, amount: -5_000 },
        { accountId: wallet, amount: 5_000 },
      ],
    };
    const results = await Promise.all(Array.from({ length: 40 }, () => post(database.db, request)));
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(new Set(results.map((r) => r.transactionId)).size).toBe(1);
    expect(await balanceOf(database.db, wallet)).toBe(5_000);
    expect((await checkLedger(database.db)).ok).toBe(true);
  });

  it('refuses malformed postings', async () => {
    const { wallet, cashIn } = await fundedWallet(100);
    const bad = (postings: { accountId: number; amount: number }[]) => post(database.db, { merchantId, type: 'x', postings });
    await expect(bad([{ accountId: wallet, amount: 5 }])).rejects.toThrow(/two postings/);
    await expect(
      bad([
        { accountId: wallet, amount: 5 },
        { accountId: cashIn, amount: -4 },
      ]),
    ).rejects.toThrow(/sum to zero/);
    await expect(
      bad([
        { accountId: wallet, amount: 0.5 },
        { accountId: cashIn, amount: -0.5 },
      ]),
    ).rejects.toThrow(/integer/);
    const foreign = await houseAccount(database.db, otherMerchantId, 'cash_in', 'XOF');
    await expect(
      bad([
        { accountId: wallet, amount: -5 },
        { accountId: foreign, amount: 5 },
      ]),
    ).rejects.toThrow(/across merchants/);
    expect(await balanceOf(database.db, wallet)).toBe(100);
  });
});
