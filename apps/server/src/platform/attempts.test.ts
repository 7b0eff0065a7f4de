import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database.ts';
import { rateCounters } from './attempts.tables.ts';
import { type AttemptLimit, ageCounterForTest, reserveAttempt } from './attempts.ts';
import type { Database } from './db.ts';
import { AppError } from './errors.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const MINUTE = 60_000;
let serial = 0;
const limit = (over: Partial<AttemptLimit> = {}): AttemptLimit => ({
  key: `test:${++serial}`,
  windowMs: 15 * MINUTE,
  max: 5,
  refuse: 'APP_ERR_RATE_LIMITED',
  ...over,
});
const countOf = async (key: string) =>
  (await database.db.select({ count: rateCounters.count }).from(rateCounters).where(eq(rateCounters.key, key)))[0]?.count;
const refusedWith = (err: unknown) => (err instanceof AppError ? err.code : String(err));

describe('reserveAttempt', () => {
  it('lets exactly the limit of 100 concurrent attempts through, each with its own place', async () => {
    const l = limit({ max: 7 });
    const settled = await Promise.allSettled(Array.from({ length: 100 }, () => reserveAttempt(database.db, [l])));
    const through = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    const refused = settled.flatMap((s) => (s.status === 'rejected' ? [refusedWith(s.reason)] : []));
    expect(through.map((a) => a.counts[0]).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(refused).toEqual(Array(93).fill('APP_ERR_RATE_LIMITED'));
    // The refused gave their places back; the seven still hold theirs.
    expect(await countOf(l.key)).toBe(7);
    await Promise.all(through.map((a) => a.fail()));
    await expect(reserveAttempt(database.db, [l])).rejects.toMatchObject({ code: 'APP_ERR_RATE_LIMITED' });
  });

  it('gives back a released place, keeps a failed one and clears the counter on a success where the limit says so', async () => {
    const kept = limit();
    const cleared = limit({ resetOnSuccess: true });
    const first = await reserveAttempt(database.db, [kept, cleared]);
    await first.fail();
    const second = await reserveAttempt(database.db, [kept, cleared]);
    expect(second.counts).toEqual([2, 2]);
    await second.release();
    const third = await reserveAttempt(database.db, [kept, cleared]);
    expect(third.counts).toEqual([2, 2]);
    await third.succeed();
    expect(await countOf(kept.key)).toBe(1);
    expect(await countOf(cleared.key)).toBeUndefined();
  });

  it('refuses with the first limit over its maximum and takes no place under the others', async () => {
    const full = limit({ max: 1, refuse: 'APP_ERR_AUTH_ACCOUNT_LOCKED' });
    const open = limit({ max: 100 });
    await (await reserveAttempt(database.db, [full, open])).fail();
    await expect(reserveAttempt(database.db, [open, full])).rejects.toMatchObject({ code: 'APP_ERR_AUTH_ACCOUNT_LOCKED' });
    expect(await countOf(open.key)).toBe(1);
  });

  it('locks at the failure that reaches the limit, for the lock time even after the failures window closes', async () => {
    const l = limit({ max: 2, windowMs: 5 * MINUTE, refuse: 'APP_ERR_AUTH_ACCOUNT_LOCKED' });
    l.lock = { key: `${l.key}:lock`, ms: 15 * MINUTE };
    expect(await (await reserveAttempt(database.db, [l])).fail()).toBe(false);
    expect(await (await reserveAttempt(database.db, [l])).fail()).toBe(true);
    await ageCounterForTest(database.db, l.key, 5 * MINUTE + 1000);
    await expect(reserveAttempt(database.db, [l])).rejects.toMatchObject({ code: 'APP_ERR_AUTH_ACCOUNT_LOCKED' });
    await ageCounterForTest(database.db, l.lock.key, 15 * MINUTE + 1000);
    expect((await reserveAttempt(database.db, [l])).counts).toEqual([1]);
  });

  it('lets an attempt wait for the ones in flight rather than lock, when the window is full of them and not of failures', async () => {
    const l = limit({ max: 2, refuse: 'APP_ERR_AUTH_ACCOUNT_LOCKED' });
    l.lock = { key: `${l.key}:lock`, ms: 15 * MINUTE };
    const [first, second] = await Promise.all([reserveAttempt(database.db, [l]), reserveAttempt(database.db, [l])]);
    const third = reserveAttempt(database.db, [l]);
    await first?.succeed();
    await second?.fail();
    expect((await third).counts).toEqual([2]);
  });

  it('gives nothing back to a window that restarted after the place was taken', async () => {
    const l = limit({ windowMs: MINUTE });
    const old = await reserveAttempt(database.db, [l]);
    await ageCounterForTest(database.db, l.key, MINUTE + 1000);
    const fresh = await reserveAttempt(database.db, [l]);
    expect(fresh.counts).toEqual([1]);
    await old.release();
    expect(await countOf(l.key)).toBe(1);
  });
});
