import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import type { Database, Db } from '../../platform/db.ts';
import { inTransaction } from '../../platform/db.ts';
import { ensureCursor, type FeedMovement, feedHorizon, lockCursor, moveCursor, movementsAfter } from './ledger-feed.repository.ts';

export type { FeedEntry, FeedMovement } from './ledger-feed.repository.ts';

/**
 * A consumer of the ledger feed: its name (the cursor's key, never to change) and what it does with
 * each batch of movements, in order. `apply` runs in the transaction that moves the cursor, so it
 * writes with `tx` and its writes and the cursor commit together: a crash replays the batch, never
 * skips or doubles it.
 */
export interface FeedConsumer {
  name: string;
  apply(tx: Db, movements: FeedMovement[]): Promise<void>;
}

/**
 * Consumes the consumer's next batch: locks its cursor (another node holding it answers undefined),
 * reads the movements after it, applies them and moves the cursor, in one transaction. Answers how
 * many movements were consumed.
 */
export async function consumeNext(db: Db, consumer: FeedConsumer, batch = 500): Promise<number | undefined> {
  await ensureCursor(db, consumer.name);
  return inTransaction(db, async (tx) => {
    const cursor = await lockCursor(tx, consumer.name);
    if (!cursor) return undefined;
    const movements = await movementsAfter(tx, cursor, batch);
    const last = movements.at(-1);
    if (!last) return 0;
    await consumer.apply(tx, movements);
    await moveCursor(tx, consumer.name, { xact: last.xact, transactionId: last.id }, movements.length);
    return movements.length;
  });
}

/** Consumes until the feed holds nothing more for the consumer now (or another node holds it). */
export async function consumeAll(db: Db, consumer: FeedConsumer, batch = 500): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await consumeNext(db, consumer, batch);
    if (!n) return total;
    total += n;
    if (n < batch) return total;
  }
}

/**
 * Consumes until the consumer has every movement committed before this call. The feed stops at the
 * oldest database transaction still running anywhere on the server, so this waits (polling every
 * 10 ms, up to `timeoutMs`) while an older transaction is open, or while another node holds the
 * consumer. For whoever needs the consumer's view to be current: a report, a test.
 */
export async function catchUp(db: Db, consumer: FeedConsumer, { timeoutMs = 10_000, batch = 500 } = {}): Promise<void> {
  const { xmax: target } = await feedHorizon(db);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { xmin } = await feedHorizon(db);
    let held = false;
    for (;;) {
      const n = await consumeNext(db, consumer, batch);
      if (n === undefined) held = true;
      if (n === undefined || n < batch) break;
    }
    if (!held && xmin >= target) return;
    if (Date.now() > deadline) throw new Error(`feed consumer ${consumer.name} did not catch up in ${timeoutMs} ms`);
    await delay(10);
  }
}

/**
 * Runs a consumer on this node while the app is up: woken by the ledger's NOTIFY (a wake-up only,
 * never the source of truth) and every `pollMs` anyway, one run at a time. Every node may run every
 * consumer: the cursor's lock lets one consume while the others skip.
 *
 * Runs start at least `gapMs` apart: under load the ledger notifies for every statement, and a
 * consumer that ran for each would spend its cycle's fixed cost (cursor, horizon, transaction) on a
 * handful of movements; waiting a moment lets each run take a batch. The lag this adds is at most
 * `gapMs`.
 */
export function runConsumer(
  app: FastifyInstance,
  database: Database,
  consumer: FeedConsumer,
  opts: { pollMs?: number; batch?: number; gapMs?: number } = {},
): void {
  const gapMs = opts.gapMs ?? 100;
  let running: Promise<void> | undefined;
  let again = false;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let paced: NodeJS.Timeout | undefined;
  let lastStart = Number.NEGATIVE_INFINITY;
  let stopListening: (() => Promise<void>) | undefined;
  const run = () => {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    const wait = lastStart + gapMs - Date.now();
    if (wait > 0) {
      paced ??= setTimeout(() => {
        paced = undefined;
        run();
      }, wait);
      return;
    }
    lastStart = Date.now();
    running = consumeAll(database.db, consumer, opts.batch)
      .then(
        () => undefined,
        (err) => app.log.error({ err, consumer: consumer.name }, 'feed consumer failed'),
      )
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          run();
        }
      });
  };
  app.addHook('onReady', async () => {
    stopListening = await database.listen('balance', run);
    timer = setInterval(run, opts.pollMs ?? 500);
    timer.unref();
    run();
  });
  app.addHook('onClose', async () => {
    closed = true;
    clearInterval(timer);
    clearTimeout(paced);
    await stopListening?.();
    await running;
  });
}
