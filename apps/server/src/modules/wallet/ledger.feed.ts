import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { Histogram } from 'prom-client';
import type { Database, Db } from '../../platform/db.ts';
import { inTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import {
  type FeedCursor,
  type FeedMovement,
  type FeedRange,
  feedHorizon,
  lockCursors,
  moveCursors,
  movementsIn,
  nextRange,
} from './ledger-feed.repository.ts';

export type { FeedEntry, FeedMovement, FeedRange } from './ledger-feed.repository.ts';
export { movementsIn, rangeMemberLines } from './ledger-feed.repository.ts';

/**
 * A consumer of the ledger feed: its name (the cursor's key, never to change) and what it does with
 * each batch, in order. Its work runs in the transaction that moves the cursor, so it writes with
 * `tx` and its writes and the cursor commit together: a crash replays the batch, never skips or
 * doubles it.
 *
 * A consumer that can say what it does in SQL takes the batch as a range (`applyRange`) and reads its
 * lines there (`rangeMemberLines`), so nothing comes into Node; one that must walk the movements in
 * order takes them with their entries (`apply`), or reads them itself with `movementsIn` only when the
 * range holds something for it.
 */
export type FeedConsumer = { name: string } & (
  | { apply(tx: Db, movements: FeedMovement[]): Promise<void>; applyRange?: never }
  | { applyRange(tx: Db, range: FeedRange): Promise<void>; apply?: never }
);

/**
 * Consumes the next batch of each consumer, in one transaction: locks their cursors (a cursor another
 * node holds is skipped), bounds the range after them, hands it to them and moves the cursors.
 * Consumers standing at the same place share one range (and one read of its movements, for those
 * that take them); in steady state they all do, as every run takes each of them to the same horizon.
 * Answers the largest batch (a full batch means more may follow), or undefined when another node
 * holds every cursor. `consumed` hears, once the batch has committed, how long its oldest movement
 * waited from its own transaction to that commit.
 *
 * One consumer failing fails the transaction, so nothing moves; `runFeed` then runs them one by one,
 * so a failing consumer holds back only itself.
 */
export async function consumeNext(
  db: Db,
  consumers: FeedConsumer | readonly FeedConsumer[],
  batch = 500,
  consumed?: (lagMs: number) => void,
): Promise<number | undefined> {
  const list = Array.isArray(consumers) ? consumers : [consumers as FeedConsumer];
  let oldest: { ageMs: number; readAt: number } | undefined;
  const answer = await inTransaction(db, async (tx) => {
    const cursors = await lockCursors(
      tx,
      list.map((c) => c.name),
    );
    if (cursors.size === 0) return undefined;
    const places = new Map<string, { at: FeedCursor; consumers: FeedConsumer[] }>();
    for (const c of list) {
      const at = cursors.get(c.name);
      if (!at) continue;
      const key = `${at.xact}:${at.transactionId}`;
      const place = places.get(key) ?? { at, consumers: [] };
      place.consumers.push(c);
      places.set(key, place);
    }
    let largest = 0;
    const moves: { consumer: string; to: FeedCursor; consumed: number }[] = [];
    for (const { at, consumers: here } of places.values()) {
      const range = await nextRange(tx, at, batch);
      if (!range) continue;
      largest = Math.max(largest, range.count);
      if (!oldest || range.oldestAgeMs > oldest.ageMs) oldest = { ageMs: range.oldestAgeMs, readAt: Date.now() };
      let movements: FeedMovement[] | undefined;
      for (const c of here) {
        if (c.applyRange) await c.applyRange(tx, range);
        else {
          movements ??= await movementsIn(tx, range);
          await c.apply(tx, movements);
        }
        moves.push({ consumer: c.name, to: range.to, consumed: range.count });
      }
    }
    await moveCursors(tx, moves);
    return largest;
  });
  if (oldest && consumed) consumed(oldest.ageMs + (Date.now() - oldest.readAt));
  return answer;
}

/** Consumes until the feed holds nothing more for the consumers now (or another node holds them). */
export async function consumeAll(
  db: Db,
  consumers: FeedConsumer | readonly FeedConsumer[],
  batch = 500,
  consumed?: (lagMs: number) => void,
): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await consumeNext(db, consumers, batch, consumed);
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
    // Held up by a transaction open elsewhere on the database (or a node holding the cursor): the
    // caller's request answers 503 and may be tried again; nothing was left half done.
    if (Date.now() > deadline) throw new AppError('APP_ERR_SYSTEM_BUSY');
    await delay(10);
  }
}

