import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { patternIndex, regPatterns, validateRegisterField } from './reg-patterns.ts';
import type { RegisterRule } from './system.ts';

/** Independent regular expressions of the kinds, written apart from the implementation. */
const oracle: Record<number, (v: string) => boolean> = {
  1: (v) => /^[A-Za-z][A-Za-z0-9]*$/.test(v),
  2: (v) => /^[A-Za-z\p{Script=Han}]+$/u.test(v),
  3: (v) =>
    v.length <= 254 &&
    (v.split('@')[0]?.length ?? 0) <= 64 &&
    /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/.test(
      v,
    ),
  4: (v) => /^[0-9]+$/.test(v),
  5: (v) => /^[A-Za-z0-9]+$/.test(v),
  6: (v) => /^(?=.*[A-Za-z])(?=.*[0-9])[A-Za-z0-9]+$/.test(v),
  7: (v) => /^(?=.*[A-Z])[A-Za-z0-9]+$/.test(v),
  8: (v) => /^[A-Za-z ]+$/.test(v) && /[A-Za-z]/.test(v),
  9: (v) => /^\S+$/u.test(v),
  10: (v) => /^[\p{Script=Han}\p{P}\p{S}]+$/u.test(v),
  11: (v) => {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
    if (!m) return false;
    const d = new Date(0);
    d.setUTCFullYear(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
    return (
      Number(m[1]) > 0 && d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3])
    );
  },
  12: (v) => {
    const m = /^(\d{2})-(\d{2})-(\d{4})$/.exec(v);
    return m !== null && oracle[11]?.(`${m[3]}-${m[1]}-${m[2]}`) === true;
  },
  13: (v) => /^[\p{L}\p{M} ]+$/u.test(v) && (v.match(/\p{L}/gu)?.length ?? 0) >= 2,
  14: (v) => /^\p{Script=Hangul}+$/u.test(v),
  15: (v) => /^[\u0E00-\u0E7F]+$/.test(v),
  16: (v) => /^[\u0E00-\u0E7FA-Za-z ]+$/.test(v) && /[^ ]/.test(v),
  17: (v) => /^[A-Z ]+$/.test(v) && /[A-Z]/.test(v),
  18: (v) => /^[!-~]+$/.test(v),
  19: (v) => /^[!-~]+$/.test(v) && /[A-Z]/.test(v) && /[a-z]/.test(v) && /[0-9]/.test(v) && /[^A-Za-z0-9]/.test(v),
  20: (v) => /^\p{L}[\p{L}\p{M}'’-]*( \p{L}[\p{L}\p{M}'’-]*)+$/u.test(v),
  21: (v) => /^[\u3041-\u3096\u309D-\u309F\u30A1-\u30FF\u3005-\u3007\u3001-\u3003\u300C-\u300F\uFF01-\uFF5E\p{Script=Han}]+$/u.test(v),
  22: (v) => /^(?:(?=\p{Script=Latin})\p{L}|\p{M}| )+$/u.test(v) && /\p{L}/u.test(v),
};

/** Characters from every script and class the kinds care about, so random strings hit their edges. */
const interesting = [
  ...'aZmQ09 5_-.@+\'!#~`"\t\n\u00a0',
  ...'汉字中文',
  ...'한국어',
  ...'ภาษาไทย',
  ...'ひらがなカタカナー々、。「」',
  ...'ＡＢＣ１２３！　',
  ...'ｱｲｳ',
  ...'ÀéîõüçñĐđƯươạảấầẩẫậ',
  '\u0301',
  ...'ÆØÅßÑ',
  ...'€£¥©®™→★',
  '😀',
  'Ⅻ',
  'ª',
  '\ud800',
];
const char = fc.oneof(fc.constantFrom(...interesting), fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }));
const text = fc.array(char, { maxLength: 24 }).map((cs) => cs.join(''));

