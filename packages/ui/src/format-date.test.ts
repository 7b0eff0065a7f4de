import { describe, expect, it } from 'vitest';
import { formatDate } from './format-date.ts';

describe('formatDate', () => {
  const at = new Date(2026, 0, 5, 21, 7, 9).getTime();

  it('formats with the notice pattern yyyy-MM-dd hh:mm:ss on a 24-hour clock', () => {
    expect(formatDate(at, 'yyyy-MM-dd hh:mm:ss')).toBe('2026-01-05 21:07:09');
  });

  it('defaults to yyyy-MM-dd HH:mm:ss and supports shorter patterns', () => {
    expect(formatDate(at)).toBe('2026-01-05 21:07:09');
    expect(formatDate(at, 'yyyy-MM-dd')).toBe('2026-01-05');
  });
});
