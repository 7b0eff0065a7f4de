import { describe, expect, it } from 'vitest';
import { instantOf, localInputOf } from './banner-form.ts';

describe('the banner schedule inputs', () => {
  it('go from an instant to the input and back to the same minute, empty meaning no limit', () => {
    const at = new Date(2026, 11, 24, 18, 30).getTime();
    expect(localInputOf(at)).toBe('2026-12-24T18:30');
    expect(instantOf(localInputOf(at))).toBe(at);
    expect(localInputOf(null)).toBe('');
    expect(instantOf('')).toBeNull();
    expect(instantOf('tomorrow')).toBeNaN();
  });
});
