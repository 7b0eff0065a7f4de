import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Atom, checkPlay, combinations, testBytes } from './play-oracle.ts';
import { addRatio, mulRatio, type Ratio, ratio, ratioEquals, ratioToNumber } from './ratio.ts';
import {
  drawVietnam,
  type VietnamRegion,
  type VietnamResult,
  validateVietnamResult,
  vietnamLayouts,
  vietnamNumberCount,
  vietnamPlays,
  vietnamPrizes,
  xienHitRate,
} from './vietnam.ts';

/** Every prize number of a result, read naively from the strings. */
const allNumbers = (r: VietnamResult) => vietnamPrizes.flatMap((p) => r[p]);
const endsWith = (n: string, x: number, digits: number) => n.length >= digits && n.slice(-digits) === String(x).padStart(digits, '0');
const de = (r: VietnamResult) => (r.DB[0] as string).slice(-2);

/** Results whose digits are mostly 0 or 1, so that small selections over the same digits hit often. */
function results(region: VietnamRegion): fc.Arbitrary<VietnamResult> {
  const digit = fc.oneof(fc.constantFrom('0', '1'), fc.constantFrom('0', '1', '2', '3', '4', '5', '6', '7', '8', '9'));
  const number = (digits: number) => fc.array(digit, { minLength: digits, maxLength: digits }).map((d) => d.join(''));
  const prizes = vietnamPrizes.map((p) => {
    const { count, digits } = vietnamLayouts[region][p];
    return fc.array(number(digits), { minLength: count, maxLength: count });
  });
  return fc.tuple(...prizes).map((lists) => Object.fromEntries(vietnamPrizes.map((p, i) => [p, lists[i]])) as unknown as VietnamResult);
}

/** Every value of the special prize's last three digits, the rest of the result fixed (what đề, 3 càng, đầu and đuôi read). */
function* everySpecialTail(region: VietnamRegion): Generator<VietnamResult> {
  const base = drawVietnam(region, testBytes(99));
  for (let t = 0; t < 1000; t++) {
    const db = base.DB[0] as string;
    yield { ...base, DB: [db.slice(0, -3) + String(t).padStart(3, '0')] };
  }
}

const binaryish = (max: number) =>
  fc.oneof(
    fc.constantFrom(0, 1, 10, 11, 100, 101, 110, 111).filter((n) => n <= max),
    fc.integer({ min: 0, max }),
  );
const numberSet = (max: number, min: number, most: number) => fc.uniqueArray(binaryish(max), { minLength: min, maxLength: most });
const plain = (wins: (r: VietnamResult) => number): Atom<VietnamResult> => ({ option: 'PLAIN', wins });

