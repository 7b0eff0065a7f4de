import { describe, expect, it } from 'vitest';
import { cellOf, emptySheet, prizesOf, regionOf, sheetProblems, sheetResult } from './result-form.ts';

describe('the official result sheet', () => {
  it('lays out the 27 numbers of the North and the 18 of the South, special prize first', () => {
    expect(prizesOf('NORTH').reduce((n, p) => n + p.count, 0)).toBe(27);
    expect(prizesOf('SOUTH').reduce((n, p) => n + p.count, 0)).toBe(18);
    expect(prizesOf('NORTH')[0]).toEqual({ prize: 'DB', count: 1, digits: 5 });
    expect(prizesOf('SOUTH')[0]).toEqual({ prize: 'DB', count: 1, digits: 6 });
    expect(prizesOf('NORTH').some((p) => p.prize === 'G8')).toBe(false);
    expect(regionOf('VN_SOUTH')).toBe('SOUTH');
    expect(regionOf('SSC')).toBeNull();
  });

  it('names each wrong number at its own cell, and gives the result only when every number fits', () => {
    const sheet = emptySheet('NORTH');
    for (const { prize, count, digits } of prizesOf('NORTH'))
      for (let i = 0; i < count; i++) sheet[prize][i] = String(i).padStart(digits, '0');
    expect(sheetProblems('NORTH', sheet)).toEqual({});
    expect(sheetResult('NORTH', sheet)?.G7).toEqual(['00', '01', '02', '03']);

    sheet.DB[0] = '1234';
    sheet.G7[3] = '7a';
    sheet.G6[1] = '';
    expect(sheetProblems('NORTH', sheet)).toEqual({
      [cellOf('DB', 0)]: { key: 'lotteryResults.digits', digits: 5 },
      [cellOf('G7', 3)]: { key: 'lotteryResults.digits', digits: 2 },
      [cellOf('G6', 1)]: { key: 'lotteryResults.required', digits: 3 },
    });
    expect(sheetResult('NORTH', sheet)).toBeNull();
  });
});
