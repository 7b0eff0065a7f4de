import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FeedPlayer, feedPlayers, playMovement, statisticsFromLedger, storedStatistics } from '../../../test/ledger-movements.ts';
import { createTestDatabase, testEngine } from '../../../test/test-database.ts';
import { type Database, type Db, openDatabase, queryRows } from '../../platform/db.ts';
import { seedDemoData } from '../../seed/seed.ts';
import { listMerchants } from '../merchants/merchants.repository.ts';
import { catchUp, type FeedConsumer } from '../wallet/ledger.feed.ts';
import { checkLedger, post } from '../wallet/ledger.service.ts';
import { dailyStatistics, dailyStats } from './statistics.service.ts';

let database: Database;
let db: Db;
let brazil: { id: number; currency: string };

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await seedDemoData(db);
  const found = (await listMerchants(db)).find((m) => m.code === 'BRAZIL');
  if (!found) throw new Error('no BRAZIL');
  brazil = found;
});
afterAll(() => database.close());

describe('daily statistics from the ledger feed', () => {
  it('equal a recomputation from the raw ledger, and a second pass changes nothing', async () => {
    const players = await feedPlayers(db, brazil, 4, 'stats');
    for (let i = 0; i < 60; i++) await playMovement(db, players[i % 4] as FeedPlayer, Math.floor(i / 4));
    await catchUp(db, dailyStatistics);
    expect(await storedStatistics(db)).toEqual(await statisticsFromLedger(db));
    for (let i = 60; i < 90; i++) await playMovement(db, players[i % 4] as FeedPlayer, Math.floor(i / 4));
    await catchUp(db, dailyStatistics);
    await catchUp(db, dailyStatistics);
    expect(await storedStatistics(db)).toEqual(await statisticsFromLedger(db));
  });

  it('counts a movement on the merchant’s own day, and each measure where it belongs', async () => {
    const [p] = await feedPlayers(db, brazil, 1, 'statsday');
    if (!p) throw new Error('no player');
    const move = async (type: string, from: number, to: number, amount: number, at: string) => {
      const { transactionId } = await post(db, {
        merchantId: p.merchantId,
        type,
        postings: [
          { accountId: from, amount: -amount },
          { accountId: to, amount },
        ],
        reference: { category: 'SLOT' },
      });
      await db.execute(sql`update ledger_transactions set created_at = ${at}::timestamptz where id = ${transactionId}`);
    };
    // 02:00 UTC is still the evening before in São Paulo (UTC-3).
    await move('deposit', p.cashIn, p.main, 50_000, '2026-03-11T02:00:00Z');
    await move('bet', p.main, p.games, 1_000, '2026-03-11T02:00:00Z');
    await move('win', p.games, p.main, 2_500, '2026-03-11T12:00:00Z');
    await move('rollback', p.games, p.main, 400, '2026-03-11T12:00:00Z');
    await catchUp(db, dailyStatistics);
    const rows = (await dailyStats(db, brazil.id, '2026-03-10', '2026-03-11')).filter((r) => r.memberId === p.memberId);
    expect(rows).toEqual([
      expect.objectContaining({ day: '2026-03-10', category: 'SLOT', bets: 1, stake: 1_000, validStake: 1_000, payout: 0 }),
      expect.objectContaining({ day: '2026-03-10', category: 'WALLET', deposits: 50_000, bets: 0 }),
      expect.objectContaining({ day: '2026-03-11', category: 'SLOT', bets: 0, stake: 0, validStake: -400, payout: 2_500 }),
    ]);
  });
});

describe.runIf(testEngine === 'postgres')('the feed through a consumer killed halfway', () => {
  const TOTAL = 10_000;
  let consumer: ChildProcess | undefined;
  afterAll(() => consumer?.kill('SIGKILL'));

  const startConsumer = (url: string) =>
    spawn(process.execPath, ['--import', 'tsx', resolve(import.meta.dirname, '../../../test/feed-consumer-process.ts')], {
      cwd: resolve(import.meta.dirname, '../../../../..'),
      env: { ...process.env, DATABASE_URL: url },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  const probed = async () => Number((await queryRows<{ n: string }>(db, sql`select count(*) as n from feed_probe`))[0]?.n);
  async function until(done: () => Promise<boolean>, what: string) {
    const deadline = Date.now() + 60_000;
    while (!(await done())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  it('consumes 10,000 movements of two nodes exactly once, in order, and the statistics equal the raw ledger', {
    timeout: 180_000,
  }, async () => {
    const url = (db as unknown as { $client: { options: { connectionString: string } } }).$client.options.connectionString;
    await db.execute(sql`create table feed_probe (seq bigserial primary key, transaction_id bigint not null)`);
    // Start from here: what earlier tests wrote is consumed already.
    const probe: FeedConsumer = { name: 'probe', apply: async () => {} };
    await catchUp(db, probe);
    await catchUp(db, dailyStatistics);
    const [first] = await queryRows<{ id: string }>(db, sql`select coalesce(max(id), 0) as id from ledger_transactions`);

    // Two nodes write 10,000 movements, each with its own pool, while the consumer runs.
    const nodes = [await openDatabase({ url, dataDir: '' }), await openDatabase({ url, dataDir: '' })];
    const players = await feedPlayers(db, brazil, 16, 'kill');
    // Each player's first movement (the deposit that covers the rest) lands before the others race.
    for (let i = 0; i < 16; i++) await playMovement(db, players[i] as FeedPlayer, 0);
    let next = 16;
    const write = async (node: Database) => {
      for (let i = next++; i < TOTAL; i = next++) await playMovement(node.db, players[i % 16] as FeedPlayer, Math.floor(i / 16));
    };
    consumer = startConsumer(url);
    const writing = Promise.all(nodes.flatMap((node) => Array.from({ length: 6 }, () => write(node))));
    await until(async () => (await probed()) >= 3_000, 'the consumer to pass 3,000');
    const killed = new Promise((r) => consumer?.once('exit', r));
    consumer.kill('SIGKILL');
    await killed;
    const atKill = await probed();
    await writing;
    for (const node of nodes) await node.close();
    expect(atKill).toBeLessThan(TOTAL);

    consumer = startConsumer(url);
    await until(async () => (await probed()) >= TOTAL, 'the restarted consumer to finish');
    consumer.kill('SIGKILL');
    await catchUp(db, dailyStatistics);

    const log = await queryRows<{ transaction_id: string }>(db, sql`select transaction_id from feed_probe order by seq`);
    const expected = await queryRows<{ id: string }>(
      db,
      sql`select id from ledger_transactions where id > ${Number(first?.id)} order by xact, id`,
    );
    expect(log.length).toBe(TOTAL);
    expect(log.map((r) => Number(r.transaction_id))).toEqual(expected.map((r) => Number(r.id)));
    expect(await storedStatistics(db)).toEqual(await statisticsFromLedger(db));
    expect((await checkLedger(db)).ok).toBe(true);
  });
});
