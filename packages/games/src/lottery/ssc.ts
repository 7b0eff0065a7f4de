/**
 * SSC (时时彩): five digits 0–9 in the positions 万 千 百 十 个 (100,000 equally likely results).
 */
import {
  anyPositionPlay,
  checkNumbers,
  checkOneOf,
  checkPositions,
  choose,
  type FieldIssue,
  invalidSelection,
  isRecord,
  lotteryMessages,
  type PlayType,
  type PositionsSelection,
  pickOne,
  pickSorted,
  product,
  range,
  singleOptionPlay,
  type TwoSided,
  twoSidedPlay,
} from './play.ts';
import { type RandomBytes, randomInt } from './random.ts';
import { ratio } from './ratio.ts';

/** Five digits, index 0 = 万 … 4 = 个. */
export type SscResult = readonly number[];

/** Picks per position for direct and any-position plays (index into the play's positions). */
export type SscPositionsSelection = PositionsSelection;

/** A set of digits for group plays (组三, 组六, 二星组选). */
export interface SscDigitsSelection {
  digits: number[];
}

/** Two-sided bet on one position (0 = 万 … 4 = 个). */
export interface SscPositionTwoSidedSelection {
  position: number;
  attributes: TwoSided[];
}

/** Two-sided bet on the sum of the five digits (0–45; 23–45 big). */
export interface SscSumTwoSidedSelection {
  attributes: TwoSided[];
}

const digits = range(0, 9);
const positionIndexes = range(0, 4);
const digitField = { min: 0, max: 9 };

/** Checks an SSC result: five digits 0–9. */
export function validateSscResult(result: unknown): FieldIssue | null {
  if (!Array.isArray(result) || result.length !== 5) return { field: 'result', message: lotteryMessages.resultShape };
  return result.every((d) => Number.isInteger(d) && d >= 0 && d <= 9) ? null : { field: 'result', message: lotteryMessages.resultRange };
}

/** Draws an SSC result: each digit uniform and independent. */
export function drawSsc(randomBytes: RandomBytes): number[] {
  return positionIndexes.map(() => randomInt(randomBytes, 10));
}

function zoneDigits(result: SscResult, zone: readonly number[]): number[] {
  return zone.map((i) => result[i] as number);
}

function directPlay(id: string, name: string, zone: readonly number[]): PlayType<SscPositionsSelection, SscResult> {
  return singleOptionPlay({
    id,
    game: 'SSC',
    name,
    pricing: 'official',
    hitRate: ratio(1, 10 ** zone.length),
    validate: (s) =>
      isRecord(s)
        ? checkPositions(s.positions, 'positions', { count: zone.length, ...digitField, minEach: 1, minTotal: zone.length })
        : invalidSelection,
    betCount: (s) => product(s.positions),
    winCount: (s, r) => (zone.every((p, i) => s.positions[i]?.includes(r[p] as number)) ? 1 : 0),
    quickPick: (rb) => ({ positions: zone.map(() => [randomInt(rb, 10)]) }),
  });
}

function digitsPlay(
  id: string,
  name: string,
  spec: {
    zone: readonly number[];
    minDigits: number;
    hitRate: number;
    betCount(n: number): number;
    wins(zone: number[], picked: Set<number>): boolean;
  },
): PlayType<SscDigitsSelection, SscResult> {
  return singleOptionPlay({
    id,
    game: 'SSC',
    name,
    pricing: 'official',
    hitRate: ratio(spec.hitRate, 10 ** spec.zone.length),
    validate: (s) => (isRecord(s) ? checkNumbers(s.digits, 'digits', { ...digitField, minCount: spec.minDigits }) : invalidSelection),
    betCount: (s) => spec.betCount(s.digits.length),
    winCount: (s, r) => (spec.wins(zoneDigits(r, spec.zone), new Set(s.digits)) ? 1 : 0),
    quickPick: (rb) => ({ digits: pickSorted(rb, digits, spec.minDigits) }),
  });
}

/** 组三: the three digits are a pair plus a different single (aab in any order), both picked; 注 = n(n−1). */
function group3(id: string, name: string, zone: readonly number[]) {
  return digitsPlay(id, name, {
    zone,
    minDigits: 2,
    hitRate: 3,
    betCount: (n) => n * (n - 1),
    wins: (z, picked) => new Set(z).size === 2 && z.every((d) => picked.has(d)),
  });
}

