import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FeedPlayer, feedPlayers, playMovement } from '../../../test/ledger-movements.ts';
import { createTestDatabase, testEngine } from '../../../test/test-database.ts';
import { type Database, type Db, queryRows } from '../../platform/db.ts';
import { seedDemoData } from '../../seed/seed.ts';
import { listMerchants } from '../merchants/merchants.repository.ts';
import {
  catchUp,
  consumeAll,
  consumeNext,
  type FeedConsumer,
  type FeedMovement,
  type FeedRange,
  rangeMemberLines,
  runConsumer,
} from './ledger.feed.ts';
import { post } from './ledger.service.ts';

let database: Database;
let db: Db;
let players: FeedPlayer[];

/** A consumer that remembers what it was handed, in order; it writes nothing of its own. */
function recorder(name: string): FeedConsumer & { seen: FeedMovement[] } {
  const seen: FeedMovement[] = [];
  return { name, seen, apply: async (_tx, movements) => void seen.push(...movements) };
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await seedDemoData(db);
  const brazil = (await listMerchants(db)).find((m) => m.code === 'BRAZIL');
  if (!brazil) throw new Error('no BRAZIL');
  players = await feedPlayers(db, brazil, 3, 'feed');
});
afterAll(() => database.close());

describe('the ledger feed', () => {
  it('hands every committed movement to each consumer once, in order, with its entries', async () => {
    const before = recorder('before');
    await catchUp(db, before);
    const earlier = before.seen.length;
    for (let i = 0; i < 30; i++) await playMovement(db, players[i % 3] as FeedPlayer, Math.floor(i / 3));
    const sut = recorder('in-order');
    await catchUp(db, sut, { batch: 7 });
    const ids = sut.seen.map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const deposit = sut.seen.find((m) => m.type === 'deposit' && m.entries.some((e) => e.memberId === players[0]?.memberId));
    expect(deposit?.entries.map((e) => e.amount).reduce((a, b) => a + b, 0)).toBe(0);
    expect(deposit?.entries.find((e) => e.memberId !== null)).toMatchObject({ kind: 'main', amount: 10_000_000 });

    // A second consumer starts from the feed's beginning; the first one, caught up, gets nothing again.
    await catchUp(db, sut);
    expect(sut.seen.length).toBe(ids.length);
    await catchUp(db, before);
    expect(before.seen.length).toBe(earlier + 30);
    expect(before.seen.slice(earlier).map((m) => m.id)).toEqual(ids.slice(-30));
  });

  it('hands a range consumer the same stretches, whose member lines are the movements’ member entries', async () => {
    for (let i = 0; i < 12; i++) await playMovement(db, players[i % 3] as FeedPlayer, 300 + i);
    const movements = recorder('range-twin');
    const lines: { transactionId: number; memberId: number; amount: number }[] = [];
    const ranges: FeedRange[] = [];
    const ranged: FeedConsumer = {
      name: 'range',
      applyRange: async (tx, range) => {
        ranges.push(range);
        const rows = await queryRows<{ transaction_id: string; member_id: string; amount: string }>(
          tx,
          sql`select transaction_id, member_id, amount from ${rangeMemberLines(range)} x order by transaction_id, member_id`,
        );
        lines.push(
          ...rows.map((r) => ({ transactionId: Number(r.transaction_id), memberId: Number(r.member_id), amount: Number(r.amount) })),
        );
      },
    };
    // Both start at the feed's beginning, so they share each range.
    for (;;) {
      const n = await consumeNext(db, [movements, ranged], 9);
      if (!n || n < 9) break;
    }
    expect(ranges.reduce((n, r) => n + r.count, 0)).toBe(movements.seen.length);
    expect(ranges.at(-1)?.to.transactionId).toBe(movements.seen.at(-1)?.id);
    const expected = movements.seen
      .flatMap((m) =>
        m.entries
          .filter((e) => e.memberId !== null)
          .map((e) => ({ transactionId: m.id, memberId: e.memberId as number, amount: e.amount })),
      )
      .sort((a, b) => a.transactionId - b.transactionId || a.memberId - b.memberId);
    expect(lines.sort((a, b) => a.transactionId - b.transactionId || a.memberId - b.memberId)).toEqual(expected);
    expect(lines.length).toBeGreaterThan(12);
  });

  it('replays a batch whose consumer failed, and skips none', async () => {
    for (let i = 0; i < 5; i++) await playMovement(db, players[1] as FeedPlayer, 100 + i);
    let fail = true;
    const seen: number[] = [];
    const flaky: FeedConsumer = {
      name: 'flaky',
      apply: async (_tx, movements) => {
        if (fail) throw new Error('consumer crashed');
        seen.push(...movements.map((m) => m.id));
      },
    };
    await expect(consumeNext(db, flaky, 3)).rejects.toThrow('consumer crashed');
    fail = false;
    await catchUp(db, flaky, { batch: 3 });
    const all = recorder('all');
    await catchUp(db, all);
    expect(seen).toEqual(all.seen.map((m) => m.id));
  });

  it.runIf(testEngine === 'postgres')('waits for a movement that commits after a later one, instead of skipping it', async () => {
    const url = (db as unknown as { $client: pg.Pool }).$client.options.connectionString;
    const sut = recorder('late-commit');
    await catchUp(db, sut);
    sut.seen.length = 0;
    const p = players[2] as FeedPlayer;
    const slow = new pg.Client({ connectionString: url });
    await slow.connect();
    try {
      await slow.query('begin');
      // The slow transaction takes its transaction id (and a ledger id) first...
      const { rows } = await slow.query(
        `insert into ledger_transactions (merchant_id, type, reference) values ($1, 'adjustment', '{}') returning id`,
        [p.merchantId],
      );
      await slow.query(
        'insert into ledger_entries (transaction_id, account_id, amount, balance_after) values ($1, $2, 5, 0), ($1, $3, -5, 0)',
        [rows[0].id, p.cashOut, p.cashIn],
      );
      // ...a later movement commits before it...
      await post(db, {
        merchantId: p.merchantId,
        type: 'deposit',
        postings: [
          { accountId: p.cashIn, amount: -100 },
          { accountId: p.main, amount: 100 },
        ],
      });
      // ...and the feed gives nothing past the slow one while it runs.
      expect(await consumeAll(db, sut)).toBe(0);
      await slow.query('commit');
    } finally {
      await slow.end();
    }
    await catchUp(db, sut);
    expect(sut.seen.map((m) => m.type)).toEqual(['adjustment', 'deposit']);
  });

  it.runIf(testEngine === 'postgres')(
    'answers busy (503), not a failure, when a transaction open elsewhere holds catching up',
    async () => {
      const url = (db as unknown as { $client: pg.Pool }).$client.options.connectionString;
      const long = new pg.Client({ connectionString: url });
      await long.connect();
      try {
        await long.query('begin');
        await long.query('select txid_current()');
        await playMovement(db, players[0] as FeedPlayer, 700);
        const err = await catchUp(db, recorder('held-up'), { timeoutMs: 200 }).catch((e: unknown) => e);
        expect(err).toMatchObject({ code: 'APP_ERR_SYSTEM_BUSY', status: 503 });
      } finally {
        await long.query('rollback');
        await long.end();
      }
    },
  );

  it.runIf(testEngine === 'postgres')('lets one node consume at a time', async () => {
    for (let i = 0; i < 20; i++) await playMovement(db, players[0] as FeedPlayer, 200 + i);
    const ids: number[] = [];
    const shared: FeedConsumer = { name: 'shared', apply: async (_tx, movements) => void ids.push(...movements.map((m) => m.id)) };
    await Promise.all(Array.from({ length: 6 }, () => catchUp(db, shared, { batch: 4 })));
    expect(new Set(ids).size).toBe(ids.length);
    const all = recorder('all-shared');
    await catchUp(db, all);
    expect(ids).toEqual(all.seen.map((m) => m.id));
    const [cursor] = await queryRows<{ consumed: string }>(db, sql`select consumed from ledger_feed_cursors where consumer = 'shared'`);
    expect(Number(cursor?.consumed)).toBe(ids.length);
  });
  it('takes the wake-ups of a burst of movements as one run a gap later, not a run each', async () => {
    const sut = recorder('paced');
    await catchUp(db, sut);
    const batches: number[] = [];
    const counting: FeedConsumer = { name: sut.name, apply: async (_tx, m) => void batches.push(m.length) };
    const hooks = new Map<string, () => Promise<void>>();
    let wake = () => {};
    const app = {
      addHook: (name: string, fn: () => Promise<void>) => void hooks.set(name, fn),
      log: console,
      metricsRegistry: new Registry(),
    } as unknown as FastifyInstance;
    const node = {
      db,
      listen: async (_channel: string, onNotify: () => void) => {
        wake = onNotify;
        return async () => {};
      },
    } as unknown as Database;
    runConsumer(app, node, counting, { gapMs: 3_000, pollMs: 600_000 });
    await hooks.get('onReady')?.();
    // The run at start may still be reading when the first movement commits; every later wake-up
    // falls in the gap after it, so 20 movements arrive in at most two batches (a run each: 20).
    for (let i = 0; i < 20; i++) {
      await playMovement(db, players[i % 3] as FeedPlayer, 300 + i);
      wake();
    }
    await expect.poll(() => batches.reduce((a, b) => a + b, 0), { timeout: 10_000, interval: 50 }).toBe(20);
    expect(batches.length).toBeLessThanOrEqual(2);
    // Each run's batch is one observation of the lag histogram (made once its transaction commits),
    // between 0 and the test's length.
    const lag = async (name: string) =>
      (await app.metricsRegistry.getSingleMetric('ledger_feed_lag_seconds')?.get())?.values.find(
        (v) => (v as { metricName?: string }).metricName === `ledger_feed_lag_seconds_${name}`,
      )?.value ?? -1;
    await expect.poll(() => lag('count'), { timeout: 5_000, interval: 20 }).toBe(batches.length);
    expect(await lag('sum')).toBeGreaterThan(0);
    expect(await lag('sum')).toBeLessThan(30 * batches.length);
    await hooks.get('onClose')?.();
  });

  it('consumes for several consumers in one transaction, each from where it stands', async () => {
    for (const p of players) await playMovement(db, p, 0);
    const ahead = recorder('together-ahead');
    await catchUp(db, ahead);
    const alsoAhead = recorder('together-also-ahead');
    await catchUp(db, alsoAhead);
    const fresh = recorder('together-fresh');
    for (let i = 1; i <= 6; i++) await playMovement(db, players[i % 3] as FeedPlayer, i);
    await consumeAll(db, [ahead, alsoAhead, fresh]);
    // The two that stood together got the same six; the new one got the whole feed, in order.
    expect(ahead.seen.slice(-6).map((m) => m.id)).toEqual(alsoAhead.seen.slice(-6).map((m) => m.id));
    const all = recorder('together-reference');
    await catchUp(db, all);
    expect(fresh.seen.map((m) => m.id)).toEqual(all.seen.map((m) => m.id));
    expect(ahead.seen.slice(-6).map((m) => m.id)).toEqual(all.seen.slice(-6).map((m) => m.id));
  });

  it('runs every registered consumer in one runner, and a failing one holds back only itself', async () => {
    for (const p of players) await playMovement(db, p, 0);
    const good = recorder('runner-good');
    await catchUp(db, good);
    let failing = true;
    const flaky: FeedConsumer = {
      name: 'runner-flaky',
      apply: async () => {
        if (failing) throw new Error('flaky consumer');
      },
    };
    await catchUp(db, { name: flaky.name, apply: async () => {} });
    const hooks = new Map<string, Array<() => Promise<void>>>();
    const errors: string[] = [];
    const app = {
      addHook: (name: string, fn: () => Promise<void>) => void hooks.set(name, [...(hooks.get(name) ?? []), fn]),
      log: { error: (o: { consumer: string }) => void errors.push(o.consumer) },
      metricsRegistry: new Registry(),
    } as unknown as FastifyInstance;
    let wake = () => {};
    const node = {
      db,
      listen: async (_channel: string, onNotify: () => void) => {
        wake = onNotify;
        return async () => {};
      },
    } as unknown as Database;
    runConsumer(app, node, good, { gapMs: 10, pollMs: 600_000 });
    runConsumer(app, node, flaky);
    // One runner: the second registration added no hooks of its own.
    expect(hooks.get('onReady')?.length).toBe(1);
    for (const fn of hooks.get('onReady') ?? []) await fn();
    const cursor = async (consumer: string) =>
      (await queryRows<{ at: string }>(db, sql`select transaction_id as at from ledger_feed_cursors where consumer = ${consumer}`))[0]?.at;
    for (let i = 1; i <= 4; i++) await playMovement(db, players[i % 3] as FeedPlayer, i);
    const [head] = await queryRows<{ id: string }>(db, sql`select max(id) as id from ledger_transactions`);
    wake();
    await expect.poll(() => cursor('runner-good'), { timeout: 10_000, interval: 20 }).toBe(head?.id);
    await expect.poll(() => errors, { timeout: 10_000, interval: 20 }).toContain('runner-flaky');
    expect(await cursor('runner-flaky')).not.toBe(head?.id);
    failing = false;
    wake();
    await expect.poll(() => cursor('runner-flaky'), { timeout: 10_000, interval: 20 }).toBe(head?.id);
    for (const fn of hooks.get('onClose') ?? []) await fn();
  });
});
