/**
 * LHC / Mark Six (六合彩): six different numbers of 1–49 plus a special number (特码) different from
 * them. The plays here all bet on the special number, so each is settled on one of 49 equally likely values.
 */
import {
  checkChoices,
  checkNumbers,
  countEach,
  type FieldIssue,
  invalidSelection,
  isRecord,
  lotteryMessages,
  multiOptionPlay,
  pickOne,
  pickSorted,
  range,
  singleOptionPlay,
  type TwoSided,
  twoSidedPlay,
} from './play.ts';
import { type RandomBytes, sampleDistinct } from './random.ts';
import { ratio } from './ratio.ts';

/** The six numbers (正码) in draw order and the special number (特码). */
export interface MarkSixResult {
  numbers: readonly number[];
  special: number;
}

export const zodiacAnimals = [
  'RAT',
  'OX',
  'TIGER',
  'RABBIT',
  'DRAGON',
  'SNAKE',
  'HORSE',
  'GOAT',
  'MONKEY',
  'ROOSTER',
  'DOG',
  'PIG',
] as const;
export type ZodiacAnimal = (typeof zodiacAnimals)[number];

export const ballColours = ['RED', 'BLUE', 'GREEN'] as const;
export type BallColour = (typeof ballColours)[number];

/** 特码: numbers 1–49. */
export interface MarkSixSpecialSelection {
  numbers: number[];
}

/** 特码两面: small 1–24, big 25–48, odd/even; 49 is a push for all four. */
export interface MarkSixTwoSidedSelection {
  attributes: TwoSided[];
}

/** 特肖: animals of the special number under the lunar year of the draw (`yearAnimal` owns 5 numbers, the rest 4). */
export interface MarkSixZodiacSelection {
  yearAnimal: ZodiacAnimal;
  animals: ZodiacAnimal[];
}

/** 波色: colours of the special number. */
export interface MarkSixColourSelection {
  colours: BallColour[];
}

const balls = range(1, 49);

/** Ball colours of the Hong Kong Mark Six (red 17, blue 16, green 16). */
export const ballColourTable: Readonly<Record<BallColour, readonly number[]>> = {
  RED: [1, 2, 7, 8, 12, 13, 18, 19, 23, 24, 29, 30, 34, 35, 40, 45, 46],
  BLUE: [3, 4, 9, 10, 14, 15, 20, 25, 26, 31, 36, 37, 41, 42, 47, 48],
  GREEN: [5, 6, 11, 16, 17, 21, 22, 27, 28, 32, 33, 38, 39, 43, 44, 49],
};

/** Colour of a ball 1–49. */
export function colourOf(ball: number): BallColour {
  const colour = ballColours.find((c) => ballColourTable[c].includes(ball));
  if (!colour) throw new RangeError(`colourOf: not a Mark Six ball: ${ball}`);
  return colour;
}

/** A lunar year whose animal is known; the default is 2020, a year of the rat. */
export interface ZodiacBase {
  year: number;
  animal: ZodiacAnimal;
}

/** Animal of a lunar year (the year that starts at Lunar New Year, not on 1 January). */
export function zodiacYearAnimal(lunarYear: number, base: ZodiacBase = { year: 2020, animal: 'RAT' }): ZodiacAnimal {
  const index = (((zodiacAnimals.indexOf(base.animal) + lunarYear - base.year) % 12) + 12) % 12;
  return zodiacAnimals[index] as ZodiacAnimal;
}

/** Animal of a ball: 1 is the year's animal, then 2, 3… run backwards through the cycle (rat year: 2 = pig, 12 = ox). */
export function zodiacOf(ball: number, yearAnimal: ZodiacAnimal): ZodiacAnimal {
  if (!Number.isInteger(ball) || ball < 1 || ball > 49) throw new RangeError(`zodiacOf: not a Mark Six ball: ${ball}`);
  const index = (((zodiacAnimals.indexOf(yearAnimal) - (ball - 1)) % 12) + 12) % 12;
  return zodiacAnimals[index] as ZodiacAnimal;
}

/** Checks a Mark Six result: six different numbers 1–49 and a special number different from them. */
export function validateMarkSixResult(result: unknown): FieldIssue | null {
  if (!isRecord(result) || !Array.isArray(result.numbers) || result.numbers.length !== 6) {
    return { field: 'result', message: lotteryMessages.resultShape };
  }
  const all = [...result.numbers, result.special];
  if (!all.every((n) => Number.isInteger(n) && n >= 1 && n <= 49)) return { field: 'result', message: lotteryMessages.resultRange };
  return new Set(all).size === 7 ? null : { field: 'result', message: lotteryMessages.resultDuplicate };
}

