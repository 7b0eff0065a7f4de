/**
 * Vietnamese lottery (Xổ số kiến thiết): North (XSMB, 27 numbers a draw) and South/Central (18 numbers
 * per province). Every prize number is drawn digit by digit, so its last two or three digits are uniform
 * and independent of the other prizes: that is what the hit rates below rest on.
 */
import {
  checkNumbers,
  choose,
  type FieldIssue,
  type GameCode,
  invalidSelection,
  isRecord,
  lotteryMessages,
  type PlayType,
  pickSorted,
  range,
  singleOptionPlay,
} from './play.ts';
import { type RandomBytes, randomInt } from './random.ts';
import { addRatio, type Ratio, ratio } from './ratio.ts';

export const vietnamRegions = ['NORTH', 'SOUTH'] as const;
export type VietnamRegion = (typeof vietnamRegions)[number];

/** Prizes from the special (ĐB) down to the eighth (G8, South/Central only). */
export const vietnamPrizes = ['DB', 'G1', 'G2', 'G3', 'G4', 'G5', 'G6', 'G7', 'G8'] as const;
export type VietnamPrize = (typeof vietnamPrizes)[number];

/** Numbers per prize as digit strings (leading zeros kept); North has no G8, so its list is empty (but present). */
export type VietnamResult = Readonly<Record<VietnamPrize, readonly string[]>>;

/** How many numbers of how many digits each prize has. */
export const vietnamLayouts: Readonly<Record<VietnamRegion, Readonly<Record<VietnamPrize, { count: number; digits: number }>>>> = {
  NORTH: {
    DB: { count: 1, digits: 5 },
    G1: { count: 1, digits: 5 },
    G2: { count: 2, digits: 5 },
    G3: { count: 6, digits: 5 },
    G4: { count: 4, digits: 4 },
    G5: { count: 6, digits: 4 },
    G6: { count: 3, digits: 3 },
    G7: { count: 4, digits: 2 },
    G8: { count: 0, digits: 2 },
  },
  SOUTH: {
    DB: { count: 1, digits: 6 },
    G1: { count: 1, digits: 5 },
    G2: { count: 1, digits: 5 },
    G3: { count: 2, digits: 5 },
    G4: { count: 7, digits: 5 },
    G5: { count: 1, digits: 4 },
    G6: { count: 3, digits: 4 },
    G7: { count: 1, digits: 3 },
    G8: { count: 1, digits: 2 },
  },
};

/** Game code of each region. */
export const vietnamGames: Readonly<Record<VietnamRegion, GameCode>> = { NORTH: 'VN_NORTH', SOUTH: 'VN_SOUTH' };

/** Prize numbers with at least `digits` digits: 27/23 (North) or 18/17 (South) for 2/3 digits. */
export function vietnamNumberCount(region: VietnamRegion, digits: number): number {
  return vietnamPrizes.reduce((n, p) => {
    const { count, digits: length } = vietnamLayouts[region][p];
    return length >= digits ? n + count : n;
  }, 0);
}

/** Checks a result of the region: every prize with its count of numbers of its exact length. */
export function validateVietnamResult(region: VietnamRegion, result: unknown): FieldIssue | null {
  if (!isRecord(result)) return { field: 'result', message: lotteryMessages.resultShape };
  for (const prize of vietnamPrizes) {
    const { count, digits } = vietnamLayouts[region][prize];
    const numbers = result[prize];
    if (!Array.isArray(numbers) || numbers.length !== count) return { field: `result.${prize}`, message: lotteryMessages.resultShape };
    const pattern = new RegExp(`^\\d{${digits}}$`);
    if (!numbers.every((n) => typeof n === 'string' && pattern.test(n)))
      return { field: `result.${prize}`, message: lotteryMessages.resultRange };
  }
  return null;
}

/** Draws a result of the region: every prize number uniform over its 10^digits values, duplicates allowed. */
export function drawVietnam(region: VietnamRegion, randomBytes: RandomBytes): VietnamResult {
  const draw = (prize: VietnamPrize) => {
    const { count, digits } = vietnamLayouts[region][prize];
    return Array.from({ length: count }, () => String(randomInt(randomBytes, 10 ** digits)).padStart(digits, '0'));
  };
  return Object.fromEntries(vietnamPrizes.map((p) => [p, draw(p)])) as Record<VietnamPrize, string[]>;
}

/** Last `digits` digits of every prize number long enough, as integers (the lô numbers). */
export function vietnamTails(result: VietnamResult, digits: number): number[] {
  return vietnamPrizes.flatMap((p) => result[p].filter((n) => n.length >= digits).map((n) => Number(n.slice(-digits))));
}

function specialTail(result: VietnamResult, digits: number): number {
  return Number((result.DB[0] as string).slice(-digits));
}

/** Selection of two- or three-digit numbers (0–99 or 0–999, shown zero-padded). */
export interface VietnamNumbersSelection {
  numbers: number[];
}

/** Selection of single digits for đầu / đuôi. */
export interface VietnamDigitsSelection {
  digits: number[];
}

/**
 * P(all k chosen two-digit numbers appear among n independent uniform tails), by inclusion–exclusion
 * over the chosen numbers that are missing: Σⱼ (−1)ʲ C(k, j) ((100 − j)/100)ⁿ.
 */
export function xienHitRate(k: number, n: number): Ratio {
  let total = ratio(0);
  for (let j = 0; j <= k; j++) {
    const term = ratio(BigInt(choose(k, j)) * BigInt(100 - j) ** BigInt(n), 100n ** BigInt(n));
    total = addRatio(total, j % 2 === 0 ? term : ratio(-term.num, term.den));
  }
  return total;
}

