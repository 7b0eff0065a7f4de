/**
 * 11选5: five different numbers of 1–11 in draw order (462 sets, 55,440 ordered draws).
 */
import {
  checkNumbers,
  choose,
  type FieldIssue,
  invalidSelection,
  isRecord,
  lotteryMessages,
  orderedDirectPlay,
  type PlayType,
  pickSorted,
  range,
  singleOptionPlay,
} from './play.ts';
import { type RandomBytes, sampleDistinct } from './random.ts';
import { ratio } from './ratio.ts';

/** Five different numbers 1–11 in draw order. */
export type X11x5Result = readonly number[];

/** A set of numbers for 任选 and 组选 plays. */
export interface X11x5NumbersSelection {
  numbers: number[];
}

const balls = range(1, 11);
const ballField = { min: 1, max: 11 };

/** Checks an 11选5 result: five different numbers 1–11. */
export function validateX11x5Result(result: unknown): FieldIssue | null {
  if (!Array.isArray(result) || result.length !== 5) return { field: 'result', message: lotteryMessages.resultShape };
  if (!result.every((n) => Number.isInteger(n) && n >= 1 && n <= 11)) return { field: 'result', message: lotteryMessages.resultRange };
  return new Set(result).size === 5 ? null : { field: 'result', message: lotteryMessages.resultDuplicate };
}

/** Draws an 11选5 result: five balls without replacement, in draw order. */
export function drawX11x5(randomBytes: RandomBytes): number[] {
  return sampleDistinct(randomBytes, balls, 5);
}

/**
 * 任选N: for N ≤ 5 a 注 (N picked numbers) wins when all N are drawn, so C(hits, N) win; for N ≥ 5 a 注
 * wins when all five drawn are inside it, so C(n − 5, N − 5) win when every drawn number was picked.
 */
function anyPlay(k: number, name: string): PlayType<X11x5NumbersSelection, X11x5Result> {
  const hitRate = k <= 5 ? ratio(choose(5, k), choose(11, k)) : ratio(choose(6, k - 5), choose(11, k));
  return singleOptionPlay({
    id: `11X5_ANY_${k}`,
    game: '11X5',
    name,
    pricing: 'official',
    hitRate,
    validate: (s) => (isRecord(s) ? checkNumbers(s.numbers, 'numbers', { ...ballField, minCount: k }) : invalidSelection),
    betCount: (s) => choose(s.numbers.length, k),
    winCount: (s, r) => {
      const hits = r.filter((n) => s.numbers.includes(n)).length;
      if (k <= 5) return choose(hits, k);
      return hits === 5 ? choose(s.numbers.length - 5, k - 5) : 0;
    },
    quickPick: (rb) => ({ numbers: pickSorted(rb, balls, k) }),
  });
}

/** 前N组选: the first N drawn in any order; 注 = C(n, N). */
function frontGroup(k: number, name: string, oneIn: number): PlayType<X11x5NumbersSelection, X11x5Result> {
  return singleOptionPlay({
    id: `11X5_FRONT${k}_GROUP`,
    game: '11X5',
    name,
    pricing: 'official',
    hitRate: ratio(1, oneIn),
    validate: (s) => (isRecord(s) ? checkNumbers(s.numbers, 'numbers', { ...ballField, minCount: k }) : invalidSelection),
    betCount: (s) => choose(s.numbers.length, k),
    winCount: (s, r) => (r.slice(0, k).every((n) => s.numbers.includes(n)) ? 1 : 0),
    quickPick: (rb) => ({ numbers: pickSorted(rb, balls, k) }),
  });
}

/** 11选5 play types by id. */
export const x11x5Plays = {
  '11X5_ANY_1': anyPlay(1, '任选一'),
  '11X5_ANY_2': anyPlay(2, '任选二'),
  '11X5_ANY_3': anyPlay(3, '任选三'),
  '11X5_ANY_4': anyPlay(4, '任选四'),
  '11X5_ANY_5': anyPlay(5, '任选五'),
  '11X5_ANY_6': anyPlay(6, '任选六'),
  '11X5_ANY_7': anyPlay(7, '任选七'),
  '11X5_ANY_8': anyPlay(8, '任选八'),
  '11X5_FRONT2_DIRECT': orderedDirectPlay({ id: '11X5_FRONT2_DIRECT', game: '11X5', name: '前二直选', positions: 2, ...ballField }),
  '11X5_FRONT2_GROUP': frontGroup(2, '前二组选', 55),
  '11X5_FRONT3_DIRECT': orderedDirectPlay({ id: '11X5_FRONT3_DIRECT', game: '11X5', name: '前三直选', positions: 3, ...ballField }),
  '11X5_FRONT3_GROUP': frontGroup(3, '前三组选', 165),
} as const;
