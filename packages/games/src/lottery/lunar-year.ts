/**
 * The lunar year of a draw. Mark Six 生肖 follow the year that starts at Lunar New Year (春节, the
 * first day of the first month of the Chinese calendar, in China time), not on 1 January: a draw on
 * 10 February 2026 is still in the year of the snake, one on 17 February in the year of the horse.
 */
import { type ZodiacAnimal, zodiacYearAnimal } from './mark-six.ts';
import type { DrawContext } from './play.ts';

const firstYear = 2000;

// Lunar New Year of 2000 to 2100 as MMDD, China time (UTC+8). Taken from ICU's Chinese calendar, except
// 2027 and 2030 where ICU is a day off: the new moon falls at 23:56 on 6 February 2027 and at 00:07 on
// 3 February 2030, Beijing time (Meeus, chapter 49), so those years start on 6 and 3 February.
const newYearDays = [
  '0205 0124 0212 0201 0122 0209 0129 0218 0207 0126',
  '0214 0203 0123 0210 0131 0219 0208 0128 0216 0205',
  '0125 0212 0201 0122 0210 0129 0217 0206 0126 0213',
  '0203 0123 0211 0131 0219 0208 0128 0215 0204 0124',
  '0212 0201 0122 0210 0130 0217 0206 0126 0214 0202',
  '0123 0211 0201 0219 0208 0128 0215 0204 0124 0212',
  '0202 0121 0209 0129 0217 0205 0126 0214 0203 0123',
  '0211 0131 0219 0207 0127 0215 0205 0124 0212 0202',
  '0122 0209 0129 0217 0206 0126 0214 0203 0124 0210',
  '0130 0218 0207 0127 0215 0205 0125 0212 0201 0121',
  '0209',
]
  .join(' ')
  .split(' ');

const chinaOffsetMs = 8 * 3_600_000;
const two = (n: number) => String(n).padStart(2, '0');

/** Lunar New Year of a Gregorian year (2000–2100) as yyyy-mm-dd, China time. */
export function lunarNewYear(year: number): string {
  const day = newYearDays[year - firstYear];
  if (!Number.isInteger(year) || day === undefined) throw new RangeError(`lunarNewYear: no table for ${year}`);
  return `${year}-${day.slice(0, 2)}-${day.slice(2)}`;
}

/** The lunar year an instant falls in, named by the Gregorian year it starts in (2000–2100). */
export function lunarYearOf(at: Date): number {
  const local = new Date(at.getTime() + chinaOffsetMs);
  const year = local.getUTCFullYear();
  const date = `${year}-${two(local.getUTCMonth() + 1)}-${two(local.getUTCDate())}`;
  return date >= lunarNewYear(year) ? year : year - 1;
}

/** Animal of the lunar year of a draw at `drawAt`: the one that owns five numbers (1, 13, 25, 37, 49). */
export function drawYearAnimal(drawAt: Date): ZodiacAnimal {
  return zodiacYearAnimal(lunarYearOf(drawAt));
}

/**
 * What selections of a game (family code) depend on for the draw at `drawAt` (the Mark Six year animal): the same
 * on the site that builds a selection and on the server that checks and settles it.
 */
export function drawContextOf(game: string, drawAt: Date): DrawContext {
  return game === 'LHC' ? { yearAnimal: drawYearAnimal(drawAt) } : {};
}
