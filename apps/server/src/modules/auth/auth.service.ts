import { randomBytes } from 'node:crypto';
import {
  agentTypes,
  type ChangePasswordBody,
  type CodeSent,
  type FieldError,
  isModuleEnabled,
  type Location,
  type LoginAnswer,
  type LoginBody,
  type ModuleId,
  memberEntranceTypes,
  memberTypes,
  type RegisterBody,
  type RegisterRule,
  regPatterns,
  type SecondStepBody,
  type SendSmsBody,
  validateRegisterField,
} from '@platform/contract';
import { type AttemptLimit, reserveAttempt, throttle } from '../../platform/attempts.ts';
import type { Db } from '../../platform/db.ts';
import { sha256Hex } from '../../platform/digest.ts';
import { AppError } from '../../platform/errors.ts';
import {
  affiliateOwner,
  createMember,
  generateAccount,
  type MemberRow,
  type Mobile,
  memberByAccount,
  memberByAccountAndEmail,
  memberById,
  memberByMobile,
  normalizeMobile,
  recordLogin,
  setEmail,
  setMobile,
  setPassword,
} from '../members/members.service.ts';
import type { NewMemberRow } from '../members/members.tables.ts';
import type { Merchant } from '../merchants/merchants.service.ts';
import { type MessageSender, renderMessage } from '../messaging/messaging.service.ts';
import type { AuthConfig } from './auth.config.ts';
import type { SessionRow } from './auth.repository.ts';
import { insertPasswordReset, takePasswordReset } from './auth.repository.ts';
import { checkAltcha, checkCaptcha } from './bot-check.ts';
import type { PasswordHasher } from './passwords.ts';
import type { ServerKeys } from './server-keys.ts';
import { closeOtherSessions, openSession } from './sessions.ts';
import { completeSecondStep, knownAddress, openSecondStep } from './two-factor.ts';
import { checkCode, sendCode, spendCode } from './verification.service.ts';

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
  /** Scheme and host of the site, for links in emails. */
  origin: string;
}

const on = (merchant: Merchant, id: ModuleId) => isModuleEnabled(merchant.whitelabel, id);
const HOUR_MS = 3_600_000;

function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx as unknown as Db));
}

function fail(fields: FieldError[]): never {
  throw new AppError('APP_ERR_VALIDATION', fields);
}

/** A field error carrying the substitution values of its message when it has some. */
function fieldError(field: string, problem: { key: string; params?: Record<string, string | number> }): FieldError {
  return problem.params ? ({ field, message: problem.key, params: problem.params } as FieldError) : { field, message: problem.key };
}

