import { describe, expect, it } from 'vitest';
import { presetRange, startOfLocalDay, zoneOffsetMs } from './time.ts';

describe('local days of a merchant', () => {
  it('starts the day at local midnight', () => {
    const at = new Date('2026-11-23T02:30:00Z'); // 23:30 the day before in São Paulo (UTC-3)
    expect(zoneOffsetMs('America/Sao_Paulo', at)).toBe(-3 * 3_600_000);
    expect(startOfLocalDay('America/Sao_Paulo', at).toISOString()).toBe('2026-11-22T03:00:00.000Z');
    expect(startOfLocalDay('Africa/Dakar', at).toISOString()).toBe('2026-11-23T00:00:00.000Z');
  });

  it('starts the day at local midnight on days the clocks change', () => {
    // Paris: 02:00 became 03:00 on 29 March 2026 and 03:00 becomes 02:00 on 25 October 2026.
    expect(startOfLocalDay('Europe/Paris', new Date('2026-03-29T12:00:00Z')).toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(startOfLocalDay('Europe/Paris', new Date('2026-10-25T12:00:00Z')).toISOString()).toBe('2026-10-24T22:00:00.000Z');
  });

  it('turns presets into ranges that end after today', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    expect(presetRange('today', 'UTC', {}, now)).toEqual({ from: new Date('2026-11-23T00:00:00Z'), to: new Date('2026-11-24T00:00:00Z') });
    expect(presetRange('yesterday', 'UTC', {}, now).from).toEqual(new Date('2026-11-22T00:00:00Z'));
    expect(presetRange('past7', 'UTC', {}, now).from).toEqual(new Date('2026-11-17T00:00:00Z'));
    expect(presetRange('past30', 'UTC', {}, now).from).toEqual(new Date('2026-10-25T00:00:00Z'));
    const custom = presetRange('custom', 'UTC', { from: 0, to: now.getTime() }, now);
    expect(custom.to.getTime() - custom.from.getTime()).toBe(93 * 86_400_000);
  });
});
