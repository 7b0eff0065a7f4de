/**
 * When a lottery game draws, as data: every N seconds from local midnight (fast games), at fixed
 * local times each day (official draws), or at one local time on some weekdays (a Vietnamese
 * province: days 0 = Sunday ... 6 = Saturday). Local time is a fixed UTC offset: the markets we serve
 * (Vietnam, Hong Kong, Brazil, West Africa) keep no daylight saving time.
 */
export type Schedule =
  | { kind: 'interval'; seconds: number; utcOffsetMinutes: number }
  | { kind: 'daily'; times: string[]; utcOffsetMinutes: number }
  | { kind: 'weekly'; days: number[]; time: string; utcOffsetMinutes: number };

export interface DrawSlot {
  /** The draw's number: local date and, for fast games, its sequence in the day (20261123-0421). */
  issue: string;
  /** When betting on it opens: the previous draw of the game. */
  opensAt: Date;
  drawAt: Date;
}

const DAY_MS = 86_400_000;
const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** Local calendar date (as yyyymmdd) and the UTC instant of that local midnight. */
function localDay(at: Date, offsetMinutes: number): { stamp: string; midnight: number } {
  const local = new Date(at.getTime() + offsetMinutes * 60_000);
  const stamp = `${local.getUTCFullYear()}${pad(local.getUTCMonth() + 1, 2)}${pad(local.getUTCDate(), 2)}`;
  const midnight = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) - offsetMinutes * 60_000;
  return { stamp, midnight };
}

/** The local weekday (0 = Sunday) of a local midnight given as its UTC instant. */
const weekdayOf = (midnight: number, offsetMinutes: number) => new Date(midnight + offsetMinutes * 60_000).getUTCDay();

/** The longest time between two consecutive draws of a schedule. */
export function longestGapMs(schedule: Schedule): number {
  if (schedule.kind === 'interval') return schedule.seconds * 1000;
  if (schedule.kind === 'daily') return DAY_MS;
  const days = [...new Set(schedule.days)].sort((a, b) => a - b);
  if (days.length === 0) throw new RangeError('schedule: a weekly schedule needs a day');
  return Math.max(...days.map((d, i) => ((i + 1 < days.length ? (days[i + 1] as number) : (days[0] as number) + 7) - d) * DAY_MS));
}

function dailyMinutes(times: string[]): number[] {
  return times
    .map((t) => {
      const m = /^(\d{2}):(\d{2})$/.exec(t);
      if (!m) throw new RangeError(`schedule: bad time ${t}`);
      return Number(m[1]) * 60 + Number(m[2]);
    })
    .sort((a, b) => a - b);
}

/** The draws of a schedule whose draw time falls in (from, to], in order. */
export function drawsBetween(schedule: Schedule, from: Date, to: Date): DrawSlot[] {
  const out: DrawSlot[] = [];
  // Start a day early so the first draw after `from` knows when it opened.
  for (let day = localDay(new Date(from.getTime() - DAY_MS), schedule.utcOffsetMinutes).midnight; day <= to.getTime(); day += DAY_MS) {
    const { stamp } = localDay(new Date(day), schedule.utcOffsetMinutes);
    if (schedule.kind === 'interval') {
      const perDay = Math.floor(86_400 / schedule.seconds);
      for (let k = 1; k <= perDay; k++) {
        const drawAt = day + k * schedule.seconds * 1000;
        if (drawAt <= from.getTime() || drawAt > to.getTime()) continue;
        out.push({ issue: `${stamp}-${pad(k, 4)}`, opensAt: new Date(drawAt - schedule.seconds * 1000), drawAt: new Date(drawAt) });
      }
    } else if (schedule.kind === 'weekly') {
      const [minute] = dailyMinutes([schedule.time]) as [number];
      if (!schedule.days.includes(weekdayOf(day, schedule.utcOffsetMinutes))) continue;
      const drawAt = day + minute * 60_000;
      if (drawAt <= from.getTime() || drawAt > to.getTime()) continue;
      // Betting on a draw opens at the game's previous draw, up to a week before.
      let back = 1;
      while (back < 7 && !schedule.days.includes(weekdayOf(day - back * DAY_MS, schedule.utcOffsetMinutes))) back++;
      out.push({ issue: stamp, opensAt: new Date(drawAt - back * DAY_MS), drawAt: new Date(drawAt) });
    } else {
      const minutes = dailyMinutes(schedule.times);
      minutes.forEach((m, i) => {
        const drawAt = day + m * 60_000;
        if (drawAt <= from.getTime() || drawAt > to.getTime()) return;
        const previous =
          i > 0 ? day + (minutes[i - 1] as number) * 60_000 : day - DAY_MS + (minutes[minutes.length - 1] as number) * 60_000;
        out.push({ issue: minutes.length > 1 ? `${stamp}-${i + 1}` : stamp, opensAt: new Date(previous), drawAt: new Date(drawAt) });
      });
    }
  }
  return out;
}
