import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type BallColour,
  colourOf,
  drawMarkSix,
  type MarkSixResult,
  markSixPlays,
  validateMarkSixResult,
  type ZodiacAnimal,
  zodiacAnimals,
  zodiacOf,
  zodiacYearAnimal,
} from './mark-six.ts';
import type { TwoSided } from './play.ts';
import { type Atom, checkPlay, testBytes } from './play-oracle.ts';

/** The 49 possible special numbers (the plays read only the special), with six other numbers beside it. */
function* everySpecial(): Generator<MarkSixResult> {
  for (let special = 1; special <= 49; special++) {
    const numbers = Array.from({ length: 49 }, (_, i) => i + 1)
      .filter((n) => n !== special)
      .slice(0, 6);
    yield { numbers, special };
  }
}

/** Ball colours as printed in the domain notes. */
const printed: Record<BallColour, string> = {
  RED: '01 02 07 08 12 13 18 19 23 24 29 30 34 35 40 45 46',
  BLUE: '03 04 09 10 14 15 20 25 26 31 36 37 41 42 47 48',
  GREEN: '05 06 11 16 17 21 22 27 28 32 33 38 39 43 44 49',
};
const printedColour = (ball: number): BallColour =>
  (Object.keys(printed) as BallColour[]).find((c) => printed[c].split(' ').map(Number).includes(ball)) as BallColour;

/** Numbers of an animal: the year's animal owns 1, 13, 25, 37, 49; the animal k years earlier owns 1 + k, 13 + k… */
function animalNumbers(animal: ZodiacAnimal, year: ZodiacAnimal): number[] {
  const k = (zodiacAnimals.indexOf(year) - zodiacAnimals.indexOf(animal) + 12) % 12;
  return [1, 13, 25, 37, 49].map((n) => n + k).filter((n) => n <= 49);
}

describe('Mark Six results, zodiac and colours', () => {
  it('accepts six different numbers plus a different special and refuses anything else', () => {
    expect(validateMarkSixResult({ numbers: [1, 2, 3, 4, 5, 49], special: 7 })).toBeNull();
    for (const bad of [
      { numbers: [1, 2, 3, 4, 5], special: 7 },
      { numbers: [1, 2, 3, 4, 5, 6], special: 6 },
      { numbers: [1, 2, 3, 4, 5, 50], special: 7 },
      [1, 2, 3, 4, 5, 6, 7],
    ]) {
      expect(validateMarkSixResult(bad)).not.toBeNull();
    }
  });

  it('draws valid results with every special number equally often', () => {
    const rb = testBytes(13);
    const counts = new Array(50).fill(0);
    for (let i = 0; i < 49_000; i++) {
      const r = drawMarkSix(rb);
      expect(validateMarkSixResult(r)).toBeNull();
      counts[r.special]++;
    }
    for (const c of counts.slice(1)) expect(Math.abs(c - 1000)).toBeLessThan(130);
  });

  it('maps numbers to animals as in a rat year (2008): rat 1/13/25/37/49, ox 12…, tiger 11…, pig 2/14/26/38', () => {
    expect(zodiacYearAnimal(2008)).toBe('RAT');
    expect(zodiacYearAnimal(2026)).toBe('HORSE');
    expect(zodiacYearAnimal(1900)).toBe('RAT');
    expect(zodiacYearAnimal(2026, { year: 2024, animal: 'DRAGON' })).toBe('HORSE');
    const numbersOf = (animal: ZodiacAnimal) => Array.from({ length: 49 }, (_, i) => i + 1).filter((n) => zodiacOf(n, 'RAT') === animal);
    expect(numbersOf('RAT')).toEqual([1, 13, 25, 37, 49]);
    expect(numbersOf('OX')).toEqual([12, 24, 36, 48]);
    expect(numbersOf('TIGER')).toEqual([11, 23, 35, 47]);
    expect(numbersOf('PIG')).toEqual([2, 14, 26, 38]);
    for (const year of zodiacAnimals)
      for (const animal of zodiacAnimals) expect(animalNumbers(animal, year).every((n) => zodiacOf(n, year) === animal)).toBe(true);
  });

  it('colours the balls as printed: 17 red, 16 blue, 16 green', () => {
    for (let ball = 1; ball <= 49; ball++) expect(colourOf(ball)).toBe(printedColour(ball));
  });
});

