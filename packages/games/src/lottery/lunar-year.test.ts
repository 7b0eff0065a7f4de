import { describe, expect, it } from 'vitest';
import { drawContextOf, drawYearAnimal, lunarNewYear, lunarYearOf } from './lunar-year.ts';

describe('lunar year of a draw', () => {
  it('changes at Lunar New Year in China time, not on 1 January', () => {
    // 17 February 2026 starts the year of the horse at midnight in Hong Kong (16:00 UTC the day before).
    expect(drawYearAnimal(new Date('2026-02-16T15:59:59Z'))).toBe('SNAKE');
    expect(drawYearAnimal(new Date('2026-02-16T16:00:00Z'))).toBe('HORSE');
    expect(drawYearAnimal(new Date('2026-01-05T13:30:00Z'))).toBe('SNAKE');
    expect(drawYearAnimal(new Date('2026-11-23T13:30:00Z'))).toBe('HORSE');
    expect(lunarYearOf(new Date('2027-02-05T13:30:00Z'))).toBe(2026);
    expect(drawYearAnimal(new Date('2027-02-06T13:30:00Z'))).toBe('GOAT');
  });

  it('knows the published years: 2008 rat, 2020 rat, 2024 dragon, 2033 on 31 January', () => {
    expect(drawYearAnimal(new Date('2008-02-07T12:00:00Z'))).toBe('RAT');
    expect(drawYearAnimal(new Date('2020-01-25T12:00:00Z'))).toBe('RAT');
    expect(drawYearAnimal(new Date('2024-02-10T12:00:00Z'))).toBe('DRAGON');
    expect(lunarNewYear(2033)).toBe('2033-01-31');
  });

  // ICU computes the Chinese calendar too (a day off in 2027 and 2030, where the new moon is within
  // minutes of midnight in Beijing): the table agrees with it everywhere else.
  it('agrees with the Chinese calendar of Intl where it is right', () => {
    const chinese = new Intl.DateTimeFormat('en-u-ca-chinese', { month: 'numeric', day: 'numeric', timeZone: 'Asia/Shanghai' });
    if (chinese.resolvedOptions().calendar !== 'chinese') return;
    for (let year = 2000; year <= 2100; year++) {
      if (year === 2027 || year === 2030) continue;
      const noon = new Date(`${lunarNewYear(year)}T12:00:00+08:00`);
      const parts = chinese.formatToParts(noon);
      expect(`${parts.find((p) => p.type === 'month')?.value}/${parts.find((p) => p.type === 'day')?.value}`, String(year)).toBe('1/1');
      expect(lunarYearOf(new Date(noon.getTime() - 86_400_000)), String(year)).toBe(year - 1);
    }
    expect(lunarNewYear(2027)).toBe('2027-02-06');
    expect(lunarNewYear(2030)).toBe('2030-02-03');
  });

  it('gives the year animal to Mark Six draws only', () => {
    expect(drawContextOf('LHC', new Date('2026-11-23T13:30:00Z'))).toEqual({ yearAnimal: 'HORSE' });
    expect(drawContextOf('SSC', new Date('2026-11-23T13:30:00Z'))).toEqual({});
  });

  it('refuses dates outside its table', () => {
    expect(() => lunarYearOf(new Date('2101-06-01T00:00:00Z'))).toThrow(RangeError);
  });
});
