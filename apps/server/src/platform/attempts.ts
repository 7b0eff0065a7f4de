import { setTimeout as delay } from 'node:timers/promises';
import type { ErrorCode } from '@platform/contract';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { rateCounters } from './attempts.tables.ts';
import type { Db } from './db.ts';
import { AppError } from './errors.ts';

// Attempts and rate limits, counted in the database so that every node sees the same counts.
//
// The one rule: an attempt takes its place in the counter (one upsert that returns the new count)
// BEFORE the secret is checked. N concurrent attempts therefore see N distinct counts, and only those
// whose place is within the limit reach the check: a burst can never check more than the limit,
// however it is spread over nodes and connections. Reading a count and adding to it afterwards lets
// every request of a burst read the same low count.

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

interface Hit {
  count: number;
  windowStart: Date;
}

/**
 * Counts one hit of `key` in its window and returns the count so far, this hit included. A window
 * opens at the first hit after the previous one closed. One statement, so concurrent hits on any node
 * each get their own count.
 */
export async function hitCounter(db: Db, key: string, windowMs: number, now: Date): Promise<Hit> {
  const cutoff = new Date(now.getTime() - windowMs);
  const [row] = await db
    .insert(rateCounters)
    .values({ key, windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: rateCounters.key,
      set: {
        count: sql`case when rate_counters.window_start <= ${ts(cutoff)} then 1 else rate_counters.count + 1 end`,
        windowStart: sql`case when rate_counters.window_start <= ${ts(cutoff)} then ${ts(now)} else rate_counters.window_start end`,
      },
    })
    .returning({ count: rateCounters.count, windowStart: rateCounters.windowStart });
  if (!row) throw new Error('counter upsert returned nothing');
  return row;
}

/** The hits of `key` in its current window (undefined when the window has closed). */
export async function peekCounter(db: Db, key: string, windowMs: number, now: Date): Promise<Hit | undefined> {
  const [row] = await db
    .select({ count: rateCounters.count, windowStart: rateCounters.windowStart })
    .from(rateCounters)
    .where(and(eq(rateCounters.key, key), gt(rateCounters.windowStart, new Date(now.getTime() - windowMs))))
    .limit(1);
  return row;
}

export async function clearCounter(db: Db, key: string): Promise<void> {
  await db.delete(rateCounters).where(eq(rateCounters.key, key));
}

/** Gives back one hit, in the window it was taken in only: a window that restarted meanwhile is not touched. */
async function unhit(db: Db, key: string, hit: Hit): Promise<void> {
  await db
    .update(rateCounters)
    .set({ count: sql`${rateCounters.count} - 1` })
    .where(and(eq(rateCounters.key, key), eq(rateCounters.windowStart, hit.windowStart), gt(rateCounters.count, 0)));
}

/** Deletes counters whose window opened more than a day ago (no window is longer). Harmless on any node. */
export async function purgeOldCounters(db: Db, now: Date): Promise<void> {
  await db.delete(rateCounters).where(lt(rateCounters.windowStart, new Date(now.getTime() - 86_400_000)));
}

/**
 * Counts a hit of `key` and refuses it once more than `limit` fall in the window: a rate limit, where
 * every request counts whatever its outcome.
 */
export async function throttle(
  db: Db,
  key: string,
  opts: { windowMs: number; limit: number; code?: ErrorCode },
  now = new Date(),
): Promise<void> {
  const { count } = await hitCounter(db, key, opts.windowMs, now);
  if (count > opts.limit) throw new AppError(opts.code ?? 'APP_ERR_RATE_LIMITED');
}

/** One limit an attempt at a secret (password, code, payment password) is counted under. */
export interface AttemptLimit {
  /** The counter, e.g. `login:fail:<merchant>:<account>`. */
  key: string;
  windowMs: number;
  /** Attempts beyond this many in the window are refused without being checked. */
  max: number;
  /** The answer to an attempt refused by this limit. */
  refuse: ErrorCode | (() => AppError);
  /**
   * Lock after failures: the failure that fills the window sets this lock, which then refuses every
   * attempt for `ms`, even when the failure window closes first. It also tells a full window of
   * failures from one full of attempts still being checked: past the limit without the lock, an
   * attempt waits a little for those to end (the right password sent six times at once is not locked).
   */
  lock?: { key: string; ms: number };
  /** A success clears the counter (the secret was known); without it a success only frees its own place. */
  resetOnSuccess?: boolean;
}