/** The lag histogram's bounds, in seconds: fine where a healthy feed stands (under a second), coarse beyond. */
export const feedLagBuckets = [0.01, 0.025, 0.05, 0.1, 0.15, 0.2, 0.3, 0.4, 0.5, 0.6, 0.8, 1, 1.5, 2, 3, 5, 10, 30, 60];

let removedForBench = false;

/**
 * The bench's reference only: no consumer runs in this process (every other job does), so that
 * `npm run bench` can set what the consumers cost beside the same server without them. The
 * configuration refuses it outside development mode (BENCH_WITHOUT_FEED); main.ts calls this.
 */
export function removeFeedForBench(): void {
  removedForBench = true;
}

/** The consumers of each app's feed runner, registered by the modules' jobs (fastify-plugin: the one app instance). */
const runners = new WeakMap<FastifyInstance, FeedConsumer[]>();

/**
 * Has this node run a consumer while the app is up, with every other consumer registered on the same
 * app: one runner per node consumes for all of them, sharing each batch's read and transaction
 * (`consumeNext`). The first registration starts the runner; its options are the runner's.
 */
export function runConsumer(
  app: FastifyInstance,
  database: Database,
  consumer: FeedConsumer,
  opts: { pollMs?: number; batch?: number; gapMs?: number } = {},
): void {
  if (removedForBench) return;
  const registered = runners.get(app);
  if (registered) {
    registered.push(consumer);
    return;
  }
  const consumers = [consumer];
  runners.set(app, consumers);
  runFeed(app, database, consumers, opts);
}

/**
 * The feed runner of a node: woken by the ledger's NOTIFY (a wake-up only, never the source of truth)
 * and every `pollMs` anyway, one run at a time. Every node may run every consumer: the cursors' locks
 * let one consume while the others skip.
 *
 * Runs start at least `gapMs` apart: under load the ledger notifies for every statement, and a run
 * for each would spend its fixed cost (cursors, transaction) on a handful of movements; waiting a
 * moment lets each run take a batch. The lag this adds is at most `gapMs`.
 *
 * The lag each batch's oldest movement waited, from its transaction to the batch's commit, is the
 * histogram `ledger_feed_lag_seconds` at /metrics: what an operator watches, and what the bench reads.
 */
function runFeed(
  app: FastifyInstance,
  database: Database,
  consumers: readonly FeedConsumer[],
  opts: { pollMs?: number; batch?: number; gapMs?: number },
): void {
  const gapMs = opts.gapMs ?? 100;
  const lag = new Histogram({
    name: 'ledger_feed_lag_seconds',
    help: "How long each batch's oldest movement waited, from its transaction to the feed consumers' commit",
    buckets: feedLagBuckets,
    registers: [app.metricsRegistry],
  });
  const consumed = (ms: number) => lag.observe(ms / 1000);
  let running: Promise<void> | undefined;
  let again = false;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let paced: NodeJS.Timeout | undefined;
  let lastStart = Number.NEGATIVE_INFINITY;
  let stopListening: (() => Promise<void>) | undefined;
  const consumeEach = async () => {
    for (const consumer of consumers) {
      await consumeAll(database.db, consumer, opts.batch, consumed).catch((err) =>
        app.log.error({ err, consumer: consumer.name }, 'feed consumer failed'),
      );
    }
  };
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
    running = consumeAll(database.db, consumers, opts.batch, consumed)
      .then(
        () => undefined,
        () => consumeEach(),
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