describe('registration pattern kinds', () => {
  it('has 23 kinds, reg_pattern_0..22', () => {
    expect(regPatterns).toHaveLength(23);
    expect(patternIndex('reg_pattern_0')).toBe(0);
    expect(patternIndex('reg_pattern_22')).toBe(22);
    expect(patternIndex('reg_pattern_23')).toBeUndefined();
    expect(patternIndex('pattern_1')).toBeUndefined();
  });

  it('agrees with an independent regular expression on random strings, for every kind but "any"', () => {
    for (let n = 1; n < regPatterns.length; n++) {
      const kind = regPatterns[n];
      const expected = oracle[n];
      if (!kind || !expected) throw new Error(`kind ${n} missing`);
      fc.assert(
        fc.property(text, (v) => kind(v) === expected(v)),
        { numRuns: 400 },
      );
    }
  });

  it('agrees with the oracle on generated emails and date-shaped strings, where random text rarely lands', () => {
    fc.assert(fc.property(fc.emailAddress(), (v) => regPatterns[3]?.(v) === oracle[3]?.(v)));
    const d2 = fc.integer({ min: 0, max: 39 }).map((n) => String(n).padStart(2, '0'));
    const y4 = fc.integer({ min: 0, max: 9999 }).map((n) => String(n).padStart(4, '0'));
    fc.assert(fc.property(y4, d2, d2, (y, m, d) => regPatterns[11]?.(`${y}-${m}-${d}`) === oracle[11]?.(`${y}-${m}-${d}`)));
    fc.assert(fc.property(y4, d2, d2, (y, m, d) => regPatterns[12]?.(`${m}-${d}-${y}`) === oracle[12]?.(`${m}-${d}-${y}`)));
    const day = fc.date({ min: new Date('1900-01-01'), max: new Date('2100-12-31'), noInvalidDate: true });
    fc.assert(fc.property(day, (dt) => regPatterns[11]?.(dt.toISOString().slice(0, 10)) === true));
  });

  it('accepts anything for kind 0 and nothing empty for the others', () => {
    fc.assert(fc.property(text, (v) => regPatterns[0]?.(v) === true));
    for (let n = 1; n < regPatterns.length; n++) expect(regPatterns[n]?.('')).toBe(false);
  });

  it('keeps the implications between kinds', () => {
    const holds = (a: number, b: number) =>
      fc.assert(
        fc.property(text, (v) => !regPatterns[a]?.(v) || regPatterns[b]?.(v) === true),
        { numRuns: 300 },
      );
    holds(1, 5); // letter-first usernames are alphanumeric
    holds(4, 5);
    holds(6, 5);
    holds(7, 5);
    holds(5, 18);
    holds(19, 18); // a strong password is letters, digits and symbols
    holds(18, 9);
    holds(17, 8);
    holds(15, 16);
    holds(8, 16);
  });

  it.each([
    [1, 'player01', true],
    [1, '1player', false],
    [2, 'Li张伟', true],
    [3, 'ana.silva+bet@mail.com.br', true],
    [3, 'ana@@mail.com', false],
    [3, 'ana@mail', false],
    [6, 'Demo1234', true],
    [6, 'password', false],
    [7, 'demo1234', false],
    [8, 'Ana Maria', true],
    [9, 'no space', false],
    [10, '张伟，你好！', true],
    [11, '2024-02-29', true],
    [11, '2023-02-29', false],
    [12, '12-31-1999', true],
    [12, '31-12-1999', false],
    [13, 'Jo', true],
    [13, 'J ', false],
    [13, 'João Silva', true],
    [14, '김민준', true],
    [15, 'สมชาย', true],
    [16, 'สมชาย Lee', true],
    [17, 'MARIA DA SILVA', true],
    [17, 'Maria', false],
    [18, 'P@ss-w0rd', true],
    [19, 'Passw0rd!', true],
    [19, 'Passw0rd', false],
    [20, 'Aminata Diallo', true],
    [20, 'Aminata', false],
    [20, 'Aminata  Diallo', false],
    [21, 'やまだタロウ', true],
    [21, 'やまだ タロウ', false],
    [21, 'ﾔﾏﾀﾞ', false],
    [22, 'Nguyễn Văn An', true],
    [22, '김민준', false],
  ])('kind %i judges %s as %s', (n, value, expected) => {
    expect(regPatterns[n]?.(value)).toBe(expected);
  });
});

const rule = (over: Partial<RegisterRule> = {}): RegisterRule => ({
  key: 'username',
  enabled: true,
  required: true,
  minLength: 6,
  maxLength: 16,
  acceptedPattern: '^[A-Za-z][A-Za-z0-9]*$',
  patternId: 'reg_pattern_1',
  type: 'text',
  ...over,
});

