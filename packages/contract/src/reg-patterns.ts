import type { RegisterRule } from './system.ts';

/**
 * The registration pattern kinds reg_pattern_0..22 (spec §5), each a pure check of a whole value.
 * Both the site (before submit) and the server (always) use them, so a field is judged the same way
 * on both sides.
 *
 * Conventions: "letters" are the ASCII letters A-Z/a-z unless the kind is about people's names
 * (13, 20, 22), where any alphabetic letter with its accents counts; no kind accepts an empty value
 * (emptiness is the `required` check's business).
 */
export type PatternCheck = (value: string) => boolean;

const isDigit = (c: string) => c >= '0' && c <= '9';
const isUpper = (c: string) => c >= 'A' && c <= 'Z';
const isLower = (c: string) => c >= 'a' && c <= 'z';
const isAsciiLetter = (c: string) => isUpper(c) || isLower(c);
/** Printable ASCII without the space: letters, digits and the 32 ASCII symbols. */
const isVisibleAscii = (c: string) => c > ' ' && c <= '~';
const isSymbol = (c: string) => isVisibleAscii(c) && !isAsciiLetter(c) && !isDigit(c);
const isHan = (c: string) => /^\p{Script=Han}$/u.test(c);
const isLetter = (c: string) => /^\p{L}$/u.test(c);
const isMark = (c: string) => /^\p{M}$/u.test(c);
const isWhitespace = (c: string) => /^\s$/u.test(c);
const isHangul = (c: string) => /^\p{Script=Hangul}$/u.test(c);
/** The Thai block, letters, vowel signs, tone marks and digits. */
const isThai = (c: string) => c >= '\u0E00' && c <= '\u0E7F';
/** Han or a punctuation mark or symbol of any script (full-width ones included). */
const isHanOrSymbol = (c: string) => isHan(c) || /^[\p{P}\p{S}]$/u.test(c);

const chars = (value: string) => Array.from(value);
const every = (value: string, test: (c: string) => boolean) => value.length > 0 && chars(value).every(test);
const some = (value: string, test: (c: string) => boolean) => chars(value).some(test);
const count = (value: string, test: (c: string) => boolean) => chars(value).filter(test).length;

/** A real calendar date (leap years included) from its parts. */
function isCalendarDate(year: string, month: string, day: string): boolean {
  const y = Number(year);
  const m = Number(month);
  const d = Number(day);
  if (y < 1 || m < 1 || m > 12 || d < 1) return false;
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1] ?? 0;
  return d <= days;
}

/** Email as people type it: one @, a local part and a dotted domain with a 2+ letter top level. */
function isEmail(value: string): boolean {
  const at = value.indexOf('@');
  if (at <= 0 || at !== value.lastIndexOf('@') || value.length > 254) return false;
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  const localOk = every(local, (c) => isAsciiLetter(c) || isDigit(c) || "!#$%&'*+/=?^_`{|}~.-".includes(c));
  if (!localOk || local.length > 64 || local.startsWith('.') || local.endsWith('.') || local.includes('..')) return false;
  const labels = domain.split('.');
  if (labels.length < 2) return false;
  const tld = labels[labels.length - 1] ?? '';
  if (tld.length < 2 || !every(tld, isAsciiLetter)) return false;
  return labels.every(
    (l) =>
      l.length > 0 &&
      l.length <= 63 &&
      !l.startsWith('-') &&
      !l.endsWith('-') &&
      every(l, (c) => isAsciiLetter(c) || isDigit(c) || c === '-'),
  );
}

/** A word of a person's name: a letter, then letters, combining accents, hyphens or apostrophes (' or ’). */
function isNameWord(word: string): boolean {
  const cs = chars(word);
  return cs.length > 0 && isLetter(cs[0] ?? '') && cs.every((c) => isLetter(c) || isMark(c) || c === '-' || c === "'" || c === '’');
}

/**
 * The kinds that allow Latin letters (8 English letters, 13 letters, 17 uppercase letters, 20 full
 * name): on a payee name they mean the letters of a name as people write it, accents, apostrophes
 * and hyphens included (Aïssatou N'Diaye), while the kinds keep their meaning on other fields.
 */