/** 组六: three different digits, all picked; 注 = C(n, 3). */
function group6(id: string, name: string, zone: readonly number[]) {
  return digitsPlay(id, name, {
    zone,
    minDigits: 3,
    hitRate: 6,
    betCount: (n) => choose(n, 3),
    wins: (z, picked) => new Set(z).size === 3 && z.every((d) => picked.has(d)),
  });
}

/** 二星组选: two different digits, both picked (a pair never wins); 注 = C(n, 2). */
function group2(id: string, name: string, zone: readonly number[]) {
  return digitsPlay(id, name, {
    zone,
    minDigits: 2,
    hitRate: 2,
    betCount: (n) => choose(n, 2),
    wins: (z, picked) => z[0] !== z[1] && z.every((d) => picked.has(d)),
  });
}

const front3 = [0, 1, 2];
const middle3 = [1, 2, 3];
const back3 = [2, 3, 4];
const front2 = [0, 1];
const back2 = [3, 4];
const half = ratio(1, 2);
const evenOdds = { BIG: half, SMALL: half, ODD: half, EVEN: half };

/** SSC play types by id. */
export const sscPlays = {
  SSC_5_DIRECT: directPlay('SSC_5_DIRECT', '五星直选', positionIndexes),
  SSC_3_DIRECT_FRONT: directPlay('SSC_3_DIRECT_FRONT', '前三直选', front3),
  SSC_3_DIRECT_MIDDLE: directPlay('SSC_3_DIRECT_MIDDLE', '中三直选', middle3),
  SSC_3_DIRECT_BACK: directPlay('SSC_3_DIRECT_BACK', '后三直选', back3),
  SSC_3_GROUP3_FRONT: group3('SSC_3_GROUP3_FRONT', '前三组三', front3),
  SSC_3_GROUP3_MIDDLE: group3('SSC_3_GROUP3_MIDDLE', '中三组三', middle3),
  SSC_3_GROUP3_BACK: group3('SSC_3_GROUP3_BACK', '后三组三', back3),
  SSC_3_GROUP6_FRONT: group6('SSC_3_GROUP6_FRONT', '前三组六', front3),
  SSC_3_GROUP6_MIDDLE: group6('SSC_3_GROUP6_MIDDLE', '中三组六', middle3),
  SSC_3_GROUP6_BACK: group6('SSC_3_GROUP6_BACK', '后三组六', back3),
  SSC_2_DIRECT_FRONT: directPlay('SSC_2_DIRECT_FRONT', '前二直选', front2),
  SSC_2_DIRECT_BACK: directPlay('SSC_2_DIRECT_BACK', '后二直选', back2),
  SSC_2_GROUP_FRONT: group2('SSC_2_GROUP_FRONT', '前二组选', front2),
  SSC_2_GROUP_BACK: group2('SSC_2_GROUP_BACK', '后二组选', back2),
  SSC_ANY_POSITION: anyPositionPlay({ id: 'SSC_ANY_POSITION', game: 'SSC', name: '定位胆', positions: 5, ...digitField }),
  /** 两面 on one position: big 5–9, small 0–4. */
  SSC_POSITION_TWO_SIDED: twoSidedPlay<SscPositionTwoSidedSelection, SscResult>({
    id: 'SSC_POSITION_TWO_SIDED',
    game: 'SSC',
    name: '定位大小单双',
    hitRates: evenOdds,
    bigFrom: 5,
    value: (s, r) => r[s.position] as number,
    validateRest: (s) => checkOneOf(s, 'position', positionIndexes),
    pickRest: (rb) => ({ position: pickOne(rb, positionIndexes) }),
  }),
  /** 总和大小单双: sum 0–45, big 23–45; both halves are exactly 1/2 by the symmetry s ↔ 45 − s. */
  SSC_SUM_TWO_SIDED: twoSidedPlay<SscSumTwoSidedSelection, SscResult>({
    id: 'SSC_SUM_TWO_SIDED',
    game: 'SSC',
    name: '总和大小单双',
    hitRates: evenOdds,
    bigFrom: 23,
    value: (_s, r) => r.reduce((a, b) => a + b, 0),
    pickRest: () => ({}),
  }),
} as const;