describe('validateRegisterField', () => {
  it('says "field not empty" for a blank required field and lets a blank optional field pass', () => {
    expect(validateRegisterField(rule(), '')).toEqual({ key: 'validation.required' });
    expect(validateRegisterField(rule(), '   ')).toEqual({ key: 'validation.required' });
    expect(validateRegisterField(rule({ required: false }), undefined)).toBeNull();
    expect(validateRegisterField(rule({ required: false }), '', { required: true })).toEqual({ key: 'validation.required' });
  });

  it('gives the kind message with the bounds, one number when they are equal', () => {
    expect(validateRegisterField(rule(), 'ab1')).toEqual({ key: 'validation.reg_pattern_1', params: { min: 6, max: 16, range: '6-16' } });
    expect(validateRegisterField(rule(), '1abcdef')).toMatchObject({ key: 'validation.reg_pattern_1' });
    expect(validateRegisterField(rule({ minLength: 4, maxLength: 4, patternId: 'reg_pattern_5', acceptedPattern: '*' }), 'abc')).toEqual({
      key: 'validation.reg_pattern_5',
      params: { min: 4, max: 4, range: '4' },
    });
    expect(validateRegisterField(rule(), 'player01')).toBeNull();
  });

  it('reads a payee name as people write it wherever the rule allows letters: accents, apostrophes, hyphens', () => {
    const english = rule({ key: 'payeeName', patternId: 'reg_pattern_8', acceptedPattern: '^[A-Za-z ]+$', minLength: 2, maxLength: 40 });
    expect(validateRegisterField(english, "Aïssatou N'Diaye")).toBeNull();
    expect(validateRegisterField(english, 'Aïssatou N’Diaye')).toBeNull();
    expect(validateRegisterField(english, 'Jean-Baptiste Kaboré')).toBeNull();
    expect(validateRegisterField(english, 'João da Conceição')).toBeNull();
    expect(validateRegisterField(english, 'Aïssatou 2')?.key).toBe('validation.reg_pattern_8');
    expect(validateRegisterField(english, "'Diaye")?.key).toBe('validation.reg_pattern_8');
    expect(
      validateRegisterField(
        rule({ key: 'payeeName', patternId: 'reg_pattern_17', acceptedPattern: '', minLength: 2, maxLength: 40 }),
        "AÏSSATOU N'DIAYE",
      ),
    ).toBeNull();
    expect(
      validateRegisterField(
        rule({ key: 'payeeName', patternId: 'reg_pattern_17', acceptedPattern: '', minLength: 2, maxLength: 40 }),
        "Aïssatou N'Diaye",
      )?.key,
    ).toBe('validation.reg_pattern_17');
    expect(
      validateRegisterField(
        rule({ key: 'payeeName', patternId: 'reg_pattern_20', acceptedPattern: '', minLength: 2, maxLength: 40 }),
        'Aïssatou',
      )?.key,
    ).toBe('validation.reg_pattern_20');
    // The kinds keep their meaning elsewhere: an English-letters username is still ASCII.
    expect(validateRegisterField(rule({ key: 'username', patternId: 'reg_pattern_8', acceptedPattern: '' }), 'Aïssatou')?.key).toBe(
      'validation.reg_pattern_8',
    );
  });

  it('treats the pattern * as anything, bounded only by the length', () => {
    const anything = rule({ acceptedPattern: '*', patternId: 'reg_pattern_1' });
    fc.assert(
      fc.property(text, (v) => {
        const n = Array.from(v).length;
        const problem = validateRegisterField(anything, v);
        if (v.trim() === '') return problem?.key === 'validation.required';
        return (problem === null) === (n >= 6 && n <= 16);
      }),
    );
  });

  it('requires the server acceptedPattern as well as the kind', () => {
    const digitsOnlyPrefix = rule({ acceptedPattern: '^a', patternId: 'reg_pattern_5' });
    expect(validateRegisterField(digitsOnlyPrefix, 'abcdef1')).toBeNull();
    expect(validateRegisterField(digitsOnlyPrefix, 'bbcdef1')).toMatchObject({ key: 'validation.reg_pattern_5' });
    // A broken operator pattern does not block registration.
    expect(validateRegisterField(rule({ acceptedPattern: '([' }), 'player01')).toBeNull();
  });

  it('checks only equality for the confirmation', () => {
    const confirm = rule({ key: 'confirmPassword', patternId: 'reg_pattern_6' });
    expect(validateRegisterField(confirm, 'Demo1234', { password: 'Demo1234' })).toBeNull();
    expect(validateRegisterField(confirm, 'Demo12345', { password: 'Demo1234' })).toEqual({ key: 'validation.confirm_mismatch' });
    expect(validateRegisterField(confirm, '', { password: 'Demo1234' })).toEqual({ key: 'validation.required' });
  });

  it('never throws and always answers null or a validation key, whatever the rule and value', () => {
    const anyRule = fc.record({
      key: fc.constantFrom('username', 'password', 'email', 'payeeName'),
      enabled: fc.boolean(),
      required: fc.boolean(),
      minLength: fc.integer({ min: -1, max: 30 }),
      maxLength: fc.integer({ min: -1, max: 30 }),
      acceptedPattern: fc.oneof(fc.constant('*'), fc.constant(''), fc.string({ maxLength: 8 })),
      patternId: fc.oneof(
        fc.integer({ min: 0, max: 25 }).map((n) => `reg_pattern_${n}`),
        fc.string({ maxLength: 6 }),
      ),
      type: fc.constant('text'),
    });
    fc.assert(
      fc.property(anyRule, text, (r, v) => {
        const problem = validateRegisterField(r, v);
        return problem === null || problem.key.startsWith('validation.');
      }),
    );
  });
});
