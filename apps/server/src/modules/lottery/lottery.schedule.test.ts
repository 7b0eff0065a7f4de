import { describe, expect, it } from 'vitest';
import { drawsBetween, longestGapMs } from './lottery.schedule.ts';

describe('draw schedules', () => {
  it('numbers a fast game’s draws by local day and sequence, each opening at the previous draw', () => {
    const every5 = { kind: 'interval' as const, seconds: 300, utcOffsetMinutes: 420 };
    // 16:58 UTC is 23:58 in Hanoi: the day's last draws, then the next day's first.
    const slots = drawsBetween(every5, new Date('2026-11-23T16:50:00Z'), new Date('2026-11-23T17:10:00Z'));
    expect(slots.map((s) => s.issue)).toEqual(['20261123-0287', '20261123-0288', '20261124-0001', '20261124-0002']);
    expect(slots[2]?.drawAt.toISOString()).toBe('2026-11-23T17:05:00.000Z');
    expect(slots[2]?.opensAt.toISOString()).toBe('2026-11-23T17:00:00.000Z');
    expect(slots[1]?.drawAt.toISOString()).toBe('2026-11-23T17:00:00.000Z');
  });

  it('draws every minute 1440 times a day', () => {
    const everyMinute = { kind: 'interval' as const, seconds: 60, utcOffsetMinutes: 0 };
    const day = drawsBetween(everyMinute, new Date('2026-11-23T00:00:00Z'), new Date('2026-11-24T00:00:00Z'));
    expect(day).toHaveLength(1440);
    expect(day.at(-1)?.issue).toBe('20261123-1440');
  });

  it('places official draws at their local times', () => {
    const north = { kind: 'daily' as const, times: ['18:15'], utcOffsetMinutes: 420 };
    const slots = drawsBetween(north, new Date('2026-11-23T00:00:00Z'), new Date('2026-11-25T00:00:00Z'));
    expect(slots.map((s) => [s.issue, s.drawAt.toISOString()])).toEqual([
      ['20261123', '2026-11-23T11:15:00.000Z'],
      ['20261124', '2026-11-24T11:15:00.000Z'],
    ]);
    expect(slots[1]?.opensAt.toISOString()).toBe('2026-11-23T11:15:00.000Z');
    const twice = { kind: 'daily' as const, times: ['21:30', '13:00'], utcOffsetMinutes: 480 };
    expect(drawsBetween(twice, new Date('2026-11-23T00:00:00Z'), new Date('2026-11-23T16:00:00Z')).map((s) => s.issue)).toEqual([
      '20261123-1',
      '20261123-2',
    ]);
  });

  it('draws a province on its local weekdays only, numbered by the local date, each opening at its previous draw', () => {
    // TP.HCM: Monday and Saturday at 16:15 in Hanoi. 2026-11-23 is a Monday.
    const hcm = { kind: 'weekly' as const, days: [1, 6], time: '16:15', utcOffsetMinutes: 420 };
    const slots = drawsBetween(hcm, new Date('2026-11-23T00:00:00Z'), new Date('2026-12-07T00:00:00Z'));
    expect(slots.map((s) => [s.issue, s.drawAt.toISOString(), s.opensAt.toISOString()])).toEqual([
      // Opens at the Saturday before, across the week.
      ['20261123', '2026-11-23T09:15:00.000Z', '2026-11-21T09:15:00.000Z'],
      ['20261128', '2026-11-28T09:15:00.000Z', '2026-11-23T09:15:00.000Z'],
      ['20261130', '2026-11-30T09:15:00.000Z', '2026-11-28T09:15:00.000Z'],
      ['20261205', '2026-12-05T09:15:00.000Z', '2026-11-30T09:15:00.000Z'],
    ]);
    expect(longestGapMs(hcm)).toBe(5 * 86_400_000);
  });

  it('opens a once-a-week draw a week before, and reads the weekday in local time', () => {
    // Sunday 06:00 in Hanoi is Saturday 23:00 UTC: the issue is the local Sunday.
    const early = { kind: 'weekly' as const, days: [0], time: '06:00', utcOffsetMinutes: 420 };
    const slots = drawsBetween(early, new Date('2026-11-20T00:00:00Z'), new Date('2026-12-05T00:00:00Z'));
    expect(slots.map((s) => [s.issue, s.drawAt.toISOString(), s.opensAt.toISOString()])).toEqual([
      ['20261122', '2026-11-21T23:00:00.000Z', '2026-11-14T23:00:00.000Z'],
      ['20261129', '2026-11-28T23:00:00.000Z', '2026-11-21T23:00:00.000Z'],
    ]);
    expect(longestGapMs(early)).toBe(7 * 86_400_000);
    // Only the draws after `from`: the Monday draw of 16:15 is past at 16:16.
    const monday = { kind: 'weekly' as const, days: [1], time: '16:15', utcOffsetMinutes: 420 };
    expect(drawsBetween(monday, new Date('2026-11-23T09:16:00Z'), new Date('2026-11-30T09:15:00Z')).map((s) => s.issue)).toEqual([
      '20261130',
    ]);
  });
});