describe('Vietnamese results', () => {
  it('has 27 numbers in the North and 18 in the South, 23/17 of them with three digits and 20/16 with four', () => {
    expect([2, 3, 4].map((d) => vietnamNumberCount('NORTH', d))).toEqual([27, 23, 20]);
    expect([2, 3, 4].map((d) => vietnamNumberCount('SOUTH', d))).toEqual([18, 17, 16]);
  });

  it('draws results of the right shape and refuses wrong shapes', () => {
    const rb = testBytes(17);
    for (const region of ['NORTH', 'SOUTH'] as const) {
      const r = drawVietnam(region, rb);
      expect(validateVietnamResult(region, r)).toBeNull();
      expect(validateVietnamResult(region, { ...r, DB: ['1234567'] })).not.toBeNull();
      expect(validateVietnamResult(region, { ...r, G7: [] })).not.toBeNull();
      expect(validateVietnamResult(region, { ...r, G1: [12345] })).not.toBeNull();
    }
    expect(validateVietnamResult('NORTH', drawVietnam('SOUTH', rb))).not.toBeNull();
  });

  it('gives xiên the exact chances an independent recursion finds (and the published 0.0549 / 0.0123 / 0.00267)', () => {
    // State j = how many of the k chosen numbers have appeared; each new prize number shows a new one with chance (k − j)/100.
    const byRecursion = (k: number, n: number): Ratio => {
      let p = Array.from({ length: k + 1 }, (_, j) => (j === 0 ? ratio(1) : ratio(0)));
      for (let i = 0; i < n; i++) {
        const next = p.map(() => ratio(0));
        p.forEach((pj, j) => {
          next[j] = addRatio(next[j] as Ratio, mulRatio(pj, ratio(100 - (k - j), 100)));
          if (j < k) next[j + 1] = addRatio(next[j + 1] as Ratio, mulRatio(pj, ratio(k - j, 100)));
        });
        p = next;
      }
      return p[k] as Ratio;
    };
    for (const k of [2, 3, 4]) for (const n of [27, 18]) expect(ratioEquals(xienHitRate(k, n), byRecursion(k, n))).toBe(true);
    expect(ratioToNumber(xienHitRate(2, 27))).toBeCloseTo(0.0549, 4);
    expect(ratioToNumber(xienHitRate(3, 27))).toBeCloseTo(0.0123, 4);
    expect(ratioToNumber(xienHitRate(4, 27))).toBeCloseTo(0.00267, 5);
  });

  it('gives lô its exact rate by linearity: each prize number, varied over all its endings, ends in x exactly once', () => {
    for (const region of ['NORTH', 'SOUTH'] as const) {
      for (const digits of [2, 3]) {
        const play = vietnamPlays[`VN_${region}_LO${digits}` as 'VN_NORTH_LO2'];
        // Every digit 9, so no prize number ends in x unless it is the one being varied.
        const base = Object.fromEntries(
          vietnamPrizes.map((p) => [p, new Array(vietnamLayouts[region][p].count).fill('9'.repeat(vietnamLayouts[region][p].digits))]),
        ) as Record<string, string[]>;
        const x = 42;
        let expected = ratio(0);
        for (const prize of vietnamPrizes) {
          base[prize]?.forEach((number, i) => {
            const varied = Math.min(digits, number.length);
            let wins = 0;
            for (let t = 0; t < 10 ** varied; t++) {
              const slot = number.slice(0, -varied) + String(t).padStart(varied, '0');
              const list = [...(base[prize] as string[])];
              list[i] = slot;
              wins += play.winCount({ numbers: [x] }, { ...(base as unknown as VietnamResult), [prize]: list });
            }
            expected = addRatio(expected, ratio(wins, 10 ** varied));
          });
        }
        expect(ratioEquals(play.options[0]?.hitRate ?? ratio(0), expected), play.id).toBe(true);
      }
    }
  });

  it('matches the declared lô and xiên rates on 20,000 seeded draws', () => {
    const rb = testBytes(23);
    const draws = 20_000;
    let lo2 = 0;
    let lo3 = 0;
    let xien2 = 0;
    for (let i = 0; i < draws; i++) {
      const r = drawVietnam('NORTH', rb);
      lo2 += vietnamPlays.VN_NORTH_LO2.winCount({ numbers: [42] }, r);
      lo3 += vietnamPlays.VN_NORTH_LO3.winCount({ numbers: [777] }, r);
      xien2 += vietnamPlays.VN_NORTH_XIEN2.winCount({ numbers: [7, 93] }, r);
    }
    // Tolerances of about four standard deviations.
    expect(Math.abs(lo2 / draws - 0.27)).toBeLessThan(0.015);
    expect(Math.abs(lo3 / draws - 0.023)).toBeLessThan(0.005);
    expect(Math.abs(xien2 / draws - ratioToNumber(xienHitRate(2, 27)))).toBeLessThan(0.007);
  });
});

