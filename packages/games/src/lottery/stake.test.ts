import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { drawResult, playTypes } from './games.ts';
import { markSixPlays } from './mark-six.ts';
import { betPrice, type PrizeModeConfig, prizeModes, seededPrizeModes } from './odds.ts';
import { testBytes } from './play-oracle.ts';
import { addRatio, floorRatio, mulRatio, ratio } from './ratio.ts';
import { sscPlays } from './ssc.ts';
import { chaseCancellations, chasePlan, orderAmount, payout, settle, stakeUnits, validateStake } from './stake.ts';
import { vietnamPlays } from './vietnam.ts';

const sscWin = [1, 2, 3, 4, 5];

describe('order amount', () => {
  it('is 注数 × 2 × unit × multiple for official plays', () => {
    const selection = { positions: [[1, 2], [3], [4, 5, 6], [7], [8, 9]] };
    expect(orderAmount(sscPlays.SSC_5_DIRECT, selection, { unit: stakeUnits.JIAO, multiple: 3 }, 'Lott')).toBe(12 * 2 * 10 * 3);
    expect(orderAmount(sscPlays.SSC_5_DIRECT, selection, { unit: stakeUnits.FEN, multiple: 1 }, 'Lott')).toBe(24);
  });

  it('is the point price for Vietnamese plays: North lô costs 23 units a point', () => {
    expect(orderAmount(vietnamPlays.VN_NORTH_LO2, { numbers: [7, 42] }, { unit: 1000, multiple: 5 }, 'SEA')).toBe(2 * 23 * 1000 * 5);
  });

  it('refuses stakes that are not positive integers', () => {
    expect(validateStake({ unit: 100, multiple: 1 })).toBeNull();
    for (const bad of [{ unit: 0, multiple: 1 }, { unit: 1.5, multiple: 1 }, { unit: 1, multiple: 0 }, { unit: 1, multiple: 1e9 }, null]) {
      expect(validateStake(bad)).not.toBeNull();
    }
    expect(() => orderAmount(sscPlays.SSC_5_DIRECT, { positions: [[1], [2], [3], [4], [5]] }, { unit: 1, multiple: 0.5 }, 'Lott')).toThrow(
      RangeError,
    );
  });
});

