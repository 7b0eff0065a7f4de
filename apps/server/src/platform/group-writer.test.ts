import { describe, expect, it } from 'vitest';
import { GroupWriter } from './group-writer.ts';

/** A writer over items `key:value`, recording the batches it wrote; `fail` makes a batch fail as a whole. */
function recorder(opts: { maxBatch?: number; maxInFlight?: number; fail?: (items: string[]) => boolean } = {}) {
  const batches: string[][] = [];
  const singles: string[] = [];
  let inFlight = 0;
  let maxSeen = 0;
  const lanes = new Set<number>();
  const writer = new GroupWriter<string, string>({
    write: async (items, lane) => {
      if (lanes.has(lane)) throw new Error(`lane ${lane} used twice at once`);
      lanes.add(lane);
      inFlight++;
      maxSeen = Math.max(maxSeen, inFlight);
      batches.push(items);
      await new Promise((r) => setTimeout(r, 5));
      inFlight--;
      lanes.delete(lane);
      if (opts.fail?.(items)) throw new Error('batch failed');
      return items.map((i) => `ok ${i}`);
    },
    single: async (item) => {
      singles.push(item);
      if (item.endsWith('bad')) throw new Error(`refused ${item}`);
      return `alone ${item}`;
    },
    keys: (item) => [item.split(':')[0] as string],
    maxBatch: opts.maxBatch,
    maxInFlight: opts.maxInFlight,
  });
  return { writer, batches, singles, maxInFlight: () => maxSeen };
}

describe('GroupWriter', () => {
  it('writes a lone item at once, and what arrives meanwhile together', async () => {
    const r = recorder({ maxInFlight: 1 });
    const first = r.writer.submit('a:1');
    const rest = ['b:1', 'c:1', 'd:1'].map((i) => r.writer.submit(i));
    expect(await Promise.all([first, ...rest])).toEqual(['ok a:1', 'ok b:1', 'ok c:1', 'ok d:1']);
    expect(r.batches).toEqual([['a:1'], ['b:1', 'c:1', 'd:1']]);
    expect(r.writer.stats).toEqual({ batches: 2, items: 4, fallbacks: 0 });
  });

  it('never puts two items of one key in a batch or in flight at once, and keeps their order', async () => {
    const r = recorder({ maxInFlight: 3 });
    const items = ['a:1', 'a:2', 'b:1', 'a:3', 'b:2', 'c:1'];
    await Promise.all(items.map((i) => r.writer.submit(i)));
    for (const batch of r.batches) expect(new Set(batch.map((i) => i.split(':')[0])).size).toBe(batch.length);
    const order = r.batches.flat();
    for (const key of ['a', 'b']) expect(order.filter((i) => i.startsWith(key))).toEqual(items.filter((i) => i.startsWith(key)));
  });

  it('keeps to the batch size and the number of batches in flight, each in a lane of its own', async () => {
    const r = recorder({ maxBatch: 3, maxInFlight: 2 });
    expect(await Promise.all(Array.from({ length: 20 }, (_, i) => r.writer.submit(`k${i}:1`)))).toEqual(
      Array.from({ length: 20 }, (_, i) => `ok k${i}:1`),
    );
    expect(Math.max(...r.batches.map((b) => b.length))).toBeLessThanOrEqual(3);
    expect(r.maxInFlight()).toBeLessThanOrEqual(2);
    expect(r.writer.stats.items).toBe(20);
  });

  it('writes each item of a failed batch alone, so one bad item costs the others nothing', async () => {
    const r = recorder({ maxInFlight: 1, fail: (items) => items.some((i) => i.endsWith('bad')) });
    const first = r.writer.submit('a:1');
    const rest = ['b:1', 'c:bad', 'd:1'].map((i) => r.writer.submit(i).catch((err: Error) => err.message));
    expect(await Promise.all([first, ...rest])).toEqual(['ok a:1', 'alone b:1', 'refused c:bad', 'alone d:1']);
    expect(r.singles).toEqual(['b:1', 'c:bad', 'd:1']);
    expect(r.writer.stats.fallbacks).toBe(1);
    // The writer goes on afterwards.
    expect(await r.writer.submit('c:2')).toBe('ok c:2');
  });
});
