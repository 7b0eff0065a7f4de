import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type DragonTiger, drawPk10, type Pk10Result, pk10Plays, pk10SumWays, validatePk10Result } from './pk10.ts';
import type { TwoSided } from './play.ts';
import { type Atom, cartesian, checkPlay, testBytes } from './play-oracle.ts';

/**
 * Every assignment of different cars to the given ranks (0-based), the other ranks filled in ascending
 * order. A uniform permutation restricted to those ranks is uniform over these assignments, so a play that
 * reads only those ranks has its exact probabilities here (10·9·8 = 720 outcomes for three ranks).
 */
function* varying(ranks: readonly number[]): Generator<Pk10Result> {
  const r = new Array<number>(10).fill(0);
  const used = new Array<boolean>(11).fill(false);
  function* place(i: number): Generator<Pk10Result> {
    if (i === ranks.length) {
      let car = 1;
      for (let p = 0; p < 10; p++) {
        if (ranks.includes(p)) continue;
        while (used[car]) car++;
        r[p] = car++;
      }
      yield r;
      return;
    }
    for (let car = 1; car <= 10; car++) {
      if (used[car]) continue;
      used[car] = true;
      r[ranks[i] as number] = car;
      yield* place(i + 1);
      used[car] = false;
    }
  }
  yield* place(0);
}

const carSet = (min: number, max: number) => fc.uniqueArray(fc.integer({ min: 1, max: 10 }), { minLength: min, maxLength: max });
const attributes = fc.uniqueArray(fc.constantFrom<TwoSided>('BIG', 'SMALL', 'ODD', 'EVEN'), { minLength: 1, maxLength: 4 });
const naive: Record<TwoSided, (value: number, big: number) => boolean> = {
  BIG: (v, big) => v >= big,
  SMALL: (v, big) => v < big,
  ODD: (v) => v % 2 !== 0,
  EVEN: (v) => v % 2 === 0,
};
const top2 = (r: Pk10Result) => (r[0] as number) + (r[1] as number);
const plain = (wins: (r: Pk10Result) => boolean): Atom<Pk10Result> => ({ option: 'PLAIN', wins: (r) => (wins(r) ? 1 : 0) });

/** Picks on up to three ranks (the others empty), so the exhaustive check can vary just those ranks. */
const fewRanks = fc
  .uniqueArray(fc.integer({ min: 0, max: 9 }), { minLength: 1, maxLength: 3 })
  .chain((ranks) => fc.tuple(fc.constant(ranks), fc.array(carSet(1, 3), { minLength: ranks.length, maxLength: ranks.length })))
  .map(([ranks, picks]) => ({
    positions: Array.from({ length: 10 }, (_, i) => (ranks.includes(i) ? (picks[ranks.indexOf(i)] as number[]) : [])),
  }));

describe('PK10 results', () => {
  it('accepts a permutation of 1–10 and refuses anything else', () => {
    expect(validatePk10Result([3, 1, 2, 10, 9, 8, 7, 6, 5, 4])).toBeNull();
    for (const bad of [[1, 2, 3], [1, 1, 2, 3, 4, 5, 6, 7, 8, 9], [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], null])
      expect(validatePk10Result(bad)).not.toBeNull();
  });

  it('draws permutations with every car equally often in first place', () => {
    const rb = testBytes(11);
    const counts = new Array(11).fill(0);
    for (let i = 0; i < 20_000; i++) {
      const r = drawPk10(rb);
      expect(validatePk10Result(r)).toBeNull();
      counts[r[0] as number]++;
    }
    for (const c of counts.slice(1)) expect(Math.abs(c - 2000)).toBeLessThan(200);
  });

  it('counts the 冠亚和 ways as published: 2, 4, 6, 8 and 10 out of 90', () => {
    expect([3, 5, 7, 9, 11, 13, 15, 17, 19].map(pk10SumWays)).toEqual([2, 4, 6, 8, 10, 8, 6, 4, 2]);
  });
});