const nameKinds = new Set([8, 13, 17, 20]);
const isPersonName = (v: string) => v.split(' ').every(isNameWord);
/** A name's base letters (accents, apostrophes and hyphens taken off), to hold against an operator's ASCII pattern. */
const baseLetters = (v: string) => v.normalize('NFD').replace(/[\p{M}'’-]/gu, '');

function personNameFits(kind: number, v: string): boolean {
  if (!isPersonName(v)) return false;
  if (kind === 17 && v !== v.toLocaleUpperCase()) return false;
  return kind !== 20 || v.split(' ').length >= 2;
}

/** Full-width Japanese: hiragana, katakana, kanji, the iteration and prolonged-sound marks, full-width forms. */
function isFullWidthJapanese(c: string): boolean {
  const code = c.codePointAt(0) ?? 0;
  return (
    (code >= 0x3041 && code <= 0x3096) || // hiragana
    (code >= 0x309d && code <= 0x309f) || // hiragana iteration marks
    (code >= 0x30a1 && code <= 0x30ff) || // full-width katakana, middle dot, prolonged sound mark
    (code >= 0x3005 && code <= 0x3007) || // 々 〆 〇
    (code >= 0x3001 && code <= 0x3003) || // 、。〃
    (code >= 0x300c && code <= 0x300f) || // 「」『』
    (code >= 0xff01 && code <= 0xff5e) || // full-width ASCII forms (not the U+3000 space)
    isHan(c)
  );
}

/** Vietnamese (Latin letters with their accents) and spaces, with at least one letter. */
function isVietnameseText(value: string): boolean {
  return every(value, (c) => c === ' ' || ((isLetter(c) || isMark(c)) && /^[\p{Script=Latin}\p{M}]$/u.test(c))) && some(value, isLetter);
}

/** The 23 pattern kinds, indexed by the N of reg_pattern_N. */
export const regPatterns: readonly PatternCheck[] = [
  /* 0 any characters */ () => true,
  /* 1 a letter first, then letters and digits */ (v) =>
    v.length > 0 && isAsciiLetter(v[0] ?? '') && every(v, (c) => isAsciiLetter(c) || isDigit(c)),
  /* 2 letters and Chinese characters */ (v) => every(v, (c) => isAsciiLetter(c) || isHan(c)),
  /* 3 email format */ isEmail,
  /* 4 digits only */ (v) => every(v, isDigit),
  /* 5 alphanumeric, no Chinese */ (v) => every(v, (c) => isAsciiLetter(c) || isDigit(c)),
  /* 6 letters and digits, both required */ (v) =>
    every(v, (c) => isAsciiLetter(c) || isDigit(c)) && some(v, isAsciiLetter) && some(v, isDigit),
  /* 7 alphanumeric with at least one uppercase letter */ (v) => every(v, (c) => isAsciiLetter(c) || isDigit(c)) && some(v, isUpper),
  /* 8 English letters and spaces (at least one letter) */ (v) => every(v, (c) => isAsciiLetter(c) || c === ' ') && some(v, isAsciiLetter),
  /* 9 no spaces */ (v) => every(v, (c) => !isWhitespace(c)),
  /* 10 Chinese characters and symbols */ (v) => every(v, isHanOrSymbol),
  /* 11 date yyyy-MM-dd */ (v) => {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
    return m !== null && isCalendarDate(m[1] ?? '', m[2] ?? '', m[3] ?? '');
  },
  /* 12 date MM-dd-yyyy */ (v) => {
    const m = /^(\d{2})-(\d{2})-(\d{4})$/.exec(v);
    return m !== null && isCalendarDate(m[3] ?? '', m[1] ?? '', m[2] ?? '');
  },
  /* 13 letters and spaces, at least two letters */ (v) =>
    every(v, (c) => isLetter(c) || isMark(c) || c === ' ') && count(v, isLetter) >= 2,
  /* 14 Korean only */ (v) => every(v, isHangul),
  /* 15 Thai only */ (v) => every(v, isThai),
  /* 16 Thai or English letters with spaces */ (v) =>
    every(v, (c) => isThai(c) || isAsciiLetter(c) || c === ' ') && some(v, (c) => c !== ' '),
  /* 17 uppercase letters and spaces, at least one letter */ (v) => every(v, (c) => isUpper(c) || c === ' ') && some(v, isUpper),
  /* 18 letters, digits and symbols */ (v) => every(v, isVisibleAscii),
  /* 19 strong password: an uppercase, a lowercase, a digit and a symbol */ (v) =>
    every(v, isVisibleAscii) && some(v, isUpper) && some(v, isLower) && some(v, isDigit) && some(v, isSymbol),
  /* 20 full name: first and last name separated by a space */ (v) => {
    const words = v.split(' ');
    return words.length >= 2 && words.every(isNameWord);
  },
  /* 21 full-width Japanese characters, no spaces */ (v) => every(v, isFullWidthJapanese),
  /* 22 Vietnamese letters and spaces */ isVietnameseText,
];

/** The pattern kind of a rule's patternId ('reg_pattern_6' → 6), or undefined when unknown. */
export function patternIndex(patternId: string): number | undefined {
  const m = /^reg_pattern_(\d{1,2})$/.exec(patternId);
  if (!m) return undefined;
  const n = Number(m[1]);
  return n < regPatterns.length ? n : undefined;
}

/** A field problem: a translation key and the values to substitute into its text. */
export interface FieldProblem {
  key: string;
  params?: Record<string, string | number>;
}

export const regMessages = {
  required: 'validation.required',
  confirmMismatch: 'validation.confirm_mismatch',
  invalid: 'validation.invalid',
} as const;

export interface RegisterFieldContext {
  /** Overrides the rule's `required` (the form's mode can make a field required, e.g. the mobile number in mobile mode). */
  required?: boolean;
  /** For `confirmPassword`: the password it must equal. */
  password?: string;
}

/** Compiles an operator's acceptedPattern once; an invalid one is ignored rather than blocking every registration. */
const compiled = new Map<string, RegExp | null>();
function acceptedRegExp(source: string): RegExp | null {
  let re = compiled.get(source);
  if (re === undefined) {
    try {
      re = new RegExp(source, 'u');
    } catch {
      try {
        re = new RegExp(source);
      } catch {
        re = null;
      }
    }
    compiled.set(source, re);
  }
  return re;
}

/**
 * Judges one registration field against its server rule (spec §5). An empty (or blank) value of a
 * required field is 'validation.required'; an empty optional field passes. Otherwise the value must
 * have minLength..maxLength characters, pass the rule's pattern kind and match its acceptedPattern
 * ('*' means anything, and then neither is checked); a failure gives the kind's message
 * 'validation.reg_pattern_N' with {min, max, range} (range is one number when min equals max).
 * The confirmation field only has to equal the password. Returns null when the value is fine.
 */
export function validateRegisterField(
  rule: RegisterRule,
  value: string | undefined | null,
  ctx: RegisterFieldContext = {},
): FieldProblem | null {
  const v = value ?? '';
  const required = ctx.required ?? rule.required;
  if (v.trim() === '') return required ? { key: regMessages.required } : null;
  if (rule.key === 'confirmPassword' || ctx.password !== undefined) {
    return v === ctx.password ? null : { key: regMessages.confirmMismatch };
  }
  const index = patternIndex(rule.patternId);
  const min = Math.max(0, rule.minLength);
  const max = rule.maxLength > 0 ? rule.maxLength : Number.POSITIVE_INFINITY;
  const problem: FieldProblem = {
    key: index === undefined ? regMessages.invalid : `validation.reg_pattern_${index}`,
    params: {
      min,
      max: Number.isFinite(max) ? max : '',
      range: min === max ? `${min}` : Number.isFinite(max) ? `${min}-${max}` : `${min}+`,
    },
  };
  const length = Array.from(v).length;
  if (length < min || length > max) return problem;
  if (rule.acceptedPattern === '*') return null;
  const personName = rule.key === 'payeeName' && index !== undefined && nameKinds.has(index);
  if (personName) {
    if (!personNameFits(index, v)) return problem;
  } else if (index !== undefined && !(regPatterns[index] ?? (() => true))(v)) return problem;
  const re = rule.acceptedPattern ? acceptedRegExp(rule.acceptedPattern) : null;
  if (re && !re.test(personName ? baseLetters(v) : v)) return problem;
  return null;
}