const naive: Record<TwoSided, (special: number) => boolean> = {
  BIG: (n) => n >= 25 && n <= 48,
  SMALL: (n) => n <= 24,
  ODD: (n) => n % 2 === 1 && n !== 49,
  EVEN: (n) => n % 2 === 0,
};

describe('Mark Six plays against brute force over the 49 special numbers', () => {
  checkPlay({
    play: markSixPlays.LHC_SPECIAL,
    selections: fc.uniqueArray(fc.integer({ min: 1, max: 49 }), { minLength: 1, maxLength: 49 }).map((numbers) => ({ numbers })),
    expand: (s) => s.numbers.map((n): Atom<MarkSixResult> => ({ option: 'PLAIN', wins: (r) => (r.special === n ? 1 : 0) })),
    outcomes: everySpecial,
    invalid: [{ numbers: [] }, { numbers: [50] }, { numbers: [0] }],
    exhaustiveRuns: 50,
  });

  checkPlay({
    play: markSixPlays.LHC_SPECIAL_TWO_SIDED,
    selections: fc.record({
      attributes: fc.uniqueArray(fc.constantFrom<TwoSided>('BIG', 'SMALL', 'ODD', 'EVEN'), { minLength: 1, maxLength: 4 }),
    }),
    expand: (s) =>
      s.attributes.map(
        (a): Atom<MarkSixResult> => ({ option: a, wins: (r) => (naive[a](r.special) ? 1 : 0), pushes: (r) => r.special === 49 }),
      ),
    outcomes: everySpecial,
    invalid: [{ attributes: [] }],
    exhaustiveRuns: 30,
  });

  const year = fc.constantFrom(...zodiacAnimals);
  checkPlay({
    play: markSixPlays.LHC_SPECIAL_ZODIAC,
    selections: fc.record({
      yearAnimal: year,
      animals: fc.uniqueArray(fc.constantFrom(...zodiacAnimals), { minLength: 1, maxLength: 12 }),
    }),
    expand: (s) =>
      s.animals.map(
        (a): Atom<MarkSixResult> => ({
          option: a === s.yearAnimal ? 'FIVE' : 'FOUR',
          wins: (r) => (animalNumbers(a, s.yearAnimal).includes(r.special) ? 1 : 0),
        }),
      ),
    outcomes: everySpecial,
    invalid: [
      { yearAnimal: 'CAT', animals: ['RAT'] },
      { yearAnimal: 'RAT', animals: ['CAT'] },
      { yearAnimal: 'RAT', animals: [] },
    ],
    draw: { yearAnimal: 'HORSE' },
    exhaustiveRuns: 50,
  });

  checkPlay({
    play: markSixPlays.LHC_SPECIAL_COLOUR,
    selections: fc.record({ colours: fc.uniqueArray(fc.constantFrom<BallColour>('RED', 'BLUE', 'GREEN'), { minLength: 1, maxLength: 3 }) }),
    expand: (s) => s.colours.map((c): Atom<MarkSixResult> => ({ option: c, wins: (r) => (printedColour(r.special) === c ? 1 : 0) })),
    outcomes: everySpecial,
    invalid: [{ colours: ['PINK'] }, { colours: [] }],
    exhaustiveRuns: 20,
  });

  it('needs the draw year animal to quick-pick a zodiac bet', () => {
    expect(() => markSixPlays.LHC_SPECIAL_ZODIAC.quickPick(testBytes(1))).toThrow(RangeError);
  });
});