/** Draws a Mark Six result: seven balls without replacement, the seventh being the special number. */
export function drawMarkSix(randomBytes: RandomBytes): MarkSixResult {
  const drawn = sampleDistinct(randomBytes, balls, 7);
  return { numbers: drawn.slice(0, 6), special: drawn[6] as number };
}

const zodiacOptions = { FIVE: 'FIVE', FOUR: 'FOUR' } as const;

function zodiacOption(animal: ZodiacAnimal, yearAnimal: ZodiacAnimal): string {
  return animal === yearAnimal ? zodiacOptions.FIVE : zodiacOptions.FOUR;
}

/** Mark Six play types by id. */
export const markSixPlays = {
  LHC_SPECIAL: singleOptionPlay<MarkSixSpecialSelection, MarkSixResult>({
    id: 'LHC_SPECIAL',
    game: 'LHC',
    name: '特码',
    pricing: 'credit',
    hitRate: ratio(1, 49),
    validate: (s) => (isRecord(s) ? checkNumbers(s.numbers, 'numbers', { min: 1, max: 49, minCount: 1 }) : invalidSelection),
    betCount: (s) => s.numbers.length,
    numbers: (s) => s.numbers.map(String),
    winCount: (s, r) => (s.numbers.includes(r.special) ? 1 : 0),
    quickPick: (rb) => ({ numbers: pickSorted(rb, balls, 1) }),
  }),
  LHC_SPECIAL_TWO_SIDED: twoSidedPlay<MarkSixTwoSidedSelection, MarkSixResult>({
    id: 'LHC_SPECIAL_TWO_SIDED',
    game: 'LHC',
    name: '特码大小单双',
    hitRates: { BIG: ratio(24, 49), SMALL: ratio(24, 49), ODD: ratio(24, 49), EVEN: ratio(24, 49) },
    pushRate: ratio(1, 49),
    bigFrom: 25,
    value: (_s, r) => r.special,
    pushes: (special) => special === 49,
    pickRest: () => ({}),
  }),
  /** 特肖: the year's animal covers 5 numbers (1, 13, 25, 37, 49), every other animal 4, so they are priced apart. */
  LHC_SPECIAL_ZODIAC: multiOptionPlay<MarkSixZodiacSelection, MarkSixResult>({
    id: 'LHC_SPECIAL_ZODIAC',
    game: 'LHC',
    name: '特肖',
    pricing: 'credit',
    options: [
      { key: zodiacOptions.FIVE, hitRate: ratio(5, 49), pushRate: ratio(0) },
      { key: zodiacOptions.FOUR, hitRate: ratio(4, 49), pushRate: ratio(0) },
    ],
    validate: (s) => {
      if (!isRecord(s)) return invalidSelection;
      if (!zodiacAnimals.includes(s.yearAnimal as ZodiacAnimal)) return { field: 'yearAnimal', message: lotteryMessages.unknownValue };
      return checkChoices(s.animals, 'animals', zodiacAnimals);
    },
    betsByOption: (s) => {
      const counts: Record<string, number> = {};
      for (const a of s.animals) {
        const key = zodiacOption(a, s.yearAnimal);
        counts[key] = (counts[key] ?? 0) + 1;
      }
      return counts;
    },
    tally: (s, r) => {
      const animal = zodiacOf(r.special, s.yearAnimal);
      return { wins: s.animals.includes(animal) ? { [zodiacOption(animal, s.yearAnimal)]: 1 } : {}, pushes: 0 };
    },
    quickPick: (rb, draw) => {
      // The year's animal belongs to the draw, not to the player: without it the odds of a pick are unknown.
      if (!draw?.yearAnimal) throw new RangeError('LHC_SPECIAL_ZODIAC quick pick needs the draw year animal');
      return { yearAnimal: draw.yearAnimal, animals: [pickOne(rb, zodiacAnimals)] };
    },
  }),
  LHC_SPECIAL_COLOUR: multiOptionPlay<MarkSixColourSelection, MarkSixResult>({
    id: 'LHC_SPECIAL_COLOUR',
    game: 'LHC',
    name: '波色',
    pricing: 'credit',
    options: ballColours.map((key) => ({ key, hitRate: ratio(ballColourTable[key].length, 49), pushRate: ratio(0) })),
    validate: (s) => (isRecord(s) ? checkChoices(s.colours, 'colours', ballColours) : invalidSelection),
    betsByOption: (s) => countEach(s.colours),
    tally: (s, r) => {
      const colour = colourOf(r.special);
      return { wins: s.colours.includes(colour) ? { [colour]: 1 } : {}, pushes: 0 };
    },
    quickPick: (rb) => ({ colours: [pickOne(rb, ballColours)] }),
  }),
} as const;
