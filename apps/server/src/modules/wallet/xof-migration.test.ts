import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundMember } from '../../../test/funds.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import { type Db, inTransaction, queryRows } from '../../platform/db.ts';
import { memberByAccount } from '../members/members.service.ts';
import { listMerchants } from '../merchants/merchants.repository.ts';
import { checkLedger, houseAccount, memberAccount, post } from './ledger.service.ts';

/**
 * Migration 0028 (decision 0019) on a ledger of centimes: run again over movements written as the
 * platform wrote XOF before it (two decimals assumed, odd centimes everywhere), it must leave every
 * movement summing to zero and every balance the sum of its entries, round no player down, and touch
 * no other currency.
 */
const migration = readFileSync(new URL('../../../drizzle/0028_xof_whole_francs.sql', import.meta.url), 'utf8');

async function runMigration(db: Db) {
  await inTransaction(db, async (tx) => {
    for (const statement of migration.split('--> statement-breakpoint')) await tx.execute(sql.raw(statement));
  });
}

type Entry = { id: number; account_id: number; amount: number; balance_after: number };
type Account = { id: number; member_id: number | null; kind: string; balance: number; currency: string };

async function snapshot(db: Db, currency: string) {
  const accounts = (
    await queryRows<Account>(
      db,
      sql`select id::int, member_id::int, kind, balance::bigint, currency from ledger_accounts where currency = ${currency} order by id`,
    )
  ).map((a) => ({ ...a, balance: Number(a.balance) }));
  const entries = (
    await queryRows<Entry>(
      db,
      sql`select e.id::int, e.account_id::int, e.amount::bigint, e.balance_after::bigint from ledger_entries e
          join ledger_accounts a on a.id = e.account_id where a.currency = ${currency} order by e.id`,
    )
  ).map((e) => ({ ...e, amount: Number(e.amount), balance_after: Number(e.balance_after) }));
  return { accounts, entries };
}

async function minimums(db: Db): Promise<Map<string, number>> {
  const rows = await queryRows<{ code: string; min_amount: string }>(db, sql`select code, min_amount::text from payment_channels`);
  return new Map(rows.map((c) => [c.code, Number(c.min_amount)]));
}

let t: TestApp;
let db: Db;

beforeAll(async () => {
  t = await buildTestApp();
  db = t.database.db;
});
afterAll(() => t.close());

describe('migration 0028: XOF to whole francs', () => {
  // It runs once on a database: one test, one run.
  it('converts a ledger of centimes exactly: invariant before and after, no player rounded down, BRL untouched', async () => {
    const merchants = await listMerchants(db);
    const uemoa = merchants.find((m) => m.code === 'UEMOA');
    const brazil = merchants.find((m) => m.code === 'BRAZIL');
    const player = await memberByAccount(db, uemoa?.id ?? 0, 'demoplayer');
    if (!uemoa || !brazil || !player) throw new Error('no demo merchants');
    // Centime-era movements: a deposit of 4 949,92 F CFA, stakes of 0,01 and 0,37, a win of 12,50.
    const main = await fundMember(db, uemoa, player.id, 494_992);
    const games = await houseAccount(db, uemoa.id, 'games', uemoa.currency, player.id);
    for (const amount of [-1, -37, 1_250, -99, -100]) {
      await post(db, {
        merchantId: uemoa.id,
        type: amount < 0 ? 'bet' : 'win',
        postings: [
          { accountId: main, amount },
          { accountId: games, amount: -amount },
        ],
      });
    }
    const other = await memberAccount(db, brazil.id, (await memberByAccount(db, brazil.id, 'demoplayer'))?.id ?? 0, 'main', 'BRL');
    await fundMember(db, brazil, (await memberByAccount(db, brazil.id, 'demoplayer'))?.id ?? 0, 1_001);
    const before = await snapshot(db, 'XOF');
    const brlBefore = await snapshot(db, 'BRL');
    expect((await checkLedger(db)).ok).toBe(true);
    const playerBefore = before.accounts.find((a) => a.id === main)?.balance ?? 0;
    const channelsBefore = await minimums(db);
    expect(playerBefore % 100).not.toBe(0);

    await runMigration(db);

    expect(await checkLedger(db)).toEqual({ ok: true, accountViolations: [], transactionViolations: [] });
    const after = await snapshot(db, 'XOF');
    const rounding = after.accounts.filter((a) => a.kind === 'rounding#0');
    expect(rounding).toHaveLength(1);
    // Every account but the new rounding one: its balance rounded up to the franc, never down.
    for (const old of before.accounts) {
      const now = after.accounts.find((a) => a.id === old.id);
      expect(now?.balance).toBe(Math.ceil(old.balance / 100));
      if (old.member_id !== null) expect((now?.balance ?? 0) * 100).toBeGreaterThanOrEqual(old.balance);
    }
    expect(after.accounts.find((a) => a.id === main)?.balance).toBe(Math.ceil(playerBefore / 100));
    // Every old entry keeps its place with its running balance in francs; the new ones are all the rounding account's.
    for (const old of before.entries) {
      const now = after.entries.find((e) => e.id === old.id);
      expect(now?.balance_after).toBe(Math.ceil(old.balance_after / 100));
    }
    const added = after.entries.filter((e) => !before.entries.some((b) => b.id === e.id));
    expect(added.length).toBeGreaterThan(0);
    expect(added.every((e) => e.account_id === rounding[0]?.id)).toBe(true);
    // The merchant's books still balance: the rounding account holds what the rounding gave away.
    expect(after.accounts.reduce((s, a) => s + a.balance, 0)).toBe(0);
    expect(rounding[0]?.balance).toBe(-after.accounts.filter((a) => a.kind !== 'rounding#0').reduce((s, a) => s + a.balance, 0));
    // Another currency is not touched.
    expect(await snapshot(db, 'BRL')).toEqual(brlBefore);
    expect(brlBefore.accounts.find((a) => a.id === other)?.balance).toBeGreaterThan(0);
    // Settings of XOF rows are in francs now (500,00 F CFA: 500), BRL's stay in centavos.
    const channelsAfter = await minimums(db);
    expect(channelsAfter.get('ORANGE_MONEY')).toBe(Math.round((channelsBefore.get('ORANGE_MONEY') ?? 0) / 100));
    expect(channelsAfter.get('PIX')).toBe(channelsBefore.get('PIX'));
  });
});