/** An attempt whose places are reserved; exactly one of its three endings is called. */
export interface Attempt {
  /** This attempt's place in each limit's window, in the order of the limits (1 = first). */
  readonly counts: readonly number[];
  /** Refused before the secret was checked (a missing captcha...): every place is given back. */
  release(): Promise<void>;
  /** The secret was wrong: the places stay taken. Sets the locks this failure reaches; true when a lock now holds. */
  fail(): Promise<boolean>;
  /** The secret was right: places given back, counters of `resetOnSuccess` limits cleared. */
  succeed(): Promise<void>;
}

const refusal = (limit: AttemptLimit) => (typeof limit.refuse === 'function' ? limit.refuse() : new AppError(limit.refuse));

/**
 * How long an attempt past a full window waits, each time, for the attempts in flight to end: about
 * 5 s in all, enough for a burst of a hundred right secrets to be checked a few at a time on a busy
 * node (each check is an argon2id hash).
 */
const CONGESTION_WAITS_MS = [10, 20, 40, 80, 160, 320, 640, 1_000, 1_000, 1_000, 1_000];

/**
 * Reserves one attempt under every limit, before the secret is checked: refuses (with the first
 * limit's answer) while a lock holds or when this attempt's place is beyond a limit's `max`, giving
 * its places back. The counters live in the database, so the limits hold across every node.
 */
export async function reserveAttempt(db: Db, limits: readonly AttemptLimit[], now = new Date()): Promise<Attempt> {
  for (let round = 0; ; round++) {
    for (const limit of limits) {
      if (limit.lock && (await peekCounter(db, limit.lock.key, limit.lock.ms, now))) throw refusal(limit);
    }
    const hits = await Promise.all(limits.map((l) => hitCounter(db, l.key, l.windowMs, now)));
    const giveBack = () => Promise.all(limits.map((l, i) => unhit(db, l.key, hits[i] as Hit))).then(() => undefined);
    const over = limits.findIndex((l, i) => (hits[i] as Hit).count > l.max);
    if (over < 0) return reserved(db, limits, hits, giveBack, now);
    await giveBack();
    const limit = limits[over] as AttemptLimit;
    if (!limit.lock) throw refusal(limit);
    const wait = CONGESTION_WAITS_MS[round];
    // Still congested: this attempt was never checked, and no lock holds, so it is told to try again.
    if (wait === undefined) throw new AppError('APP_ERR_RATE_LIMITED');
    // Jitter, so that the waiting attempts do not all come back at the same moment.
    await delay(wait * (0.5 + Math.random()));
  }
}

function reserved(db: Db, limits: readonly AttemptLimit[], hits: Hit[], giveBack: () => Promise<void>, now: Date): Attempt {
  return {
    counts: hits.map((h) => h.count),
    release: giveBack,
    async fail() {
      let locked = false;
      for (const [i, limit] of limits.entries()) {
        if (limit.lock && (hits[i] as Hit).count >= limit.max) {
          await hitCounter(db, limit.lock.key, limit.lock.ms, now);
          locked = true;
        }
      }
      return locked;
    },
    async succeed() {
      await Promise.all(limits.map((l, i) => (l.resetOnSuccess ? clearCounter(db, l.key) : unhit(db, l.key, hits[i] as Hit))));
    },
  };
}

// Test support: never called by the application.

/** Moves a counter's window back in time, as if `ms` had passed. */
export async function ageCounterForTest(db: Db, key: string, ms: number): Promise<void> {
  await db
    .update(rateCounters)
    .set({ windowStart: sql`${rateCounters.windowStart} - ${`${ms} milliseconds`}::interval` })
    .where(eq(rateCounters.key, key));
}
