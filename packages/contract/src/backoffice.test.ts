import { describe, expect, it } from 'vitest';
import { backofficeRowCap, countLimitOf, memberSearchQuerySchema, withdrawalQueuePageQuerySchema } from './backoffice.ts';

describe('back-office paging', () => {
  it('counts a thousand rows past the page, never past the deepest row a list reaches', () => {
    expect(countLimitOf(0, 50)).toBe(1_050);
    expect(countLimitOf(10, 100)).toBe(2_100);
    expect(countLimitOf(199, 50)).toBe(backofficeRowCap);
  });

  it('refuses a page past the cap at the page field', () => {
    expect(memberSearchQuerySchema.safeParse({ page: '199', pageSize: '50' }).success).toBe(true);
    const deep = withdrawalQueuePageQuerySchema.safeParse({ page: '400', pageSize: '500' });
    expect(deep.success).toBe(false);
    expect(deep.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['page', 'validation.too_big']]);
  });
});
