import { describe, expect, it } from 'vitest';
import { emptyDraft, percentToBp, readPrizeGroup, termsOf } from './contract-terms.ts';

describe('contract form terms', () => {
  it('reads percentages as basis points, two decimals at most, within 0 and 100', () => {
    expect(percentToBp('1.5')).toEqual({ bp: 150 });
    expect(percentToBp('0,25')).toEqual({ bp: 25 });
    expect(percentToBp('100')).toEqual({ bp: 10_000 });
    expect(percentToBp('')).toEqual({ problem: 'validation.required' });
    expect(percentToBp('1.234')).toEqual({ problem: 'validation.amount_decimals' });
    expect(percentToBp('0')).toEqual({ problem: 'validation.too_small' });
    expect(percentToBp('100.01')).toEqual({ problem: 'validation.too_big' });
    expect(percentToBp('abc')).toEqual({ problem: 'validation.invalid' });
  });

  it('builds daily salary tiers in the currency’s own units, the loss only where typed', () => {
    const draft = emptyDraft('daily');
    draft.tiers = [
      { turnover: '10.000', activeMembers: '3', loss: '', threshold: '', ratio: '0,5' },
      { turnover: '50.000,50', activeMembers: '5', loss: '1.000', threshold: '', ratio: '1' },
    ];
    expect(termsOf(draft, 'BRL', 'pt-BR')).toEqual({
      terms: {
        kind: 'daily',
        tiers: [
          { turnover: 10_000, activeMembers: 3, ratioBp: 50 },
          { turnover: 50_000.5, activeMembers: 5, ratioBp: 100, loss: 1_000 },
        ],
      },
    });
  });

  it('refuses francs with decimals and tiers that do not go up, at their fields', () => {
    const draft = emptyDraft('dividend');
    draft.tiers = [
      { turnover: '', activeMembers: '2', loss: '', threshold: '5000', ratio: '10' },
      { turnover: '', activeMembers: '1', loss: '', threshold: '4000', ratio: '10' },
      { turnover: '', activeMembers: 'x', loss: '', threshold: '0,5', ratio: '' },
    ];
    const result = termsOf(draft, 'XOF', 'fr-FR');
    expect(result).toEqual({
      problems: {
        'tiers.1.ratio': 'error.agent_contract_tiers',
        'tiers.1.threshold': 'error.agent_contract_tiers',
        'tiers.1.activeMembers': 'error.agent_contract_tiers',
        'tiers.2.ratio': 'validation.required',
        'tiers.2.activeMembers': 'validation.not_integer',
        'tiers.2.threshold': 'validation.amount_decimals',
      },
    });
  });

  it('builds real-time salary rates and dividend schedules', () => {
    const rt = { ...emptyDraft('realtime'), profitRate: '0.3', lossRate: '0.6', minBet: '500' };
    expect(termsOf(rt, 'XOF', 'fr-FR')).toEqual({ terms: { kind: 'realtime', profitRateBp: 30, lossRateBp: 60, minBet: 500 } });
    const div = { ...emptyDraft('dividend'), period: 'W' as const, basis: 'turnover' as const, carryOver: 'previous' as const };
    div.tiers = [{ turnover: '', activeMembers: '0', loss: '', threshold: '0', ratio: '20' }];
    expect(termsOf(div, 'BRL', 'en')).toEqual({
      terms: {
        kind: 'dividend',
        period: 'W',
        basis: 'turnover',
        carryOver: 'previous',
        tiers: [{ threshold: 0, activeMembers: 0, ratioBp: 2000 }],
      },
    });
  });

  it('reads a prize group from the lowest group up to the agent’s own', () => {
    expect(readPrizeGroup('1930', 1950)).toEqual({ value: 1930 });
    expect(readPrizeGroup(' 1950 ', 1950)).toEqual({ value: 1950 });
    expect(readPrizeGroup('', 1950)).toEqual({ problem: 'validation.required' });
    expect(readPrizeGroup('19.5', 1950)).toEqual({ problem: 'validation.not_integer' });
    expect(readPrizeGroup('1600', 1950)).toEqual({ problem: 'validation.too_small' });
    expect(readPrizeGroup('1960', 1950)).toEqual({ problem: 'error.agent_prize_group_too_high' });
  });
});
