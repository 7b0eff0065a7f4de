const DAY = 86_400_000;

/** How far the wall clock of a time zone is ahead of UTC at an instant, in ms. */
export function zoneOffsetMs(timeZone: string, at: Date): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return wall - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant the local day containing `at` began in a time zone. */
export function startOfLocalDay(timeZone: string, at: Date): Date {
  const wallMidnight = Math.floor((at.getTime() + zoneOffsetMs(timeZone, at)) / DAY) * DAY;
  // The offset at midnight is not the offset at \`at\` on a day the clocks change.
  const guess = wallMidnight - zoneOffsetMs(timeZone, at);
  return new Date(wallMidnight - zoneOffsetMs(timeZone, new Date(guess)));
}

/**
 * The [from, to) range of a date preset in the merchant's time zone: today, yesterday, the past 7 or
 * 30 days (today included), or a custom range given in ms (to inclusive of its whole day's end when
 * it is a day start). A custom range is clamped to 93 days so one query cannot scan a whole ledger.
 */
export function presetRange(
  preset: 'today' | 'yesterday' | 'past7' | 'past30' | 'custom',
  timeZone: string,
  custom: { from?: number; to?: number } = {},
  now = new Date(),
): { from: Date; to: Date } {
  const today = startOfLocalDay(timeZone, now).getTime();
  switch (preset) {
    case 'today':
      return { from: new Date(today), to: new Date(today + DAY) };
    case 'yesterday':
      return { from: new Date(today - DAY), to: new Date(today) };
    case 'past7':
      return { from: new Date(today - 6 * DAY), to: new Date(today + DAY) };
    case 'past30':
      return { from: new Date(today - 29 * DAY), to: new Date(today + DAY) };
    default: {
      const to = custom.to ?? today + DAY;
      const from = Math.max(custom.from ?? to - 7 * DAY, to - 93 * DAY);
      return { from: new Date(Math.min(from, to)), to: new Date(to) };
    }
  }
}
