import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TwoSided } from './play.ts';
import { type Atom, cartesian, checkPlay, combinations, sameMultiset, testBytes } from './play-oracle.ts';
import { drawSsc, type SscResult, sscPlays, validateSscResult } from './ssc.ts';

/** All 100,000 results, in one reused array. */
function* everyResult(): Generator<SscResult> {
  const r = [0, 0, 0, 0, 0];
  for (let n = 0; n < 100_000; n++) {
    let x = n;
    for (let p = 4; p >= 0; p--) {
      r[p] = x % 10;
      x = Math.floor(x / 10);
    }
    yield r;
  }
}

const digitSet = (min: number, max: number) => fc.uniqueArray(fc.integer({ min: 0, max: 9 }), { minLength: min, maxLength: max });
const attributes = fc.uniqueArray(fc.constantFrom<TwoSided>('BIG', 'SMALL', 'ODD', 'EVEN'), { minLength: 1, maxLength: 4 });
const naive: Record<TwoSided, (value: number, big: number) => boolean> = {
  BIG: (v, big) => v >= big,
  SMALL: (v, big) => v < big,
  ODD: (v) => v % 2 !== 0,
  EVEN: (v) => v % 2 === 0,
};

const zones = { FRONT: [0, 1, 2], MIDDLE: [1, 2, 3], BACK: [2, 3, 4] } as const;

describe('SSC results', () => {
  it('accepts five digits and refuses anything else', () => {
    expect(validateSscResult([0, 1, 2, 3, 9])).toBeNull();
    for (const bad of [[0, 1, 2, 3], [0, 1, 2, 3, 10], [0, 1, 2, 3, 1.5], '01239', null]) expect(validateSscResult(bad)).not.toBeNull();
  });

  it('draws valid results with every digit equally often over many draws', () => {
    const rb = testBytes(3);
    const counts = new Array(10).fill(0);
    for (let i = 0; i < 20_000; i++) {
      const r = drawSsc(rb);
      expect(validateSscResult(r)).toBeNull();
      for (const d of r) counts[d]++;
    }
    for (const c of counts) expect(Math.abs(c - 10_000)).toBeLessThan(500);
  });
});

