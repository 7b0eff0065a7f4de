/**
 * PK10 (北京赛车 and its copies): a permutation of cars 1–10 over ranks 1–10.
 */
import {
  anyPositionPlay,
  checkChoices,
  checkOneOf,
  countEach,
  type FieldIssue,
  invalidSelection,
  isRecord,
  lotteryMessages,
  multiOptionPlay,
  orderedDirectPlay,
  type PlayType,
  type PositionsSelection,
  pickOne,
  range,
  type TwoSided,
  twoSidedPlay,
} from './play.ts';
import { type RandomBytes, sampleDistinct } from './random.ts';
import { ratio } from './ratio.ts';

/** Cars by rank: index 0 = the car in 1st place (冠军). */
export type Pk10Result = readonly number[];

/** Picks per rank for 定位胆 and 直选 plays. */
export type Pk10PositionsSelection = PositionsSelection;

/** 龙虎: rank i (1–5) against rank 11 − i. */
export interface Pk10DragonTigerSelection {
  rank: number;
  sides: DragonTiger[];
}

/** 冠亚和: exact sums (3–19) of the cars in 1st and 2nd place. */
export interface Pk10SumSelection {
  sums: number[];
}

/** 冠亚和两面: big 12–19, small 3–11. */
export interface Pk10SumTwoSidedSelection {
  attributes: TwoSided[];
}

/** 两面 on one rank (1–10): big 6–10, small 1–5. */
export interface Pk10RankTwoSidedSelection {
  rank: number;
  attributes: TwoSided[];
}

export const dragonTigerSides = ['DRAGON', 'TIGER'] as const;
export type DragonTiger = (typeof dragonTigerSides)[number];

const cars = range(1, 10);
const ranks = range(1, 10);
const carField = { min: 1, max: 10 };

/** Checks a PK10 result: each car 1–10 exactly once. */
export function validatePk10Result(result: unknown): FieldIssue | null {
  if (!Array.isArray(result) || result.length !== 10) return { field: 'result', message: lotteryMessages.resultShape };
  if (!result.every((n) => Number.isInteger(n) && n >= 1 && n <= 10)) return { field: 'result', message: lotteryMessages.resultRange };
  return new Set(result).size === 10 ? null : { field: 'result', message: lotteryMessages.resultDuplicate };
}

/** Draws a PK10 result: a uniformly random permutation of the ten cars. */
export function drawPk10(randomBytes: RandomBytes): number[] {
  return sampleDistinct(randomBytes, cars, 10);
}

/** Ordered (1st, 2nd) pairs of different cars whose sum is `sum`, out of 90. */
export function pk10SumWays(sum: number): number {
  return cars.filter((a) => a !== sum - a && cars.includes(sum - a)).length;
}

/** The sums 3–19 a 冠亚和 bet can name. */
export const pk10Sums = range(3, 19);

const half = ratio(1, 2);

function direct(k: number, name: string): PlayType<Pk10PositionsSelection, Pk10Result> {
  return orderedDirectPlay({ id: `PK10_TOP${k}_DIRECT`, game: 'PK10', name, positions: k, ...carField });
}

/** PK10 play types by id. */
export const pk10Plays = {
  PK10_POSITION: anyPositionPlay({ id: 'PK10_POSITION', game: 'PK10', name: '定位胆', positions: 10, ...carField }),
  PK10_TOP1_DIRECT: direct(1, '猜冠军'),
  PK10_TOP2_DIRECT: direct(2, '前二直选'),
  PK10_TOP3_DIRECT: direct(3, '前三直选'),
  /** 龙虎: dragon when the better rank holds the larger car; two cars never tie. */
  PK10_DRAGON_TIGER: multiOptionPlay<Pk10DragonTigerSelection, Pk10Result>({
    id: 'PK10_DRAGON_TIGER',
    game: 'PK10',
    name: '龙虎',
    pricing: 'credit',
    options: dragonTigerSides.map((key) => ({ key, hitRate: half, pushRate: ratio(0) })),
    validate: (s) =>
      isRecord(s) ? (checkOneOf(s, 'rank', range(1, 5)) ?? checkChoices(s.sides, 'sides', dragonTigerSides)) : invalidSelection,
    betsByOption: (s) => countEach(s.sides),
    tally: (s, r) => {
      const winner: DragonTiger = (r[s.rank - 1] as number) > (r[10 - s.rank] as number) ? 'DRAGON' : 'TIGER';
      return { wins: s.sides.includes(winner) ? { [winner]: 1 } : {}, pushes: 0 };
    },
    quickPick: (rb) => ({ rank: pickOne(rb, range(1, 5)), sides: [pickOne(rb, dragonTigerSides)] }),
  }),
  /** 冠亚和 exact sum: each sum is its own option with its own odds (2 to 10 ways out of 90). */
  PK10_SUM_TOP2: multiOptionPlay<Pk10SumSelection, Pk10Result>({
    id: 'PK10_SUM_TOP2',
    game: 'PK10',
    name: '冠亚和',
    pricing: 'credit',
    options: pk10Sums.map((sum) => ({ key: String(sum), hitRate: ratio(pk10SumWays(sum), 90), pushRate: ratio(0) })),
    validate: (s) => (isRecord(s) ? checkChoices(s.sums, 'sums', pk10Sums) : invalidSelection),
    betsByOption: (s) => countEach(s.sums),
    tally: (s, r) => {
      const sum = (r[0] as number) + (r[1] as number);
      return { wins: s.sums.includes(sum) ? { [sum]: 1 } : {}, pushes: 0 };
    },
    quickPick: (rb) => ({ sums: [pickOne(rb, pk10Sums)] }),
  }),
  /** 冠亚和两面: not 50/50: big 40/90, small 50/90, odd 50/90, even 40/90. */
  PK10_SUM_TOP2_TWO_SIDED: twoSidedPlay<Pk10SumTwoSidedSelection, Pk10Result>({
    id: 'PK10_SUM_TOP2_TWO_SIDED',
    game: 'PK10',
    name: '冠亚和大小单双',
    hitRates: { BIG: ratio(40, 90), SMALL: ratio(50, 90), ODD: ratio(50, 90), EVEN: ratio(40, 90) },
    bigFrom: 12,
    value: (_s, r) => (r[0] as number) + (r[1] as number),
    pickRest: () => ({}),
  }),
  /** 两面 on one rank: big 6–10. */
  PK10_RANK_TWO_SIDED: twoSidedPlay<Pk10RankTwoSidedSelection, Pk10Result>({
    id: 'PK10_RANK_TWO_SIDED',
    game: 'PK10',
    name: '定位大小单双',
    hitRates: { BIG: half, SMALL: half, ODD: half, EVEN: half },
    bigFrom: 6,
    value: (s, r) => r[s.rank - 1] as number,
    validateRest: (s) => checkOneOf(s, 'rank', ranks),
    pickRest: (rb) => ({ rank: pickOne(rb, ranks) }),
  }),
} as const;
