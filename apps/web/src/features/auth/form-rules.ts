import { type FieldProblem, type RegisterRule, regMessages, regPatterns, validateRegisterField } from '@platform/contract';

/** Problems of a form by field name; a field without a problem is absent. */
export type Problems = Record<string, FieldProblem>;

export type RegisterMode = 'username' | 'mobile';

/** The switches that shape the registration form. */
export interface RegisterSwitches {
  /** REGMOBVERF3: username registrations verify a mobile number by SMS. */
  mobileVerify: boolean;
  /** MOBILENUMPASSREG3: mobile registrations may set a password. */
  mobilePassword: boolean;
}

/** One field of the registration form: its rule and whether the form makes it required. */
export interface FormField {
  key: string;
  rule: RegisterRule;
  required: boolean;
}

/** Optional profile fields in the order the form shows them; each appears only when its rule is enabled. */
export const profileFields = [
  'email',
  'payeeName',
  'qqNum',
  'line',
  'whatsapp',
  'zalo',
  'facebook',
  'wechat',
  'idNumber',
  'recommenderId',
  'paymentPassword',
  'affiliateCode',
] as const;

const anything = (key: string): RegisterRule => ({
  key,
  enabled: true,
  required: false,
  minLength: 0,
  maxLength: 0,
  acceptedPattern: '*',
  patternId: 'reg_pattern_0',
  type: 'text',
});

/**
 * The fields of the registration form for a mode, from the merchant's enabled rules (spec §5): in
 * username mode the username and password are always there and the mobile number with its code
 * when SMS verification is on; in mobile mode the number and its code always, and a password only
 * when the merchant allows one. `hideAffiliate` when the site link already carries a valid code.
 */
export function registerFields(
  rules: readonly RegisterRule[],
  mode: RegisterMode,
  switches: RegisterSwitches,
  hideAffiliate: boolean,
): FormField[] {
  const ruleOf = (key: string) => rules.find((r) => r.key === key && r.enabled);
  const fields: FormField[] = [];
  const add = (key: string, required?: boolean) => {
    const rule = ruleOf(key) ?? anything(key);
    fields.push({ key, rule, required: required ?? rule.required });
  };
  const smsVerified = mode === 'mobile' || switches.mobileVerify;
  if (mode === 'username') {
    add('username', true);
    add('password', true);
    add('confirmPassword', true);
  }
  if (smsVerified || ruleOf('mobileNum')) add('mobileNum', smsVerified ? true : undefined);
  if (smsVerified) add('verificationCode', true);
  if (mode === 'mobile' && switches.mobilePassword) {
    add('password', false);
    add('confirmPassword', false);
  }
  for (const key of profileFields) {
    if (key === 'affiliateCode' && hideAffiliate) continue;
    if (ruleOf(key)) add(key, key === 'paymentPassword' ? true : undefined);
  }
  if (ruleOf('captcha')) add('captcha');
  return fields;
}

/**
 * Judges a registration form with the contract's pattern functions, the same ones the server runs.
 * The confirmation must equal the password, and in mobile mode a confirmation is needed only when
 * a password was typed.
 */
export function validateRegister(fields: readonly FormField[], values: Record<string, string>, agreed: boolean): Problems {
  const problems: Problems = {};
  const password = values.password ?? '';
  for (const field of fields) {
    const value = values[field.key] ?? '';
    let problem: FieldProblem | null;
    if (field.key === 'confirmPassword') {
      problem = validateRegisterField(field.rule, value, { required: field.required || password !== '', password });
    } else if (field.key === 'verificationCode' || field.key === 'captcha') {
      // Codes and captchas are judged by the server; here only their presence and the 255 limit.
      problem = value.trim() === '' ? (field.required ? { key: regMessages.required } : null) : null;
      if (!problem && value.length > 255) problem = { key: regMessages.invalid };
    } else {
      problem = validateRegisterField(field.rule, value.trim(), { required: field.required });
    }
    if (problem) problems[field.key] = problem;
  }
  if (!agreed) problems.agreeTerms = { key: 'validation.agree_terms' };
  return problems;
}

/** Login by username: both fields required (trimmed), the captcha when shown (spec §5). */
export function validateLogin(values: { username: string; password: string; captcha: string }, captchaShown: boolean): Problems {
  const problems: Problems = {};
  if (!values.username.trim()) problems.username = { key: regMessages.required };
  if (!values.password.trim()) problems.password = { key: regMessages.required };
  if (captchaShown && !values.captcha.trim()) problems.captcha = { key: regMessages.required };
  return problems;
}

/** A mobile number: required, and when the merchant has a mobile rule, its pattern. */
export function mobileProblem(rules: readonly RegisterRule[], mobileNum: string): FieldProblem | null {
  const rule = rules.find((r) => r.key === 'mobileNum');
  if (!mobileNum.trim()) return { key: regMessages.required };
  if (!rule) return null;
  const problem = validateRegisterField(rule, mobileNum.trim(), { required: true });
  return problem ? { key: 'validation.mobile_invalid' } : null;
}

/** A new password and its confirmation, judged by the merchant's password rule when it has one. */
export function newPasswordProblems(rules: readonly RegisterRule[], newPassword: string, confirm: string): Problems {
  const problems: Problems = {};
  const rule = rules.find((r) => r.key === 'password');
  if (!newPassword) problems.newPassword = { key: regMessages.required };
  else if (rule) {
    const problem = validateRegisterField(rule, newPassword, { required: true });
    if (problem) problems.newPassword = problem;
  }
  if (!confirm) problems.confirmNewPassword = { key: regMessages.required };
  else if (confirm !== newPassword) problems.confirmNewPassword = { key: regMessages.confirmMismatch };
  return problems;
}

/** An email address: required and well formed (pattern kind 3, as the server judges it). */
export function emailProblem(email: string): FieldProblem | null {
  if (!email.trim()) return { key: regMessages.required };
  return regPatterns[3]?.(email.trim()) ? null : { key: 'validation.email_invalid' };
}