describe('PK10 plays against brute force over every arrangement of the ranks they read', () => {
  checkPlay({
    play: pk10Plays.PK10_POSITION,
    selections: fc
      .array(carSet(0, 10), { minLength: 10, maxLength: 10 })
      .filter((p) => p.some((x) => x.length > 0))
      .map((positions) => ({ positions })),
    smallSelections: fewRanks,
    expand: (s) => s.positions.flatMap((cars, rank) => cars.map((car) => plain((r) => r[rank] === car))),
    outcomes: (s) => varying(s.positions.flatMap((p, i) => (p.length > 0 ? [i] : []))),
    invalid: [
      { positions: Array.from({ length: 10 }, () => []) },
      { positions: [[1]] },
      { positions: Array.from({ length: 10 }, () => [11]) },
    ],
    exhaustiveRuns: 30,
  });

  for (const k of [1, 2, 3]) {
    const ranks = Array.from({ length: k }, (_, i) => i);
    const distinct = (p: number[][]) => cartesian(p).some((t) => new Set(t).size === k);
    checkPlay({
      play: pk10Plays[`PK10_TOP${k}_DIRECT` as 'PK10_TOP1_DIRECT'],
      selections: fc
        .array(carSet(1, 10), { minLength: k, maxLength: k })
        .filter(distinct)
        .map((positions) => ({ positions })),
      smallSelections: fc
        .array(carSet(1, 4), { minLength: k, maxLength: k })
        .filter(distinct)
        .map((positions) => ({ positions })),
      expand: (s) =>
        cartesian(s.positions)
          .filter((t) => new Set(t).size === t.length)
          .map((t) => plain((r) => t.every((car, i) => r[i] === car))),
      outcomes: () => varying(ranks),
      invalid: [{ positions: Array.from({ length: k }, () => []) }, { positions: Array.from({ length: k }, () => [0]) }],
      exhaustiveRuns: 30,
    });
  }

  checkPlay({
    play: pk10Plays.PK10_DRAGON_TIGER,
    selections: fc.record({
      rank: fc.integer({ min: 1, max: 5 }),
      sides: fc.uniqueArray(fc.constantFrom<DragonTiger>('DRAGON', 'TIGER'), { minLength: 1, maxLength: 2 }),
    }),
    expand: (s) =>
      s.sides.map((side): Atom<Pk10Result> => {
        const better = (r: Pk10Result) => r[s.rank - 1] as number;
        const worse = (r: Pk10Result) => r[10 - s.rank] as number;
        return { option: side, wins: (r) => ((side === 'DRAGON' ? better(r) > worse(r) : better(r) < worse(r)) ? 1 : 0) };
      }),
    outcomes: (s) => varying([s.rank - 1, 10 - s.rank]),
    invalid: [
      { rank: 6, sides: ['DRAGON'] },
      { rank: 1, sides: [] },
      { rank: 1, sides: ['TIE'] },
    ],
    exhaustiveRuns: 20,
  });

  checkPlay({
    play: pk10Plays.PK10_SUM_TOP2,
    selections: fc.uniqueArray(fc.integer({ min: 3, max: 19 }), { minLength: 1, maxLength: 17 }).map((sums) => ({ sums })),
    expand: (s) => s.sums.map((sum): Atom<Pk10Result> => ({ option: String(sum), wins: (r) => (top2(r) === sum ? 1 : 0) })),
    outcomes: () => varying([0, 1]),
    invalid: [{ sums: [2] }, { sums: [20] }, { sums: [] }, { sums: [5, 5] }],
    exhaustiveRuns: 20,
  });

  checkPlay({
    play: pk10Plays.PK10_SUM_TOP2_TWO_SIDED,
    selections: fc.record({ attributes }),
    expand: (s) => s.attributes.map((a): Atom<Pk10Result> => ({ option: a, wins: (r) => (naive[a](top2(r), 12) ? 1 : 0) })),
    outcomes: () => varying([0, 1]),
    invalid: [{ attributes: [] }],
    exhaustiveRuns: 20,
  });

  checkPlay({
    play: pk10Plays.PK10_RANK_TWO_SIDED,
    selections: fc.record({ rank: fc.integer({ min: 1, max: 10 }), attributes }),
    expand: (s) => s.attributes.map((a): Atom<Pk10Result> => ({ option: a, wins: (r) => (naive[a](r[s.rank - 1] as number, 6) ? 1 : 0) })),
    outcomes: (s) => varying([s.rank - 1]),
    invalid: [
      { rank: 0, attributes: ['BIG'] },
      { rank: 11, attributes: ['BIG'] },
      { rank: 1, attributes: [] },
    ],
    exhaustiveRuns: 20,
  });
});

describe('PK10 注数 as published', () => {
  it('counts 前二直选 as |S1||S2| − |S1∩S2| and 前三直选 as ordered different triples', () => {
    expect(
      pk10Plays.PK10_TOP2_DIRECT.betCount({
        positions: [
          [1, 2, 3],
          [3, 4],
        ],
      }),
    ).toBe(5);
    expect(
      pk10Plays.PK10_TOP3_DIRECT.betCount({
        positions: [
          [1, 2],
          [1, 2],
          [1, 2, 3],
        ],
      }),
    ).toBe(2);
    expect(pk10Plays.PK10_TOP3_DIRECT.validate({ positions: [[1], [1], [2]] })).not.toBeNull();
  });
});
