/**
 * Test support (imported by *.test.ts only): checks a play type against an independent brute force. A
 * case lists the single 注 a selection stands for, each with its own naive win rule; the harness then
 * compares 注数, wins per result and the declared hit rates with what the brute force finds.
 */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import type { DrawContext, PlayType, Tally } from './play.ts';
import type { RandomBytes } from './random.ts';

/** One 注 of a selection: its option and how many times it wins on a result (0 when it loses). */
export interface Atom<R> {
  option: string;
  wins(result: R): number;
  /** True when the result refunds this 注. */
  pushes?(result: R): boolean;
}

export interface PlayCase<S, R> {
  play: PlayType<S, R>;
  /** Valid selections of any size. */
  selections: fc.Arbitrary<S>;
  /** Selections small enough to expand and test on every outcome (defaults to `selections`). */
  smallSelections?: fc.Arbitrary<S>;
  /** The 注 of a selection, written without the play's own counting. */
  expand(selection: S): Atom<R>[];
  /** Every equally likely outcome the selection depends on (may reuse one mutable object). */
  outcomes?(selection: S): Iterable<R>;
  /** Random results for spot checks where outcomes cannot be listed. */
  results?: fc.Arbitrary<R>;
  /** Selections the play must refuse. */
  invalid: unknown[];
  draw?: DrawContext;
  exhaustiveRuns?: number;
}

/** A deterministic byte source for tests (xorshift; not for production). */
export function testBytes(seed: number): RandomBytes {
  let x = seed >>> 0 || 1;
  return (n) => {
    const out = new Uint8Array(n);
    for (let i = 0; i < n; i++) {
      x ^= x << 13;
      x >>>= 0;
      x ^= x >>> 17;
      x ^= x << 5;
      x >>>= 0;
      out[i] = x & 0xff;
    }
    return out;
  };
}

/** All k-subsets of items, in order. */
export function combinations<T>(items: readonly T[], k: number): T[][] {
  if (k === 0) return [[]];
  return items.flatMap((first, i) => combinations(items.slice(i + 1), k - 1).map((rest) => [first, ...rest]));
}

/** All tuples taking one item from each list. */
export function cartesian<T>(lists: readonly (readonly T[])[]): T[][] {
  return lists.reduce<T[][]>((tuples, list) => tuples.flatMap((t) => list.map((x) => [...t, x])), [[]]);
}

/** Same multiset of numbers (short lists: counts each value on both sides, without allocating). */
export function sameMultiset(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (const x of a) {
    let inA = 0;
    let inB = 0;
    for (const y of a) if (y === x) inA++;
    for (const y of b) if (y === x) inB++;
    if (inA !== inB) return false;
  }
  return true;
}

function nonZero(counts: Readonly<Record<string, number>>): Record<string, number> {
  return Object.fromEntries(Object.entries(counts).filter(([, n]) => n !== 0));
}

function oracleTally<R>(atoms: readonly Atom<R>[], result: R): { wins: Record<string, number>; pushes: number } {
  const wins: Record<string, number> = {};
  let pushes = 0;
  for (const atom of atoms) {
    if (atom.pushes?.(result)) {
      pushes++;
      continue;
    }
    const n = atom.wins(result);
    if (n > 0) wins[atom.option] = (wins[atom.option] ?? 0) + n;
  }
  return { wins, pushes };
}

function sumOf(counts: Readonly<Record<string, number>>): number {
  let n = 0;
  for (const k in counts) n += counts[k] as number;
  return n;
}

function sameTally(got: Tally, want: { wins: Record<string, number>; pushes: number }): boolean {
  if (got.pushes !== want.pushes) return false;
  for (const k in got.wins) if ((got.wins[k] ?? 0) !== (want.wins[k] ?? 0)) return false;
  for (const k in want.wins) if ((got.wins[k] ?? 0) !== want.wins[k]) return false;
  return true;
}

function countByOption<R>(atoms: readonly Atom<R>[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const a of atoms) counts[a.option] = (counts[a.option] ?? 0) + 1;
  return counts;
}

/** Registers the brute-force checks of one play type (call inside a describe block). */
export function checkPlay<S, R>(c: PlayCase<S, R>): void {
  const { play } = c;

  it(`${play.id}: accepts generated selections and counts 注 as the brute force does`, () => {
    fc.assert(
      fc.property(c.selections, (s) => {
        expect(play.validate(s)).toBeNull();
        const atoms = c.expand(s);
        expect(play.betCount(s)).toBe(atoms.length);
        expect(nonZero(play.betsByOption(s))).toEqual(countByOption(atoms));
      }),
      { numRuns: 60 },
    );
  });

  it(`${play.id}: refuses malformed selections`, () => {
    for (const bad of [null, 42, 'x', [], ...c.invalid]) expect(play.validate(bad), JSON.stringify(bad)).not.toBeNull();
  });

  it(`${play.id}: quick picks are valid selections`, () => {
    const rb = testBytes(7);
    for (let i = 0; i < 20; i++) {
      const s = play.quickPick(rb, c.draw);
      expect(play.validate(s)).toBeNull();
      expect(play.betCount(s)).toBeGreaterThanOrEqual(1);
    }
  });

  const { outcomes, results } = c;
  if (outcomes) {
    it(`${play.id}: wins on every outcome as the brute force does, at the declared hit rates`, () => {
      fc.assert(
        fc.property(c.smallSelections ?? c.selections, (s) => {
          const atoms = c.expand(s);
          const totals: Record<string, number> = {};
          let pushes = 0;
          let size = 0;
          for (const r of outcomes(s)) {
            size++;
            const got = play.tally(s, r);
            const want = oracleTally(atoms, r);
            // Plain comparisons in the hot loop; expect() only once something differs.
            if (!sameTally(got, want) || play.winCount(s, r) !== sumOf(want.wins)) {
              expect({ result: r, wins: nonZero(got.wins), pushes: got.pushes, winCount: play.winCount(s, r) }).toEqual({
                result: r,
                ...want,
                winCount: sumOf(want.wins),
              });
            }
            for (const o in want.wins) totals[o] = (totals[o] ?? 0) + (want.wins[o] as number);
            pushes += want.pushes;
          }
          // Σ over outcomes of wins = 注 × hit rate × outcomes, per option, exactly.
          const bets = play.betsByOption(s);
          let expectedPushes = 0n;
          for (const option of play.options) {
            const n = BigInt(bets[option.key] ?? 0);
            expect(BigInt(totals[option.key] ?? 0) * option.hitRate.den, option.key).toBe(n * option.hitRate.num * BigInt(size));
            expectedPushes += (n * option.pushRate.num * BigInt(size)) / option.pushRate.den;
          }
          expect(BigInt(pushes)).toBe(expectedPushes);
        }),
        { numRuns: c.exhaustiveRuns ?? 5 },
      );
    });
  }
  if (results) {
    it(`${play.id}: wins on sampled results as the brute force does`, () => {
      fc.assert(
        fc.property(c.smallSelections ?? c.selections, results, (s, r) => {
          const got = play.tally(s, r);
          expect({ wins: nonZero(got.wins), pushes: got.pushes }).toEqual(oracleTally(c.expand(s), r));
        }),
        { numRuns: 300 },
      );
    });
  }
}
