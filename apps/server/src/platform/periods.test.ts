import { describe, expect, it } from 'vitest';
import { endedPeriods, periodAt } from './periods.ts';

describe('periods', () => {
  it('cuts days at the time zone’s midnight, across a change of clocks', () => {
    const day = periodAt('day', 'America/Sao_Paulo', new Date('2026-03-11T02:00:00Z'));
    expect(day).toEqual({ key: '2026-03-10', start: new Date('2026-03-10T03:00:00Z'), end: new Date('2026-03-11T03:00:00Z') });
    // Central Europe moves its clocks on 29 March 2026: that day has 23 hours.
    const short = periodAt('day', 'Europe/Paris', new Date('2026-03-29T12:00:00Z'));
    expect(short.end.getTime() - short.start.getTime()).toBe(23 * 3_600_000);
    expect(short.start).toEqual(new Date('2026-03-28T23:00:00Z'));
  });

  it('names ISO weeks by their week-year, and months by their local month', () => {
    expect(periodAt('week', 'UTC', new Date('2027-01-01T12:00:00Z'))).toMatchObject({
      key: '2026-W53',
      start: new Date('2026-12-28T00:00:00Z'),
      end: new Date('2027-01-04T00:00:00Z'),
    });
    expect(periodAt('month', 'Africa/Dakar', new Date('2026-11-30T23:30:00Z')).key).toBe('2026-11');
    expect(periodAt('month', 'Asia/Tokyo', new Date('2026-11-30T23:30:00Z')).key).toBe('2026-12');
    expect(periodAt('hour', 'UTC', new Date('2026-11-25T14:59:59Z')).key).toBe('2026-11-25T14');
  });

  it('lists the periods that have ended, oldest first, each following the last', () => {
    const days = endedPeriods('day', 'America/Sao_Paulo', new Date('2026-11-25T12:00:00Z'), 3);
    expect(days.map((p) => p.key)).toEqual(['2026-11-22', '2026-11-23', '2026-11-24']);
    for (let i = 1; i < days.length; i++) expect(days[i]?.start).toEqual(days[i - 1]?.end);
  });
});
