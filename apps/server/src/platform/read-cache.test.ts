import { describe, expect, it } from 'vitest';
import { ReadCache } from './read-cache.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('ReadCache', () => {
  it('shares one load between concurrent misses, and forgets a failed load', async () => {
    const cache = new ReadCache(60_000);
    let loads = 0;
    const load = async () => {
      loads++;
      await sleep(5);
      return 'value';
    };
    expect(await Promise.all([cache.get('k', load), cache.get('k', load), cache.get('k', load)])).toEqual(['value', 'value', 'value']);
    expect(loads).toBe(1);
    await expect(cache.get('bad', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('bad', async () => 'back')).toBe('back');
  });

  it('lets values loaded together expire at different times within the last quarter of their age', async () => {
    const ttl = 1_000;
    const cache = new ReadCache(ttl);
    const loadedAt = new Map<number, number[]>();
    const start = performance.now();
    const read = (k: number) =>
      cache.get(String(k), async () => {
        loadedAt.set(k, [...(loadedAt.get(k) ?? []), performance.now() - start]);
        return k;
      });
    await Promise.all(Array.from({ length: 50 }, (_, k) => read(k)));
    while (performance.now() - start < ttl + 100) {
      await Promise.all(Array.from({ length: 50 }, (_, k) => read(k)));
      await sleep(5);
    }
    const reloads = [...loadedAt.values()].map((times) => times[1]).filter((t): t is number => t !== undefined);
    expect(reloads).toHaveLength(50);
    // None before three quarters of the age; and not all at one moment.
    expect(Math.min(...reloads)).toBeGreaterThanOrEqual(ttl * 0.75 - 5);
    expect(Math.max(...reloads) - Math.min(...reloads)).toBeGreaterThan(ttl / 20);
  });
});