describe('SSC plays against brute force over all 100,000 results', () => {
  const direct = (id: keyof typeof sscPlays, zone: readonly number[]) =>
    checkPlay({
      play: sscPlays[id] as typeof sscPlays.SSC_5_DIRECT,
      selections: fc.tuple(...zone.map(() => digitSet(1, 10))).map((positions) => ({ positions })),
      smallSelections: fc.tuple(...zone.map(() => digitSet(1, zone.length === 5 ? 2 : 3))).map((positions) => ({ positions })),
      expand: (s) =>
        cartesian(s.positions).map(
          (t): Atom<SscResult> => ({ option: 'PLAIN', wins: (r) => (zone.every((p, i) => r[p] === t[i]) ? 1 : 0) }),
        ),
      outcomes: everyResult,
      invalid: [
        { positions: zone.map(() => []) },
        { positions: zone.map(() => [10]) },
        { positions: zone.map(() => [1, 1]) },
        { positions: [[1]] },
      ],
    });
  direct('SSC_5_DIRECT', [0, 1, 2, 3, 4]);
  direct('SSC_3_DIRECT_FRONT', zones.FRONT);
  direct('SSC_3_DIRECT_MIDDLE', zones.MIDDLE);
  direct('SSC_3_DIRECT_BACK', zones.BACK);
  direct('SSC_2_DIRECT_FRONT', [0, 1]);
  direct('SSC_2_DIRECT_BACK', [3, 4]);

  /** A group 注 is a multiset of digits; it wins when the zone shows exactly that multiset. */
  const group = (id: keyof typeof sscPlays, zone: readonly number[], min: number, patterns: (digits: number[]) => number[][]) =>
    checkPlay({
      play: sscPlays[id] as typeof sscPlays.SSC_3_GROUP3_FRONT,
      selections: digitSet(min, 10).map((digits) => ({ digits })),
      smallSelections: digitSet(min, min + 2).map((digits) => ({ digits })),
      expand: (s) =>
        patterns(s.digits).map(
          (pattern): Atom<SscResult> => ({
            option: 'PLAIN',
            wins: (r) => {
              const shown = zone.map((p) => r[p] as number);
              return sameMultiset(shown, pattern) ? 1 : 0;
            },
          }),
        ),
      outcomes: everyResult,
      invalid: [{ digits: [1] }, { digits: [1, 1, 2] }, { digits: [1, 2, 12] }, { numbers: [1, 2, 3] }],
    });
  const aab = (digits: number[]) => digits.flatMap((a) => digits.filter((b) => b !== a).map((b) => [a, a, b]));
  for (const [zone, positions] of Object.entries(zones)) {
    group(`SSC_3_GROUP3_${zone}` as keyof typeof sscPlays, positions, 2, aab);
    group(`SSC_3_GROUP6_${zone}` as keyof typeof sscPlays, positions, 3, (d) => combinations(d, 3));
  }
  group('SSC_2_GROUP_FRONT', [0, 1], 2, (d) => combinations(d, 2));
  group('SSC_2_GROUP_BACK', [3, 4], 2, (d) => combinations(d, 2));

  checkPlay({
    play: sscPlays.SSC_ANY_POSITION,
    selections: fc
      .tuple(digitSet(0, 10), digitSet(0, 10), digitSet(0, 10), digitSet(0, 10), digitSet(1, 10))
      .map((positions) => ({ positions })),
    smallSelections: fc
      .tuple(digitSet(0, 2), digitSet(0, 2), digitSet(0, 2), digitSet(0, 2), digitSet(1, 2))
      .map((positions) => ({ positions })),
    expand: (s) =>
      s.positions.flatMap((digits, p) => digits.map((d): Atom<SscResult> => ({ option: 'PLAIN', wins: (r) => (r[p] === d ? 1 : 0) }))),
    outcomes: everyResult,
    invalid: [{ positions: [[], [], [], [], []] }, { positions: [[1], [], [], []] }, { positions: [[1, 1], [], [], [], []] }],
  });

  checkPlay({
    play: sscPlays.SSC_POSITION_TWO_SIDED,
    selections: fc.record({ position: fc.integer({ min: 0, max: 4 }), attributes }),
    expand: (s) => s.attributes.map((a): Atom<SscResult> => ({ option: a, wins: (r) => (naive[a](r[s.position] as number, 5) ? 1 : 0) })),
    outcomes: everyResult,
    invalid: [
      { position: 5, attributes: ['BIG'] },
      { position: 0, attributes: [] },
      { position: 0, attributes: ['HUGE'] },
      { attributes: ['BIG'] },
    ],
  });

  checkPlay({
    play: sscPlays.SSC_SUM_TWO_SIDED,
    selections: fc.record({ attributes }),
    expand: (s) =>
      s.attributes.map(
        (a): Atom<SscResult> => ({
          option: a,
          wins: (r) =>
            naive[a](
              r.reduce((x, y) => x + y, 0),
              23,
            )
              ? 1
              : 0,
        }),
      ),
    outcomes: everyResult,
    invalid: [{ attributes: [] }, { attributes: ['BIG', 'BIG'] }],
  });
});

describe('SSC 注数 as published', () => {
  it('counts the examples of the prize tables', () => {
    expect(sscPlays.SSC_5_DIRECT.betCount({ positions: [[1, 2], [3], [4, 5, 6], [7], [8, 9]] })).toBe(12);
    expect(sscPlays.SSC_3_GROUP3_FRONT.betCount({ digits: [1, 2, 3, 4] })).toBe(12);
    expect(sscPlays.SSC_3_GROUP6_BACK.betCount({ digits: [1, 2, 3, 4, 5] })).toBe(10);
    expect(sscPlays.SSC_2_GROUP_BACK.betCount({ digits: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] })).toBe(45);
    expect(sscPlays.SSC_ANY_POSITION.betCount({ positions: [[1], [], [2, 3], [], [9]] })).toBe(4);
  });

  it('pays 组三 on a pair but not on a triple, and 组六 only on three different digits', () => {
    expect(sscPlays.SSC_3_GROUP3_BACK.winCount({ digits: [3, 5] }, [9, 9, 5, 3, 5])).toBe(1);
    expect(sscPlays.SSC_3_GROUP3_BACK.winCount({ digits: [3, 5] }, [9, 9, 5, 5, 5])).toBe(0);
    expect(sscPlays.SSC_3_GROUP6_BACK.winCount({ digits: [3, 5, 7] }, [9, 9, 7, 3, 5])).toBe(1);
    expect(sscPlays.SSC_3_GROUP6_BACK.winCount({ digits: [3, 5, 7] }, [9, 9, 7, 7, 5])).toBe(0);
  });
});
