import { describe, expect, it } from 'vitest';
import { pagerItems } from './pagination.ts';

describe('pagerItems', () => {
  it('clamps the selected page to 1..pageCount', () => {
    expect(pagerItems(0, 5).page).toBe(1);
    expect(pagerItems(9, 5).page).toBe(5);
    expect(pagerItems(Number.NaN, 5).page).toBe(1);
    expect(pagerItems(3, 0).page).toBe(1);
  });

  it('shows a range of 3 around the current page and 1 margin page at each end', () => {
    expect(pagerItems(1, 10).items).toEqual([1, 2, 3, null, 10]);
    expect(pagerItems(5, 10).items).toEqual([1, null, 4, 5, 6, null, 10]);
    expect(pagerItems(10, 10).items).toEqual([1, null, 8, 9, 10]);
    expect(pagerItems(2, 3).items).toEqual([1, 2, 3]);
  });
});
