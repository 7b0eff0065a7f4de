import {
  agentTypes,
  type FieldError,
  type LoginAnswer,
  type LoginBody,
  memberEntranceTypes,
  memberTypes,
  type SecondStepBody,
} from '@platform/contract';
import { reserveAttempt, throttle } from '../../platform/attempts.ts';
import { type Db, inTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { createMember, type MemberRow, memberByAccount, memberByMobile, normalizeMobile, recordLogin } from '../members/members.service.ts';
import type { Merchant } from '../merchants/merchants.service.ts';
import { admitLogin } from '../responsible-gaming/limits.service.ts';
import { refuseSwitchedOff } from '../staking/play-switch.service.ts';
import { type AuthDeps, accountLimit, type Caller, fail, HOUR_MS, ipLimit, mobileOrFail, on, withFreshAccount } from './account-rules.ts';
import { checkAltcha, checkCaptcha } from './bot-check.ts';
import { openSession } from './sessions.ts';
import { completeSecondStep, knownAddress, openSecondStep } from './two-factor.ts';
import { checkCode, spendCode } from './verification.service.ts';

// Logging in: by password (with the second step from a new address), by SMS code, and free play.

// Sessions and the login answer

export async function startSession(
  deps: AuthDeps,
  tx: Db,
  caller: Caller,
  member: MemberRow,
  kind: string,
  now: Date,
): Promise<LoginAnswer> {
  // An operator's switch (decision 0048), a cool-off, self-exclusion (here or, by the registry, in the
  // jurisdiction) or used-up session time limit keeps the member out.
  await refuseSwitchedOff(tx, member.id, 'login');
  await admitLogin(tx, caller.merchant, member, now);
  const { token, session } = await openSession(tx, deps.config, member, { kind, ip: caller.location.ip, userAgent: caller.userAgent }, now);
  const previous = await recordLogin(tx, member, {
    kind,
    location: caller.location,
    userAgent: caller.userAgent,
    device: caller.device,
    at: now,
  });
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
