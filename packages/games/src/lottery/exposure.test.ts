import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { drawResult, playTypes } from './games.ts';
import { markSixPlays } from './mark-six.ts';
import { testBytes } from './play-oracle.ts';
import { sscPlays } from './ssc.ts';
import { maxTicketPayout, numberExposure, settle } from './stake.ts';
import { vietnamPlays } from './vietnam.ts';

const numberPlays = playTypes.filter((p) => p.numbers);

describe('number exposure', () => {
  it('covers the plays that bet on single numbers, and no play of combinations', () => {
    const ids = numberPlays.map((p) => p.id);
    for (const id of [
      'SSC_ANY_POSITION',
      'PK10_POSITION',
      'LHC_SPECIAL',
      'VN_NORTH_DE',
      'VN_NORTH_LO2',
      'VN_SOUTH_CANG3',
      'VN_NORTH_HEAD',
    ]) {
      expect(ids).toContain(id);
    }
    for (const id of ['SSC_5_DIRECT', 'VN_NORTH_XIEN2', 'LHC_SPECIAL_TWO_SIDED', 'PK10_TOP2_DIRECT']) expect(ids).not.toContain(id);
  });

  it('names one distinct number per 注, and a ticket pays what its winning numbers are exposed for', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...numberPlays),
        fc.integer({ min: 0, max: 2 ** 31 }),
        fc.integer({ min: 1, max: 20 }),
        (play, seed, multiple) => {
          const bytes = testBytes(seed);
          const selection = play.quickPick(bytes);
          const keys = play.numbers?.(selection) ?? [];
          expect(keys.length).toBe(play.betCount(selection));
          expect(new Set(keys).size).toBe(keys.length);
          const stake = { unit: 100, multiple };
          const exposure = numberExposure(play, selection, stake, 'SEA');
          const each = exposure?.get(keys[0] as string) ?? 0;
          const result = drawResult(play.game, bytes);
          const s = settle(play, selection, result, stake, 'SEA');
          // Rounding is once per ticket in settle, once per number here.
          expect(s.payout).toBeGreaterThanOrEqual(s.wins * each);
          expect(s.payout).toBeLessThanOrEqual(s.wins * (each + 1));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('keys numbers by position where the position matters', () => {
    const exposure = numberExposure(
      sscPlays.SSC_ANY_POSITION,
      { positions: [[7], [], [7, 1], [], []] },
      { unit: 100, multiple: 1 },
      'Lott',
    );
    expect([...(exposure?.keys() ?? [])].sort()).toEqual(['0:7', '2:1', '2:7']);
    // 1/10 at prize group 1960: 2 units pay 19.6, so 1.00 unit pays 19.60 → 1960 fen.
    expect(exposure?.get('0:7')).toBe(1960);
    expect(numberExposure(markSixPlays.LHC_SPECIAL, { numbers: [12, 49] }, { unit: 100, multiple: 2 }, 'SEA')?.get('49')).toBeGreaterThan(
      0,
    );
    expect(numberExposure(vietnamPlays.VN_NORTH_XIEN2, { numbers: [1, 2] }, { unit: 1000, multiple: 1 }, 'SEA')).toBeUndefined();
  });

  it('bounds every ticket: no result pays more than its maximum (lô: per occurrence)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...playTypes),
        fc.integer({ min: 0, max: 2 ** 31 }),
        fc.integer({ min: 1, max: 50 }),
        (play, seed, multiple) => {
          const bytes = testBytes(seed);
          const selection = play.quickPick(bytes, { yearAnimal: 'HORSE' });
          const stake = { unit: 100, multiple };
          const most = maxTicketPayout(play, selection, stake, 'SEA');
          const perOccurrence = /_LO\d$/.test(play.id);
          for (let i = 0; i < 5; i++) {
            const s = settle(play, selection, drawResult(play.game, bytes), stake, 'SEA');
            const occurrences = perOccurrence ? Math.max(1, s.wins - play.betCount(selection) + 1) : 1;
            expect(s.payout).toBeLessThanOrEqual(most * occurrences);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