describe('Vietnamese plays against brute force', () => {
  for (const region of ['NORTH', 'SOUTH'] as const) {
    const id = (key: string) => `VN_${region}_${key}` as keyof typeof vietnamPlays;
    const numbersPlay = (key: string) => vietnamPlays[id(key)] as typeof vietnamPlays.VN_NORTH_LO2;

    checkPlay({
      play: numbersPlay('LO2'),
      selections: numberSet(99, 1, 100).map((numbers) => ({ numbers })),
      smallSelections: numberSet(99, 1, 6).map((numbers) => ({ numbers })),
      // One 注 per number, paid once per prize number ending in it.
      expand: (s) => s.numbers.map((x) => plain((r) => allNumbers(r).filter((n) => endsWith(n, x, 2)).length)),
      results: results(region),
      invalid: [{ numbers: [] }, { numbers: [100] }, { numbers: [5, 5] }],
    });
    checkPlay({
      play: numbersPlay('LO3'),
      selections: numberSet(999, 1, 50).map((numbers) => ({ numbers })),
      smallSelections: numberSet(999, 1, 6).map((numbers) => ({ numbers })),
      expand: (s) => s.numbers.map((x) => plain((r) => allNumbers(r).filter((n) => endsWith(n, x, 3)).length)),
      results: results(region),
      invalid: [{ numbers: [] }, { numbers: [1000] }],
    });
    for (const k of [2, 3, 4]) {
      checkPlay({
        play: numbersPlay(`XIEN${k}`),
        selections: numberSet(99, k, 12).map((numbers) => ({ numbers })),
        smallSelections: numberSet(99, k, k + 3).map((numbers) => ({ numbers })),
        expand: (s) =>
          combinations(s.numbers, k).map((c) => plain((r) => (c.every((x) => allNumbers(r).some((n) => endsWith(n, x, 2))) ? 1 : 0))),
        results: results(region),
        invalid: [{ numbers: [1, 2, 3].slice(0, k - 1) }, { numbers: [1, 1, 2, 3, 4] }],
      });
    }
    checkPlay({
      play: numbersPlay('DE'),
      selections: numberSet(99, 1, 100).map((numbers) => ({ numbers })),
      expand: (s) => s.numbers.map((x) => plain((r) => (de(r) === String(x).padStart(2, '0') ? 1 : 0))),
      outcomes: () => everySpecialTail(region),
      results: results(region),
      invalid: [{ numbers: [] }, { numbers: [100] }],
    });
    checkPlay({
      play: numbersPlay('CANG3'),
      selections: numberSet(999, 1, 30).map((numbers) => ({ numbers })),
      expand: (s) => s.numbers.map((x) => plain((r) => ((r.DB[0] as string).slice(-3) === String(x).padStart(3, '0') ? 1 : 0))),
      outcomes: () => everySpecialTail(region),
      results: results(region),
      invalid: [{ numbers: [] }, { numbers: [1000] }],
    });
    const digits = fc.uniqueArray(fc.integer({ min: 0, max: 9 }), { minLength: 1, maxLength: 10 }).map((d) => ({ digits: d }));
    checkPlay({
      play: vietnamPlays[id('HEAD')] as typeof vietnamPlays.VN_NORTH_HEAD,
      selections: digits,
      expand: (s) => s.digits.map((d) => plain((r) => (de(r)[0] === String(d) ? 1 : 0))),
      outcomes: () => everySpecialTail(region),
      invalid: [{ digits: [] }, { digits: [10] }],
    });
    checkPlay({
      play: vietnamPlays[id('TAIL')] as typeof vietnamPlays.VN_NORTH_TAIL,
      selections: digits,
      expand: (s) => s.digits.map((d) => plain((r) => (de(r)[1] === String(d) ? 1 : 0))),
      outcomes: () => everySpecialTail(region),
      invalid: [{ digits: [] }, { digits: [1, 1] }],
    });
  }

  it('pays lô per occurrence: a number ending three prize numbers wins three times', () => {
    const r = drawVietnam('NORTH', testBytes(5));
    const rigged = { ...r, G7: ['42', '42', '00', '01'], G6: ['142', '000', '001'] };
    const expected = allNumbers(rigged).filter((n) => n.endsWith('42')).length;
    expect(expected).toBeGreaterThanOrEqual(3);
    expect(vietnamPlays.VN_NORTH_LO2.winCount({ numbers: [42] }, rigged)).toBe(expected);
  });
});
