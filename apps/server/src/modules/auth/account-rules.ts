import {
  type FieldError,
  isModuleEnabled,
  type Location,
  type ModuleId,
  type RegisterRule,
  regPatterns,
  validateRegisterField,
} from '@platform/contract';
import type { AttemptLimit } from '../../platform/attempts.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { generateAccount, type Mobile, normalizeMobile } from '../members/members.service.ts';
import type { Merchant } from '../merchants/merchants.service.ts';
import type { MessageSender } from '../messaging/messaging.service.ts';
import type { AuthConfig } from './auth.config.ts';
import type { PasswordHasher } from './passwords.ts';
import type { ServerKeys } from './server-keys.ts';

// What login, registration, recovery and the security centre (members) share: their dependencies,
// the caller, the merchant's field rules, and the failure limit of an account's password.

export type { SessionRow } from './auth.repository.ts';

/** What the account services work with, built once per application. */
export interface AuthDeps {
  db: Db;
  config: AuthConfig;
  keys: ServerKeys;
  hasher: PasswordHasher;
  sender: MessageSender;
}

/** Who is calling: the merchant of the request, the reader's language and where they are. */
export interface Caller {
  merchant: Merchant;
  lang: string;
  location: Location;
  userAgent: string;
  /** The site's device id (the `Device` header: a random id the browser keeps), '' when none or malformed. */
  device: string;
  /** Scheme and host of the site, for links in emails. */
  origin: string;
}

export const on = (merchant: Merchant, id: ModuleId) => isModuleEnabled(merchant.whitelabel, id);
export const HOUR_MS = 3_600_000;

export function fail(fields: FieldError[]): never {
  throw new AppError('APP_ERR_VALIDATION', fields);
}

/** A field error carrying the substitution values of its message when it has some. */
export function fieldError(field: string, problem: { key: string; params?: Record<string, string | number> }): FieldError {
  return problem.params ? ({ field, message: problem.key, params: problem.params } as FieldError) : { field, message: problem.key };
}

export const defaultRule = (key: string, minLength: number, maxLength: number, patternId: string): RegisterRule => ({
  key,
  enabled: true,
  required: true,
  minLength,
  maxLength,
  acceptedPattern: '*',
  patternId,
  type: 'text',
});

/** Rules used when a merchant has not configured the field. */
export const defaultRules: Record<string, RegisterRule> = {
  username: defaultRule('username', 6, 16, 'reg_pattern_1'),
  password: defaultRule('password', 8, 20, 'reg_pattern_6'),
  mobileNum: defaultRule('mobileNum', 6, 15, 'reg_pattern_4'),
};

/** The merchant's rule of a field, else our default for it. */
export function ruleOf(merchant: Merchant, key: string): RegisterRule | undefined {
  return merchant.registerRules.find((r) => r.key === key) ?? defaultRules[key];
}

/**
 * Checks a new password against the merchant's password rule and, when a confirmation field is
 * given, that the confirmation equals it.
 */
export function newPasswordProblems(
  merchant: Merchant,
  password: [string, string | undefined],
  confirm?: [string, string | undefined],
): FieldError[] {
  const rule = ruleOf(merchant, 'password') ?? defaultRule('password', 8, 20, 'reg_pattern_6');
  const fields: FieldError[] = [];
  const problem = validateRegisterField(rule, password[1], { required: true });
  if (problem) fields.push(fieldError(password[0], problem));
  if (confirm) {
    const mismatch = validateRegisterField({ ...rule, key: 'confirmPassword' }, confirm[1], {
      required: true,
      password: password[1] ?? '',
    });
    if (mismatch) fields.push(fieldError(confirm[0], mismatch));
  }
  return fields;
}

export function mobileOrFail(
  merchant: Merchant,
  countryDialingCode: string | undefined,
  mobileNum: string | undefined,
  field = 'mobileNum',
): Mobile {
  if (!mobileNum?.trim()) fail([{ field, message: 'validation.required' }]);
  const mobile = normalizeMobile(countryDialingCode, mobileNum, merchant.country);
  if (!mobile) fail([{ field, message: 'validation.mobile_invalid' }]);
  return mobile;
}

export function emailOrFail(email: string | undefined, field = 'email'): string {
  const value = email?.trim() ?? '';
  if (!value) fail([{ field, message: 'validation.required' }]);
  if (!regPatterns[3]?.(value)) fail([{ field, message: 'validation.email_invalid' }]);
  return value.toLowerCase();
}

/**
 * Password failures of an account name (per merchant, known or not, so a lock says nothing about
 * existence): a captcha past 3, locked for 15 minutes at the 10th, cleared by the right password.
 * The security centre's old-password checks count here too.
 */
export function accountLimit(config: AuthConfig, merchant: Merchant, account: string): AttemptLimit {
  const who = `${merchant.id}:${account.toLowerCase()}`;
  return {
    key: `login:fail:${who}`,
    windowMs: config.failureWindowMs,
    max: config.lockAfterFailures,
    refuse: 'APP_ERR_AUTH_ACCOUNT_LOCKED',
    lock: { key: `login:lock:${who}`, ms: config.lockMs },
    resetOnSuccess: true,
  };
}

/** Login failures from one client address, whatever the accounts: a captcha past 3, refused past 50 in the window. */
export function ipLimit(config: AuthConfig, caller: Caller): AttemptLimit {
  return {
    key: `login:fail:ip:${caller.location.ip}`,
    windowMs: config.failureWindowMs,
    max: config.ipFailureLimit,
    refuse: 'APP_ERR_RATE_LIMITED',
  };
}

/** Runs `work` with a generated account name, trying another when (rarely) the name is taken. */
export async function withFreshAccount<T>(prefix: string, work: (account: string) => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await work(generateAccount(prefix));
    } catch (err) {
      if (attempt >= 4 || !(err instanceof AppError) || err.code !== 'APP_ERR_MEMBER_ACCOUNT_TAKEN') throw err;
    }
  }
}
