import { describe, expect, it } from 'vitest';
import { ageOn, birthDateProblem, cpfProblem, cpfValid, normaliseCpf, registrationLimitProblem } from './market.ts';

describe('CPF', () => {
  it('accepts published valid numbers in any usual writing, and refuses a changed digit', () => {
    for (const cpf of ['529.982.247-25', '39053344705', '111.444.777-35']) expect(cpfProblem(cpf)).toBeNull();
    expect(normaliseCpf(' 529.982.247-25 ')).toBe('52998224725');
    for (const wrong of ['52998224726', '52998224715', '11144477734']) expect(cpfValid(wrong)).toBe(false);
    expect(cpfProblem('000.000.000-00')).toEqual({ key: 'validation.cpf_check_digit' });
    expect(cpfProblem('5299822472')).toEqual({ key: 'validation.cpf_format' });
    expect(cpfProblem('529-982-247.25')).toEqual({ key: 'validation.cpf_format' });
    expect(cpfProblem('  ')).toEqual({ key: 'validation.required' });
  });
});

describe('birth date', () => {
  it('counts whole years, birthdays included', () => {
    expect(ageOn('2008-11-25', '2026-11-25')).toBe(18);
    expect(ageOn('2008-11-26', '2026-11-25')).toBe(17);
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
  });
  it('refuses the under-age, the future and dates that do not exist', () => {
    expect(birthDateProblem('2008-11-25', '2026-11-25', 18)).toBeNull();
    expect(birthDateProblem('2008-11-26', '2026-11-25', 18)).toEqual({ key: 'validation.birth_date_too_young', params: { min: 18 } });
    expect(birthDateProblem('2026-11-26', '2026-11-25', 18)).toEqual({ key: 'validation.birth_date_future' });
    expect(birthDateProblem('1990-02-30', '2026-11-25', 18)).toEqual({ key: 'validation.birth_date_invalid' });
    expect(birthDateProblem('25/11/1990', '2026-11-25', 18)).toEqual({ key: 'validation.birth_date_invalid' });
  });
});

describe('limits at registration', () => {
  it('follows the market’s switch', () => {
    expect(registrationLimitProblem('loss', undefined, 'off')).toBeNull();
    expect(registrationLimitProblem('loss', null, 'offer')).toBeNull();
    expect(registrationLimitProblem('loss', undefined, 'offer')).toEqual({ key: 'validation.limit_choose' });
    expect(registrationLimitProblem('loss', null, 'require')).toEqual({ key: 'validation.limit_required' });
    expect(registrationLimitProblem('loss', { period: 'day', amount: 0 }, 'require')).toEqual({ key: 'validation.amount_positive' });
    expect(registrationLimitProblem('session', { period: 'week', amount: 60 }, 'require')).toBeNull();
  });
});