function numbersPlay(
  region: VietnamRegion,
  key: string,
  name: string,
  spec: {
    max: number;
    minCount: number;
    hitRate: Ratio;
    betCount(n: number): number;
    winCount(numbers: number[], result: VietnamResult): number;
    /** Each chosen number is one 注 of its own (not xiên's combinations). */
    single?: boolean;
  },
): PlayType<VietnamNumbersSelection, VietnamResult> {
  return singleOptionPlay({
    id: `${vietnamGames[region]}_${key}`,
    game: vietnamGames[region],
    name,
    pricing: 'vietnam',
    hitRate: spec.hitRate,
    validate: (s) =>
      isRecord(s) ? checkNumbers(s.numbers, 'numbers', { min: 0, max: spec.max, minCount: spec.minCount }) : invalidSelection,
    betCount: (s) => spec.betCount(s.numbers.length),
    ...(spec.single ? { numbers: (s: VietnamNumbersSelection) => s.numbers.map(String) } : {}),
    winCount: (s, r) => spec.winCount(s.numbers, r),
    quickPick: (rb) => ({ numbers: pickSorted(rb, range(0, spec.max), spec.minCount) }),
  });
}

function digitPlay(
  region: VietnamRegion,
  key: string,
  name: string,
  digitOf: (de: number) => number,
): PlayType<VietnamDigitsSelection, VietnamResult> {
  return singleOptionPlay({
    id: `${vietnamGames[region]}_${key}`,
    game: vietnamGames[region],
    name,
    pricing: 'vietnam',
    hitRate: ratio(1, 10),
    validate: (s) => (isRecord(s) ? checkNumbers(s.digits, 'digits', { min: 0, max: 9, minCount: 1 }) : invalidSelection),
    betCount: (s) => s.digits.length,
    numbers: (s) => s.digits.map(String),
    winCount: (s, r) => (s.digits.includes(digitOf(specialTail(r, 2))) ? 1 : 0),
    quickPick: (rb) => ({ digits: pickSorted(rb, range(0, 9), 1) }),
  });
}

/** Lô: each chosen number is a 注 paid once per prize number ending in it. */
function occurrences(numbers: number[], tails: number[]): number {
  const chosen = new Set(numbers);
  return tails.filter((t) => chosen.has(t)).length;
}

/** Xiên k: every k-subset of the chosen numbers is a 注 that wins (once) when all of its numbers appear among the lô. */
function xien(region: VietnamRegion, k: number) {
  return numbersPlay(region, `XIEN${k}`, `Xiên ${k}`, {
    max: 99,
    minCount: k,
    hitRate: xienHitRate(k, vietnamNumberCount(region, 2)),
    betCount: (n) => choose(n, k),
    winCount: (numbers, r) => {
      const present = new Set(vietnamTails(r, 2));
      return choose(numbers.filter((x) => present.has(x)).length, k);
    },
  });
}

function regionPlays(region: VietnamRegion) {
  const count2 = vietnamNumberCount(region, 2);
  const count3 = vietnamNumberCount(region, 3);
  return {
    LO2: numbersPlay(region, 'LO2', 'Lô 2 số', {
      max: 99,
      minCount: 1,
      hitRate: ratio(count2, 100),
      betCount: (n) => n,
      single: true,
      winCount: (numbers, r) => occurrences(numbers, vietnamTails(r, 2)),
    }),
    LO3: numbersPlay(region, 'LO3', 'Lô 3 số', {
      max: 999,
      minCount: 1,
      hitRate: ratio(count3, 1000),
      betCount: (n) => n,
      single: true,
      winCount: (numbers, r) => occurrences(numbers, vietnamTails(r, 3)),
    }),
    DE: numbersPlay(region, 'DE', 'Đề', {
      max: 99,
      minCount: 1,
      hitRate: ratio(1, 100),
      betCount: (n) => n,
      single: true,
      winCount: (numbers, r) => (numbers.includes(specialTail(r, 2)) ? 1 : 0),
    }),
    CANG3: numbersPlay(region, 'CANG3', '3 càng', {
      max: 999,
      minCount: 1,
      hitRate: ratio(1, 1000),
      betCount: (n) => n,
      single: true,
      winCount: (numbers, r) => (numbers.includes(specialTail(r, 3)) ? 1 : 0),
    }),
    HEAD: digitPlay(region, 'HEAD', 'Đầu', (de) => Math.floor(de / 10)),
    TAIL: digitPlay(region, 'TAIL', 'Đuôi', (de) => de % 10),
    XIEN2: xien(region, 2),
    XIEN3: xien(region, 3),
    XIEN4: xien(region, 4),
  };
}

const north = regionPlays('NORTH');
const south = regionPlays('SOUTH');

/** Vietnamese play types by id. */
export const vietnamPlays = {
  VN_NORTH_LO2: north.LO2,
  VN_NORTH_LO3: north.LO3,
  VN_NORTH_DE: north.DE,
  VN_NORTH_CANG3: north.CANG3,
  VN_NORTH_HEAD: north.HEAD,
  VN_NORTH_TAIL: north.TAIL,
  VN_NORTH_XIEN2: north.XIEN2,
  VN_NORTH_XIEN3: north.XIEN3,
  VN_NORTH_XIEN4: north.XIEN4,
  VN_SOUTH_LO2: south.LO2,
  VN_SOUTH_LO3: south.LO3,
  VN_SOUTH_DE: south.DE,
  VN_SOUTH_CANG3: south.CANG3,
  VN_SOUTH_HEAD: south.HEAD,
  VN_SOUTH_TAIL: south.TAIL,
  VN_SOUTH_XIEN2: south.XIEN2,
  VN_SOUTH_XIEN3: south.XIEN3,
  VN_SOUTH_XIEN4: south.XIEN4,
} as const;