const defaultRule = (key: string, minLength: number, maxLength: number, patternId: string): RegisterRule => ({
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
const defaultRules: Record<string, RegisterRule> = {
  username: defaultRule('username', 6, 16, 'reg_pattern_1'),
  password: defaultRule('password', 8, 20, 'reg_pattern_6'),
  mobileNum: defaultRule('mobileNum', 6, 15, 'reg_pattern_4'),
};

/** The merchant's rule of a field, else our default for it. */
function ruleOf(merchant: Merchant, key: string): RegisterRule | undefined {
  return merchant.registerRules.find((r) => r.key === key) ?? defaultRules[key];
}

/**
 * Checks a new password against the merchant's password rule and, when a confirmation field is
 * given, that the confirmation equals it.
 */
function newPasswordProblems(
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

function mobileOrFail(
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

// Sessions and the login answer

async function startSession(deps: AuthDeps, tx: Db, caller: Caller, member: MemberRow, kind: string, now: Date): Promise<LoginAnswer> {
  const { token, session } = await openSession(tx, deps.config, member, { kind, ip: caller.location.ip, userAgent: caller.userAgent }, now);
  const previous = await recordLogin(tx, member, { kind, location: caller.location, at: now });
  // SMS logins never force a password change: the member may have no password at all.
  const passwordLogin = kind === 'username';
  const changedAt = member.passwordChangedAt ?? member.createdAt;
  const maxAgeMs = deps.config.passwordMaxAgeDays * 86_400_000;
  return {
    token,
    expiresAt: session.expiresAt.getTime(),
    firstTimeLogin: passwordLogin && member.mustChangePassword,
    passwordExpired:
      passwordLogin &&
      member.passwordHash !== null &&
      on(caller.merchant, 'PWDEXPFORCECHANGE3') &&
      now.getTime() - changedAt.getTime() > maxAgeMs,
    userName: member.account,
    nickname: member.nickname,
    isAgent: member.type,
    previousLoginAt: previous?.getTime() ?? null,
  };
}

/**
 * Password failures of an account name (per merchant, known or not, so a lock says nothing about
 * existence): a captcha past 3, locked for 15 minutes at the 10th, cleared by the right password.
 * The security centre's old-password checks count here too.
 */
function accountLimit(config: AuthConfig, merchant: Merchant, account: string): AttemptLimit {
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
function ipLimit(config: AuthConfig, caller: Caller): AttemptLimit {
  return {
    key: `login:fail:ip:${caller.location.ip}`,
    windowMs: config.failureWindowMs,
    max: config.ipFailureLimit,
    refuse: 'APP_ERR_RATE_LIMITED',
  };
}

/** The member entrance admits players and agents; the agent entrance admits agents only. */
function checkEntrance(member: MemberRow, entrance: 'member' | 'agent'): void {
  if (entrance === 'agent' && !agentTypes.includes(member.type)) throw new AppError('APP_ERR_AUTH_NOT_AGENT');
  if (entrance === 'member' && !memberEntranceTypes.includes(member.type)) throw new AppError('APP_ERR_AUTH_MEMBER_NO_ENTER');
}

// Login

/**
 * Logs in by account (or mobile number) and password, or by mobile number and SMS code. A failure
 * says only 'account or password wrong', for an unknown account exactly as for a wrong password
 * (an unknown account still costs one password check). After 3 failures for the account or the
 * client IP a captcha is required; after 10 for the account it is locked for 15 minutes.
 */
export async function login(deps: AuthDeps, caller: Caller, body: LoginBody, entrance: 'member' | 'agent'): Promise<LoginAnswer> {
  if (body.type === 'sms') return smsLogin(deps, caller, body, entrance);
  const { db, config } = deps;
  const now = new Date();
  const username = body.username?.trim() ?? '';
  const password = body.password ?? '';
  const missing: FieldError[] = [];
  if (!username) missing.push({ field: 'username', message: 'validation.required' });
  if (!password) missing.push({ field: 'password', message: 'validation.required' });
  if (missing.length) fail(missing);
  if (!(await checkAltcha(db, deps.keys, body.altcha))) throw new AppError('APP_ERR_AUTH_BOT_CHECK_FAILED');

  const attempt = await reserveAttempt(db, [accountLimit(config, caller.merchant, username), ipLimit(config, caller)], now);
  // The captcha is asked of an attempt whose place is past the threshold, so a burst gets the same
  // few captcha-free checks as the same attempts one after another.
  if (Math.max(...attempt.counts) > config.captchaAfterFailures) {
    if (!body.captcha || !body.captchaId) {
      await attempt.release();
      throw new AppError('APP_ERR_AUTH_CAPTCHA_REQUIRED', undefined, { captchaRequired: true });
    }
    if (!(await checkCaptcha(db, caller.merchant.id, body.captchaId, body.captcha, now))) {
      await attempt.release();
      throw new AppError('APP_ERR_AUTH_CAPTCHA_WRONG', undefined, { captchaRequired: true });
    }
  }

  const member = await loginMember(db, caller.merchant, username, body.countryDialingCode);
  // Always one verification, against a dummy hash for an unknown account: the timing tells nothing.
  const valid = await deps.hasher.verify(member?.passwordHash, password);
  if (!member || !valid) {
    if (await attempt.fail()) throw new AppError('APP_ERR_AUTH_ACCOUNT_LOCKED');
    throw new AppError('APP_ERR_AUTH_LOGIN_FAILED', undefined, {
      captchaRequired: Math.max(...attempt.counts) >= config.captchaAfterFailures,
    });
  }
  await attempt.succeed();
  checkEntrance(member, entrance);
  // From an address the member never used, the merchant may ask for a second step first.
  if (on(caller.merchant, 'LOGIN2FA3') && !(await knownAddress(db, member.id, caller.location.ip))) {
    const step = await openSecondStep(db, caller, member, now);
    if (step) throw new AppError('APP_ERR_AUTH_SECOND_STEP', undefined, { ...step });
  }
  return inTransaction(db, (tx) => startSession(deps, tx, caller, member, 'username', now));
}

/** The second step of a password login from a new address: then the session opens as for any login. */
export function loginSecondStep(deps: AuthDeps, caller: Caller, body: SecondStepBody): Promise<LoginAnswer> {
  const now = new Date();
  return completeSecondStep(deps, caller, body, (tx, member) => startSession(deps, tx, caller, member, 'username', now), now);
}

/** The member a login name designates: the account, else (digits only) the mobile number. */
async function loginMember(db: Db, merchant: Merchant, username: string, countryDialingCode: string | undefined) {
  if (username.length < 2) return undefined;
  const byAccount = await memberByAccount(db, merchant.id, username);
  if (byAccount || !/^\+?\d{6,20}$/.test(username)) return byAccount;
  const mobile = normalizeMobile(countryDialingCode, username, merchant.country);
  return mobile ? memberByMobile(db, merchant.id, mobile.e164) : undefined;
}

async function smsLogin(deps: AuthDeps, caller: Caller, body: LoginBody, entrance: 'member' | 'agent'): Promise<LoginAnswer> {
  const { db, config } = deps;
  if (!on(caller.merchant, 'MOBILEVERCODELOGIN3')) throw new AppError('APP_ERR_AUTH_FEATURE_DISABLED');
  const now = new Date();
  const mobile = mobileOrFail(caller.merchant, body.countryDialingCode, body.mobileNum);
  if (!body.code?.trim()) fail([{ field: 'code', message: 'validation.required' }]);
  const attempt = await reserveAttempt(db, [ipLimit(config, caller)], now);
  let codeId: number;
  try {
    codeId = await checkCode(
      db,
      { merchantId: caller.merchant.id, channel: 'sms', target: mobile.e164, purpose: 'nologin' },
      body.code,
      now,
    );
  } catch (err) {
    await attempt.fail();
    throw err;
  }
  await attempt.succeed();
  const member = await memberByMobile(db, caller.merchant.id, mobile.e164);
  if (!member) throw new AppError('APP_ERR_VERIFICATION_CODE_INVALID');
  checkEntrance(member, entrance);
  return inTransaction(db, async (tx) => {
    await spendCode(tx, codeId, now);
    return startSession(deps, tx, caller, member, 'sms', now);
  });
}

/** Free play: a trial account (type 4) with a generated name and no password, logged in at once. */
export async function freePlay(deps: AuthDeps, caller: Caller): Promise<LoginAnswer> {
  if (!on(caller.merchant, 'FREEPLAY3')) throw new AppError('APP_ERR_AUTH_FEATURE_DISABLED');
  const now = new Date();
  await throttle(deps.db, `freeplay:ip:${caller.location.ip}`, { windowMs: HOUR_MS, limit: 10 }, now);
  return withFreshAccount('t', (account) =>
    inTransaction(deps.db, async (tx) => {
      const member = await createMember(tx, {
        merchantId: caller.merchant.id,
        account,
        nickname: account,
        type: memberTypes.trial,
        language: caller.lang,
        registerIp: caller.location.ip,
      });
      return startSession(deps, tx, caller, member, 'freeplay', now);
    }),
  );
}

/** Runs `work` with a generated account name, trying another when (rarely) the name is taken. */
async function withFreshAccount<T>(prefix: string, work: (account: string) => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await work(generateAccount(prefix));
    } catch (err) {
      if (attempt >= 4 || !(err instanceof AppError) || err.code !== 'APP_ERR_MEMBER_ACCOUNT_TAKEN') throw err;
    }
  }
}

// Registration

/** Optional profile fields, each shown and required as the merchant's rules say. */
const profileFields = [
  'email',
  'payeeName',
  'qqNum',
  'line',
  'whatsapp',
  'zalo',
  'facebook',
  'wechat',
  'idNumber',
  'affiliateCode',
  'recommenderId',
  'paymentPassword',
] as const;

/**
 * Registers a member and logs them in. Username mode: account and password, plus a verified mobile
 * number when the merchant verifies registrations by SMS (REGMOBVERF3). Mobile mode: the mobile
 * number and its SMS code; an account name is generated; the password is optional and only taken
 * when MOBILENUMPASSREG3 is on. Every rule is checked here whatever the site did; a failed
 * registration stores nothing, and of two concurrent ones for one name exactly one succeeds.
 */
export async function register(deps: AuthDeps, caller: Caller, body: RegisterBody, mode: 'username' | 'mobile'): Promise<LoginAnswer> {
  const { db } = deps;
  const { merchant } = caller;
  const now = new Date();
  if (!on(merchant, mode === 'username' ? 'USERNAMEREG3' : 'MOBILENUMREG3')) throw new AppError('APP_ERR_AUTH_FEATURE_DISABLED');
  await throttle(db, `register:ip:${caller.location.ip}`, { windowMs: HOUR_MS, limit: 30 }, now);

  const fields: FieldError[] = [];
  const check = (key: string, value: string | undefined, ctx: { required?: boolean; password?: string } = {}) => {
    const rule = ruleOf(merchant, key) ?? defaultRule(key, 0, 255, 'reg_pattern_0');
    if (!rule.enabled && ctx.required === undefined) return;
    const problem = validateRegisterField(rule, value, ctx);
    if (problem) fields.push(fieldError(key, problem));
  };

  const smsVerified = mode === 'mobile' || on(merchant, 'REGMOBVERF3');
  const mobileNum = mode === 'mobile' ? (body.mobileNum ?? body.username) : body.mobileNum;
  const withPassword = mode === 'username' || (on(merchant, 'MOBILENUMPASSREG3') && Boolean(body.password));
  if (mode === 'username') check('username', body.username?.trim(), { required: true });
  if (withPassword) {
    fields.push(...newPasswordProblems(merchant, ['password', body.password], ['confirmPassword', body.confirmPassword]));
  }
  const mobileRule = ruleOf(merchant, 'mobileNum');
  const mobileRequired = smsVerified || Boolean(mobileRule?.enabled && mobileRule.required);
  if (mobileRule?.enabled || mobileRequired) check('mobileNum', mobileNum?.trim(), { required: mobileRequired });
  if (smsVerified && !body.verificationCode?.trim()) fields.push({ field: 'verificationCode', message: 'validation.required' });
  for (const key of profileFields) {
    const rule = ruleOf(merchant, key);
    if (rule?.enabled) check(key, body[key]?.trim(), key === 'paymentPassword' ? { required: true } : {});
  }
  const captchaRule = ruleOf(merchant, 'captcha');
  const captchaRequired = Boolean(captchaRule?.enabled && captchaRule.required);
  if (captchaRequired && !body.captcha?.trim()) fields.push({ field: 'captcha', message: 'validation.required' });
  if (body.agreeTerms !== true) fields.push({ field: 'agreeTerms', message: 'validation.agree_terms' });
  if (fields.length) fail(fields);

  const mobile = mobileNum?.trim() ? mobileOrFail(merchant, body.countryDialingCode, mobileNum) : undefined;
  if (captchaRequired && !(await checkCaptcha(db, merchant.id, body.captchaId, body.captcha, now))) {
    throw new AppError('APP_ERR_AUTH_CAPTCHA_WRONG');
  }
  const code = (ruleOf(merchant, 'affiliateCode')?.enabled ? body.affiliateCode?.trim() : undefined) || body.referralCode?.trim();
  const upline = code ? await affiliateOwner(db, merchant.id, code) : undefined;
  if (code && !upline) throw new AppError('APP_ERR_AUTH_INVITATION_CODE_INVALID');
  // Early answers for what is visibly taken; the unique indexes still decide races below.
  if (mode === 'username' && body.username && (await memberByAccount(db, merchant.id, body.username.trim()))) {
    throw new AppError('APP_ERR_MEMBER_ACCOUNT_TAKEN');
  }
  if (mobile && (await memberByMobile(db, merchant.id, mobile.e164))) throw new AppError('APP_ERR_MEMBER_MOBILE_TAKEN');
  const codeId =
    smsVerified && mobile
      ? await checkCode(
          db,
          { merchantId: merchant.id, channel: 'sms', target: mobile.e164, purpose: 'register' },
          body.verificationCode,
          now,
        )
      : undefined;
  const passwordHash = withPassword && body.password ? await deps.hasher.hash(body.password) : null;
  const paymentPasswordHash =
    ruleOf(merchant, 'paymentPassword')?.enabled && body.paymentPassword ? await deps.hasher.hash(body.paymentPassword) : null;

  const profile: Partial<NewMemberRow> = {};
  for (const key of profileFields) {
    const rule = ruleOf(merchant, key);
    const value = body[key]?.trim();
    if (rule?.enabled && value && key !== 'paymentPassword' && key !== 'affiliateCode') profile[key] = value;
  }
  const create = (account: string) =>
    inTransaction(db, async (tx) => {
      if (codeId !== undefined) await spendCode(tx, codeId, now);
      const member = await createMember(tx, {
        ...profile,
        merchantId: merchant.id,
        account,
        nickname: account,
        type: memberTypes.player,
        uplineId: upline?.id ?? null,
        affiliateCode: code || null,
        mobile: mobile?.e164 ?? null,
        countryDialingCode: mobile?.countryDialingCode ?? null,
        mobileVerifiedAt: mobile && codeId !== undefined ? now : null,
        language: caller.lang,
        passwordHash,
        passwordChangedAt: passwordHash ? now : null,
        paymentPasswordHash,
        registerIp: caller.location.ip,
        registerUrl: body.registerUrl ?? '',
        createdAt: now,
      });
      return startSession(deps, tx, caller, member, 'register', now);
    });
  return mode === 'username' ? create((body.username ?? '').trim()) : withFreshAccount('m', create);
}

/** The agent behind an affiliate code of the merchant; an unknown code is 'invitation_code_error'. */
export async function checkAffiliate(deps: AuthDeps, caller: Caller, code: string): Promise<{ valid: true; code: string; agent: string }> {
  await throttle(deps.db, `affiliate:ip:${caller.location.ip}`, { windowMs: 60_000, limit: 30 });
  const owner = code.trim() ? await affiliateOwner(deps.db, caller.merchant.id, code.trim()) : undefined;
  if (!owner) throw new AppError('APP_ERR_AUTH_INVITATION_CODE_INVALID');
  return { valid: true, code: code.trim(), agent: owner.account };
}

// Codes

/**
 * Sends an SMS code after a bot check. 'register' refuses a number already registered; 'nologin'
 * (SMS login, reset by phone) answers the same whether or not a member has the number, and only
 * sends when one has, so the answer cannot be used to find out who plays here.
 */
export async function sendSmsCode(deps: AuthDeps, caller: Caller, body: SendSmsBody, purpose: 'register' | 'nologin'): Promise<CodeSent> {
  const { merchant } = caller;
  const allowed =
    purpose === 'register'
      ? on(merchant, 'MOBILENUMREG3') || on(merchant, 'REGMOBVERF3')
      : on(merchant, 'MOBILEVERCODELOGIN3') || on(merchant, 'CHNGPASSVERIF3');
  if (!allowed) throw new AppError('APP_ERR_AUTH_FEATURE_DISABLED');
  const mobile = mobileOrFail(merchant, body.countryDialingCode, body.mobileNum ?? body.mobileNo);
  if (!(await checkAltcha(deps.db, deps.keys, body.altcha))) throw new AppError('APP_ERR_AUTH_BOT_CHECK_FAILED');
  const holder = await memberByMobile(deps.db, merchant.id, mobile.e164);
  if (purpose === 'register' && holder) throw new AppError('APP_ERR_MEMBER_MOBILE_TAKEN');
  return sendCode(
    deps.db,
    deps.sender,
    deps.config,
    { merchantId: merchant.id, channel: 'sms', target: mobile.e164, purpose },
    { ip: caller.location.ip, lang: caller.lang, brand: merchant.theme.brandName, deliver: purpose === 'register' || holder !== undefined },
  );
}

/** Sends a code to a mobile number the member wants to bind. */
export async function sendBindSms(deps: AuthDeps, caller: Caller, member: MemberRow, body: SendSmsBody): Promise<CodeSent> {
  const mobile = mobileOrFail(caller.merchant, body.countryDialingCode, body.mobileNum ?? body.mobileNo);
  const holder = await memberByMobile(deps.db, caller.merchant.id, mobile.e164);
  if (holder && holder.id !== member.id) throw new AppError('APP_ERR_MEMBER_MOBILE_TAKEN');
  return sendCode(
    deps.db,
    deps.sender,
    deps.config,
    { merchantId: caller.merchant.id, channel: 'sms', target: mobile.e164, purpose: `bind:${member.id}` },
    { ip: caller.location.ip, lang: caller.lang, brand: caller.merchant.theme.brandName },
  );
}

function emailOrFail(email: string | undefined, field = 'email'): string {
  const value = email?.trim() ?? '';
  if (!value) fail([{ field, message: 'validation.required' }]);
  if (!regPatterns[3]?.(value)) fail([{ field, message: 'validation.email_invalid' }]);
  return value.toLowerCase();
}

/** Sends a code to an email address the member wants to bind. */
export async function sendBindEmail(deps: AuthDeps, caller: Caller, member: MemberRow, email: string): Promise<CodeSent> {
  const address = emailOrFail(email);
  return sendCode(
    deps.db,
    deps.sender,
    deps.config,
    { merchantId: caller.merchant.id, channel: 'email', target: address, purpose: `bind:${member.id}` },
    { ip: caller.location.ip, lang: caller.lang, brand: caller.merchant.theme.brandName },
  );
}

/**
 * Checks the member's current password before a sensitive change. Wrong guesses count towards the
 * account's login lock, so a stolen session cannot be used to guess the password freely.
 */
async function confirmPassword(deps: AuthDeps, caller: Caller, member: MemberRow, password: string | undefined, field: string) {
  if (!password) fail([{ field, message: 'validation.required' }]);
  const attempt = await reserveAttempt(deps.db, [accountLimit(deps.config, caller.merchant, member.account)]);
  if (await deps.hasher.verify(member.passwordHash, password)) return attempt.succeed();
  if (await attempt.fail()) throw new AppError('APP_ERR_AUTH_ACCOUNT_LOCKED');
  throw new AppError('APP_ERR_AUTH_OLD_PASSWORD_WRONG', [{ field, message: 'error.old_password_wrong' }]);
}

/** Binds (or replaces) the member's mobile number with a code sent to it; replacing also needs the password. */
export async function bindMobile(
  deps: AuthDeps,
  caller: Caller,
  member: MemberRow,
  body: { countryDialingCode: string; mobileNum: string; verificationCode: string; password?: string },
): Promise<void> {
  const mobile = mobileOrFail(caller.merchant, body.countryDialingCode, body.mobileNum);
  if (member.mobile && member.passwordHash) await confirmPassword(deps, caller, member, body.password, 'password');
  const target = { merchantId: caller.merchant.id, channel: 'sms' as const, target: mobile.e164, purpose: `bind:${member.id}` };
  const codeId = await checkCode(deps.db, target, body.verificationCode);
  await inTransaction(deps.db, async (tx) => {
    await spendCode(tx, codeId);
    await setMobile(tx, member.id, mobile);
  });
}

/** Binds (or replaces) the member's email with a code sent to it; replacing also needs the password. */
export async function bindEmail(
  deps: AuthDeps,
  caller: Caller,
  member: MemberRow,
  body: { email: string; verificationCode: string; password?: string },
): Promise<void> {
  const email = emailOrFail(body.email);
  if (member.email && member.passwordHash) await confirmPassword(deps, caller, member, body.password, 'password');
  const codeId = await checkCode(
    deps.db,
    { merchantId: caller.merchant.id, channel: 'email', target: email, purpose: `bind:${member.id}` },
    body.verificationCode,
  );
  await inTransaction(deps.db, async (tx) => {
    await spendCode(tx, codeId);
    await setEmail(tx, member.id, email);
  });
}

// Passwords

/**
 * Changes the password of the logged-in member: the old one is needed unless the member has none
 * (registered by mobile without one); the new one must pass the merchant's password rule and differ
 * from the old. Every other session of the member ends.
 */
export async function changePassword(
  deps: AuthDeps,
  caller: Caller,
  member: MemberRow,
  session: SessionRow | null,
  body: ChangePasswordBody,
) {
  const fields = newPasswordProblems(caller.merchant, ['newPassword', body.newPassword], ['confirmNewPassword', body.confirmNewPassword]);
  if (member.passwordHash && !body.oldPassword) fields.unshift({ field: 'oldPassword', message: 'validation.required' });
  if (fields.length) fail(fields);
  if (member.passwordHash) {
    await confirmPassword(deps, caller, member, body.oldPassword, 'oldPassword');
    if (body.oldPassword === body.newPassword) fail([{ field: 'newPassword', message: 'validation.password_same_as_old' }]);
  }
  const passwordHash = await deps.hasher.hash(body.newPassword);
  await inTransaction(deps.db, async (tx) => {
    await setPassword(tx, member.id, passwordHash);
    await closeOtherSessions(tx, member.id, session);
  });
}

const tokenDigest = (token: string) => sha256Hex(token);

/**
 * Forgot password by email: when the account and the email match, a single-use reset link valid for
 * 30 minutes is emailed. A mismatch is 'Username/Email does not exist', as the spec has it.
 */
export async function forgotByEmail(deps: AuthDeps, caller: Caller, body: { username: string; email: string }): Promise<{ sent: true }> {
  const { db, config } = deps;
  const fields: FieldError[] = [];
  const usernameRule = ruleOf(caller.merchant, 'username');
  const usernameProblem = usernameRule ? validateRegisterField(usernameRule, body.username?.trim(), { required: true }) : null;
  if (usernameProblem) fields.push(fieldError('username', usernameProblem));
  if (!body.email?.trim()) fields.push({ field: 'email', message: 'validation.required' });
  else if (!regPatterns[3]?.(body.email.trim())) fields.push({ field: 'email', message: 'validation.email_invalid' });
  if (fields.length) fail(fields);
  await throttle(db, `forgot:ip:${caller.location.ip}`, { windowMs: HOUR_MS, limit: 10 });
  const member = await memberByAccountAndEmail(db, caller.merchant.id, body.username.trim(), body.email.trim());
  if (!member?.email) throw new AppError('APP_ERR_MEMBER_USERNAME_EMAIL_NOT_FOUND');
  await throttle(db, `forgot:member:${member.id}`, { windowMs: HOUR_MS, limit: 3, code: 'APP_ERR_VERIFICATION_TOO_MANY' });
  const token = randomBytes(32).toString('base64url');
  await insertPasswordReset(db, {
    tokenHash: tokenDigest(token),
    memberId: member.id,
    expiresAt: new Date(Date.now() + config.resetLinkTtlMinutes * 60_000),
  });
  const link = `${caller.origin}/resetPassword?token=${token}`;
  const text = renderMessage('passwordReset', member.language || caller.lang, {
    brand: caller.merchant.theme.brandName,
    account: member.account,
    link,
    minutes: config.resetLinkTtlMinutes,
  });
  await deps.sender.send({ merchantId: caller.merchant.id, channel: 'email', to: member.email, subject: text.subject, body: text.body });
  return { sent: true };
}

/** Sets a new password from an emailed reset link; the link is spent and every session of the member ends. */
export async function resetPassword(
  deps: AuthDeps,
  caller: Caller,
  body: { token: string; newPassword: string; confirmNewPassword: string },
) {
  const fields = newPasswordProblems(caller.merchant, ['newPassword', body.newPassword], ['confirmNewPassword', body.confirmNewPassword]);
  if (fields.length) fail(fields);
  const passwordHash = await deps.hasher.hash(body.newPassword);
  await inTransaction(deps.db, async (tx) => {
    const memberId = await takePasswordReset(tx, tokenDigest(body.token), new Date());
    const member = memberId ? await memberById(tx, memberId) : undefined;
    if (!member || member.merchantId !== caller.merchant.id) throw new AppError('APP_ERR_AUTH_RESET_TOKEN_INVALID');
    await setPassword(tx, member.id, passwordHash);
    await closeOtherSessions(tx, member.id, null);
  });
}

/**
 * Forgot password by phone (CHNGPASSVERIF3): the SMS code proves the number, the new password is
 * set, every other session ends and the member is logged in with the new one.
 */
export async function forgotByPhone(
  deps: AuthDeps,
  caller: Caller,
  body: { countryDialingCode: string; mobileNum: string; verificationCode: string; newPassword: string; confirmNewPassword?: string },
): Promise<LoginAnswer> {
  if (!on(caller.merchant, 'CHNGPASSVERIF3')) throw new AppError('APP_ERR_AUTH_FEATURE_DISABLED');
  const now = new Date();
  const mobile = mobileOrFail(caller.merchant, body.countryDialingCode, body.mobileNum);
  const fields = newPasswordProblems(
    caller.merchant,
    ['newPassword', body.newPassword],
    body.confirmNewPassword === undefined ? undefined : ['confirmNewPassword', body.confirmNewPassword],
  );
  if (fields.length) fail(fields);
  const codeId = await checkCode(
    deps.db,
    { merchantId: caller.merchant.id, channel: 'sms', target: mobile.e164, purpose: 'nologin' },
    body.verificationCode,
    now,
  );
  const member = await memberByMobile(deps.db, caller.merchant.id, mobile.e164);
  if (!member) throw new AppError('APP_ERR_VERIFICATION_CODE_INVALID');
  const passwordHash = await deps.hasher.hash(body.newPassword);
  return inTransaction(deps.db, async (tx) => {
    await spendCode(tx, codeId, now);
    const updated = await setPassword(tx, member.id, passwordHash, now);
    await closeOtherSessions(tx, member.id, null, now);
    return startSession(deps, tx, caller, updated, 'reset', now);
  });
}
