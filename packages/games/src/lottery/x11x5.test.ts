import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Atom, cartesian, checkPlay, combinations, testBytes } from './play-oracle.ts';
import { drawX11x5, validateX11x5Result, type X11x5Result, x11x5Plays } from './x11x5.ts';

/** All 55,440 ordered draws, in one reused array. */
function* everyDraw(): Generator<X11x5Result> {
  const r = [0, 0, 0, 0, 0];
  const used = new Array<boolean>(12).fill(false);
  function* place(i: number): Generator<X11x5Result> {
    if (i === 5) {
      yield r;
      return;
    }
    for (let n = 1; n <= 11; n++) {
      if (used[n]) continue;
      used[n] = true;
      r[i] = n;
      yield* place(i + 1);
      used[n] = false;
    }
  }
  yield* place(0);
}

const ballSet = (min: number, max: number) => fc.uniqueArray(fc.integer({ min: 1, max: 11 }), { minLength: min, maxLength: max });
const plain = (wins: (r: X11x5Result) => boolean): Atom<X11x5Result> => ({ option: 'PLAIN', wins: (r) => (wins(r) ? 1 : 0) });

describe('11选5 results', () => {
  it('accepts five different balls 1–11 and refuses anything else', () => {
    expect(validateX11x5Result([11, 1, 5, 3, 7])).toBeNull();
    for (const bad of [[1, 2, 3, 4], [1, 2, 3, 4, 4], [0, 1, 2, 3, 4], [1, 2, 3, 4, 12], null])
      expect(validateX11x5Result(bad)).not.toBeNull();
  });

  it('draws valid results with every ball equally often over many draws', () => {
    const rb = testBytes(5);
    const counts = new Array(12).fill(0);
    for (let i = 0; i < 22_000; i++) {
      const r = drawX11x5(rb);
      expect(validateX11x5Result(r)).toBeNull();
      counts[r[0] as number]++;
    }
    for (const c of counts.slice(1)) expect(Math.abs(c - 2000)).toBeLessThan(200);
  });
});

describe('11选5 plays against brute force over all 55,440 ordered draws', () => {
  for (let k = 1; k <= 8; k++) {
    checkPlay({
      play: x11x5Plays[`11X5_ANY_${k}` as keyof typeof x11x5Plays] as (typeof x11x5Plays)['11X5_ANY_1'],
      selections: ballSet(k, 11).map((numbers) => ({ numbers })),
      smallSelections: ballSet(k, Math.min(11, k + 2)).map((numbers) => ({ numbers })),
      // A 注 of k ≤ 5 numbers wins when all are drawn; of k ≥ 5 when all five drawn are among them.
      expand: (s) =>
        combinations(s.numbers, k).map((c) => plain((r) => (k <= 5 ? c.every((n) => r.includes(n)) : r.every((n) => c.includes(n))))),
      outcomes: everyDraw,
      invalid: [
        { numbers: [1, 2, 3, 4, 5, 6, 7, 8].slice(0, k - 1) },
        { numbers: [0, ...[1, 2, 3, 4, 5, 6, 7, 8].slice(0, k)] },
        { numbers: [1, 1, 2, 3, 4, 5, 6, 7, 8] },
      ],
    });
  }

  for (const k of [2, 3]) {
    checkPlay({
      play: x11x5Plays[`11X5_FRONT${k}_DIRECT` as '11X5_FRONT2_DIRECT'],
      selections: fc
        .array(ballSet(1, 11), { minLength: k, maxLength: k })
        .filter((p) => cartesian(p).some((t) => new Set(t).size === k))
        .map((positions) => ({ positions })),
      smallSelections: fc
        .array(ballSet(1, 3), { minLength: k, maxLength: k })
        .filter((p) => cartesian(p).some((t) => new Set(t).size === k))
        .map((positions) => ({ positions })),
      expand: (s) =>
        cartesian(s.positions)
          .filter((t) => new Set(t).size === t.length)
          .map((t) => plain((r) => t.every((n, i) => r[i] === n))),
      outcomes: everyDraw,
      invalid: [
        { positions: Array.from({ length: k }, () => [5]) },
        { positions: [[1]] },
        { positions: Array.from({ length: k }, () => [12]) },
      ],
    });
    checkPlay({
      play: x11x5Plays[`11X5_FRONT${k}_GROUP` as '11X5_FRONT2_GROUP'],
      selections: ballSet(k, 11).map((numbers) => ({ numbers })),
      smallSelections: ballSet(k, k + 3).map((numbers) => ({ numbers })),
      expand: (s) => combinations(s.numbers, k).map((c) => plain((r) => r.slice(0, k).every((n) => c.includes(n)))),
      outcomes: everyDraw,
      invalid: [{ numbers: [1] }, { numbers: [1, 1, 2] }],
    });
  }
});

describe('11选5 注数 as published', () => {
  it('counts 前二直选 as |S1||S2| − |S1∩S2| and 任选 as C(n, k)', () => {
    expect(
      x11x5Plays['11X5_FRONT2_DIRECT'].betCount({
        positions: [
          [1, 2, 3],
          [2, 3, 4],
        ],
      }),
    ).toBe(7);
    expect(x11x5Plays['11X5_ANY_5'].betCount({ numbers: [1, 2, 3, 4, 5, 6, 7] })).toBe(21);
    expect(x11x5Plays['11X5_ANY_8'].betCount({ numbers: [1, 2, 3, 4, 5, 6, 7, 8, 9] })).toBe(9);
  });

  it('pays 任选七 once per 注 that holds all five drawn', () => {
    // 9 picks hold the 5 drawn; the 7-number 注 holding them choose 2 of the other 4: C(4, 2) = 6.
    expect(x11x5Plays['11X5_ANY_7'].winCount({ numbers: [1, 2, 3, 4, 5, 6, 7, 8, 9] }, [9, 1, 5, 3, 7])).toBe(6);
    expect(x11x5Plays['11X5_ANY_7'].winCount({ numbers: [1, 2, 3, 4, 5, 6, 7, 8, 9] }, [9, 1, 5, 3, 11])).toBe(0);
  });
});
