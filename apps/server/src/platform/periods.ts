import { startOfLocalDay, zoneOffsetMs } from './time.ts';

/** How often a period job runs: once per hour (UTC hours), day, ISO week or month of its time zone. */
export type Every = 'hour' | 'day' | 'week' | 'month';

/** A period: its key (stable, and sorting in time order), and the instants it spans, [start, end). */
export interface Period {
  key: string;
  start: Date;
  end: Date;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The wall-clock date of an instant in a time zone. */
function localDate(timeZone: string, at: Date): { y: number; m: number; d: number } {
  const wall = new Date(at.getTime() + zoneOffsetMs(timeZone, at));
  return { y: wall.getUTCFullYear(), m: wall.getUTCMonth(), d: wall.getUTCDate() };
}

/** The instant a local calendar date begins in a time zone (DST-safe: found from noon of that date). */
function localMidnight(timeZone: string, y: number, m: number, d: number): Date {
  const noon = new Date(Date.UTC(y, m, d, 12));
  return startOfLocalDay(timeZone, new Date(noon.getTime() - zoneOffsetMs(timeZone, noon)));
}

/** ISO 8601 week of a calendar date: its week-year, week number and Monday. */
function isoWeek(y: number, m: number, d: number): { year: number; week: number; monday: { y: number; m: number; d: number } } {
  const date = new Date(Date.UTC(y, m, d));
  const weekday = (date.getUTCDay() + 6) % 7;
  const monday = new Date(date.getTime() - weekday * DAY);
  const thursday = new Date(monday.getTime() + 3 * DAY);
  const year = thursday.getUTCFullYear();
  const week = 1 + Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * DAY));
  return { year, week, monday: { y: monday.getUTCFullYear(), m: monday.getUTCMonth(), d: monday.getUTCDate() } };
}

/** The period of `every` in `timeZone` that contains the instant `at`. */
export function periodAt(every: Every, timeZone: string, at: Date): Period {
  if (every === 'hour') {
    const start = new Date(Math.floor(at.getTime() / HOUR) * HOUR);
    const key = `${start.getUTCFullYear()}-${pad(start.getUTCMonth() + 1)}-${pad(start.getUTCDate())}T${pad(start.getUTCHours())}`;
    return { key, start, end: new Date(start.getTime() + HOUR) };
  }
  const { y, m, d } = localDate(timeZone, at);
  if (every === 'day') {
    return { key: `${y}-${pad(m + 1)}-${pad(d)}`, start: localMidnight(timeZone, y, m, d), end: localMidnight(timeZone, y, m, d + 1) };
  }
  if (every === 'week') {
    const { year, week, monday } = isoWeek(y, m, d);
    return {
      key: `${year}-W${pad(week)}`,
      start: localMidnight(timeZone, monday.y, monday.m, monday.d),
      end: localMidnight(timeZone, monday.y, monday.m, monday.d + 7),
    };
  }
  return { key: `${y}-${pad(m + 1)}`, start: localMidnight(timeZone, y, m, 1), end: localMidnight(timeZone, y, m + 1, 1) };
}

/** The period just before `period`. */
export function previousPeriod(every: Every, timeZone: string, period: Period): Period {
  return periodAt(every, timeZone, new Date(period.start.getTime() - 1));
}

/** The last `count` periods that have ended by `now`, oldest first. */
export function endedPeriods(every: Every, timeZone: string, now: Date, count: number): Period[] {
  const periods: Period[] = [];
  let p = previousPeriod(every, timeZone, periodAt(every, timeZone, now));
  for (let i = 0; i < count; i++) {
    periods.unshift(p);
    p = previousPeriod(every, timeZone, p);
  }
  return periods;
}