describe('payout', () => {
  it('rounds down once per ticket: 组三 at 1960 pays 653.33 → 653 fen, but 3 multiples pay 1960 exactly', () => {
    const selection = { digits: [4, 5] };
    const result = [0, 0, 4, 5, 5];
    expect(payout(sscPlays.SSC_3_GROUP3_BACK, selection, result, { unit: stakeUnits.FEN, multiple: 1 }, 'Lott')).toBe(653);
    expect(payout(sscPlays.SSC_3_GROUP3_BACK, selection, result, { unit: stakeUnits.FEN, multiple: 3 }, 'Lott')).toBe(1960);
    expect(payout(sscPlays.SSC_3_GROUP3_BACK, selection, result, { unit: stakeUnits.YUAN, multiple: 1 }, 'Lott')).toBe(65_333);
  });

  it('pays nothing on a loss and every winning 注 on a win', () => {
    expect(payout(sscPlays.SSC_ANY_POSITION, { positions: [[0], [0], [0], [0], [0]] }, sscWin, { unit: 100, multiple: 1 }, 'Lott')).toBe(0);
    // Two positions hit: 2 × 19.6 units.
    expect(payout(sscPlays.SSC_ANY_POSITION, { positions: [[1], [2], [0], [0], [0]] }, sscWin, { unit: 100, multiple: 1 }, 'Lott')).toBe(
      3920,
    );
  });

  it('pays Vietnamese lô per occurrence at the point rate', () => {
    const result = drawResult('VN_NORTH', testBytes(3));
    const rigged = { ...result, G7: ['42', '42', '00', '01'] };
    const hits = vietnamPlays.VN_NORTH_LO2.winCount({ numbers: [42] }, rigged);
    expect(payout(vietnamPlays.VN_NORTH_LO2, { numbers: [42] }, rigged, { unit: 1000, multiple: 1 }, 'SEA')).toBe(hits * 80 * 1000);
  });

  it('refunds two-sided Mark Six bets when the special number is 49', () => {
    const result = { numbers: [1, 2, 3, 4, 5, 6], special: 49 };
    const settled = settle(markSixPlays.LHC_SPECIAL_TWO_SIDED, { attributes: ['BIG', 'ODD'] }, result, { unit: 100, multiple: 2 }, 'Lott');
    expect(settled).toEqual({ wins: 0, pushes: 2, payout: 400, capped: false });
    // 48 is big and even: BIG wins at 1.97, ODD loses.
    expect(
      payout(
        markSixPlays.LHC_SPECIAL_TWO_SIDED,
        { attributes: ['BIG', 'ODD'] },
        { ...result, special: 48 },
        { unit: 100, multiple: 2 },
        'Lott',
      ),
    ).toBe(394);
  });

  it('stops at the mode cap and says so', () => {
    const capped: PrizeModeConfig = { ...seededPrizeModes.Lott, maxPayout: 1_000_000 };
    const settled = settle(sscPlays.SSC_5_DIRECT, { positions: sscWin.map((d) => [d]) }, sscWin, { unit: 100, multiple: 10 }, capped);
    expect(settled).toEqual({ wins: 1, pushes: 0, payout: 1_000_000, capped: true });
  });

  it('is a whole number of minor units, within the cap and the exact prize, for any play, selection, result and stake', () => {
    const capped: PrizeModeConfig = { ...seededPrizeModes.Elott, maxPayout: 5_000_000 };
    fc.assert(
      fc.property(
        fc.constantFrom(...playTypes),
        fc.integer({ min: 1, max: 2 ** 31 }),
        fc.constantFrom(1, 10, 100, 1000),
        fc.integer({ min: 1, max: 10_000 }),
        fc.constantFrom<PrizeModeConfig | (typeof prizeModes)[number]>(...prizeModes, capped),
        (play, seed, unit, multiple, mode) => {
          const rb = testBytes(seed);
          const selection = play.quickPick(rb, { yearAnimal: 'SNAKE' });
          const result = drawResult(play.game, rb);
          const stake = { unit, multiple };
          const settled = settle(play, selection, result, stake, mode);
          const cap = typeof mode === 'string' ? seededPrizeModes[mode].maxPayout : mode.maxPayout;
          expect(Number.isSafeInteger(settled.payout)).toBe(true);
          expect(settled.payout).toBeGreaterThanOrEqual(0);
          expect(settled.payout).toBeLessThanOrEqual(cap);
          // Uncapped, the payout is the exact prize rounded down: never more, less by under one minor unit.
          const { wins } = play.tally(selection, result);
          let exact = ratio(0);
          for (const [option, n] of Object.entries(wins)) {
            const p = mulRatio(betPrice(play, option, mode).prize, ratio(n * unit * multiple));
            exact = addRatio(exact, p);
          }
          const refund = BigInt(settled.pushes * betPrice(play, play.options[0]?.key ?? '', mode).cost * unit * multiple);
          const uncapped = floorRatio(exact) + refund;
          expect(BigInt(settled.payout)).toBe(uncapped > BigInt(cap) ? BigInt(cap) : uncapped);
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe('chase', () => {
  const selection = { positions: [[1], [2], [3]] };
  const issues = ['001', '002', '003', '004', '005'];

  it('buys the same selection and multiple for each issue', () => {
    const plan = chasePlan(sscPlays.SSC_3_DIRECT_FRONT, selection, { unit: 100, multiple: 2 }, 'Lott', { issues });
    expect(plan.steps.map((s) => [s.issue, s.multiple, s.amount])).toEqual(issues.map((i) => [i, 2, 400]));
    expect(plan).toMatchObject({ stopOnWin: true, totalAmount: 2000 });
  });

  it('doubles every N issues when asked', () => {
    const plan = chasePlan(sscPlays.SSC_3_DIRECT_FRONT, selection, { unit: 100, multiple: 1 }, 'Lott', {
      issues,
      doubling: { every: 2, factor: 2 },
    });
    expect(plan.steps.map((s) => s.multiple)).toEqual([1, 1, 2, 2, 4]);
    expect(plan.totalAmount).toBe(10 * 200);
  });

  it('cancels the unsettled issues after a win only when the plan stops on a win', () => {
    const stop = chasePlan(sscPlays.SSC_3_DIRECT_FRONT, selection, { unit: 100, multiple: 1 }, 'Lott', { issues });
    expect(chaseCancellations(stop, [0, 0])).toEqual([]);
    expect(chaseCancellations(stop, [0, 196_000])).toEqual(['003', '004', '005']);
    const keepGoing = chasePlan(sscPlays.SSC_3_DIRECT_FRONT, selection, { unit: 100, multiple: 1 }, 'Lott', { issues, stopOnWin: false });
    expect(chaseCancellations(keepGoing, [196_000])).toEqual([]);
  });

  it('refuses empty or repeated issues and multiples over the limit', () => {
    const stake = { unit: 100, multiple: 1 };
    expect(() => chasePlan(sscPlays.SSC_3_DIRECT_FRONT, selection, stake, 'Lott', { issues: [] })).toThrow(RangeError);
    expect(() => chasePlan(sscPlays.SSC_3_DIRECT_FRONT, selection, stake, 'Lott', { issues: ['1', '1'] })).toThrow(RangeError);
    expect(() =>
      chasePlan(sscPlays.SSC_3_DIRECT_FRONT, selection, stake, 'Lott', { issues, doubling: { every: 1, factor: 10 }, maxMultiple: 1000 }),
    ).toThrow(RangeError);
  });
});
