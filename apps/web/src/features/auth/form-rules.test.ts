import type { RegisterRule } from '@platform/contract';
import { describe, expect, it } from 'vitest';
import { emailProblem, mobileProblem, newPasswordProblems, registerFields, validateLogin, validateRegister } from './form-rules.ts';

const rule = (key: string, required: boolean, min: number, max: number, pattern: number, enabled = true): RegisterRule => ({
  key,
  enabled,
  required,
  minLength: min,
  maxLength: max,
  acceptedPattern: '*',
  patternId: `reg_pattern_${pattern}`,
  type: 'text',
});

/** Like the seeded Brazil rules: username 6-16 letter first, password 8-20 letters and digits, optional email. */
const rules = [
  { ...rule('username', true, 6, 16, 1), acceptedPattern: '^[A-Za-z][A-Za-z0-9]*$' },
  rule('password', true, 8, 20, 6),
  rule('confirmPassword', true, 8, 20, 6),
  rule('mobileNum', false, 6, 15, 4),
  { ...rule('email', false, 5, 64, 3), acceptedPattern: '' },
  rule('payeeName', true, 2, 40, 8),
  rule('captcha', true, 4, 4, 5),
  rule('affiliateCode', false, 4, 12, 5),
  rule('qqNum', false, 5, 12, 4, false),
];
const keys = (fields: { key: string }[]) => fields.map((f) => f.key);

describe('registerFields', () => {
  it('lists username mode fields with SMS verification and the enabled profile fields in order', () => {
    const fields = registerFields(rules, 'username', { mobileVerify: true, mobilePassword: false }, false);
    expect(keys(fields)).toEqual([
      'username',
      'password',
      'confirmPassword',
      'mobileNum',
      'verificationCode',
      'email',
      'payeeName',
      'affiliateCode',
      'captcha',
    ]);
    expect(fields.find((f) => f.key === 'mobileNum')?.required).toBe(true);
  });

  it('keeps an optional mobile number without SMS verification and hides a disabled field', () => {
    const fields = registerFields(rules, 'username', { mobileVerify: false, mobilePassword: false }, false);
    expect(fields.find((f) => f.key === 'mobileNum')?.required).toBe(false);
    expect(keys(fields)).not.toContain('verificationCode');
    expect(keys(fields)).not.toContain('qqNum');
  });

  it('in mobile mode asks for the number and code, a password only when allowed, and hides a code the link carries', () => {
    const without = registerFields(rules, 'mobile', { mobileVerify: false, mobilePassword: false }, true);
    expect(keys(without).slice(0, 2)).toEqual(['mobileNum', 'verificationCode']);
    expect(keys(without)).not.toContain('password');
    expect(keys(without)).not.toContain('affiliateCode');
    const withPassword = registerFields(rules, 'mobile', { mobileVerify: false, mobilePassword: true }, false);
    expect(withPassword.find((f) => f.key === 'password')?.required).toBe(false);
  });
});

describe('validateRegister', () => {
  const fields = registerFields(rules, 'username', { mobileVerify: false, mobilePassword: false }, false);
  const good = { username: 'player01', password: 'Secret123', confirmPassword: 'Secret123', payeeName: 'Ana Silva', captcha: 'AB12' };

  it('accepts a good form', () => {
    expect(validateRegister(fields, good, true)).toEqual({});
  });

  it('gives field not empty, pattern messages with the bounds, the mismatch and the terms', () => {
    const problems = validateRegister(fields, { ...good, username: '1abc', confirmPassword: 'Other123', payeeName: '' }, false);
    expect(problems.username).toEqual({ key: 'validation.reg_pattern_1', params: { min: 6, max: 16, range: '6-16' } });
    expect(problems.confirmPassword).toEqual({ key: 'validation.confirm_mismatch' });
    expect(problems.payeeName).toEqual({ key: 'validation.required' });
    expect(problems.agreeTerms).toEqual({ key: 'validation.agree_terms' });
  });

  it('checks an optional field only when filled, with one number when the bounds are equal', () => {
    expect(validateRegister(fields, { ...good, email: 'not-an-email' }, true).email?.key).toBe('validation.reg_pattern_3');
    expect(validateRegister(fields, { ...good, captcha: '' }, true).captcha?.key).toBe('validation.required');
    const exact = registerFields([rule('qqNum', false, 5, 5, 4)], 'username', { mobileVerify: false, mobilePassword: false }, false);
    expect(validateRegister(exact, { qqNum: '12' }, true).qqNum?.params?.range).toBe('5');
  });
});

describe('login and password rules', () => {
  it('requires trimmed username and password, and the captcha only when shown', () => {
    expect(Object.keys(validateLogin({ username: ' ', password: '', captcha: '' }, false))).toEqual(['username', 'password']);
    expect(Object.keys(validateLogin({ username: 'a', password: 'b', captcha: '' }, true))).toEqual(['captcha']);
  });

  it('judges a mobile number by the merchant rule', () => {
    expect(mobileProblem(rules, '')?.key).toBe('validation.required');
    expect(mobileProblem(rules, '12ab')?.key).toBe('validation.mobile_invalid');
    expect(mobileProblem(rules, '11987654321')).toBeNull();
  });

  it('judges a new password by the password rule and flags a mismatch on the confirmation', () => {
    expect(newPasswordProblems(rules, 'short', 'short').newPassword?.key).toBe('validation.reg_pattern_6');
    expect(newPasswordProblems(rules, 'Secret123', 'Secret124')).toEqual({ confirmNewPassword: { key: 'validation.confirm_mismatch' } });
    expect(newPasswordProblems(rules, 'Secret123', 'Secret123')).toEqual({});
  });

  it('judges an email address', () => {
    expect(emailProblem('ana@example.com')).toBeNull();
    expect(emailProblem('ana@')?.key).toBe('validation.email_invalid');
  });
});
