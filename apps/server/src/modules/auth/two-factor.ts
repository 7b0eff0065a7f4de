import { randomBytes } from 'node:crypto';
import type { CodeSent, LoginAnswer, SecondStep } from '@platform/contract';
import { Secret, TOTP } from 'otpauth';
import { reserveAttempt } from '../../platform/attempts.ts';
import { type Db, inTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { hasLoggedInFrom, type MemberRow, maskEmail, maskMobile, memberById } from '../members/members.service.ts';
import type { AuthDeps, Caller } from './account-rules.ts';
import {
  deleteTotp,
  findLiveChallenge,
  findTotp,
  insertChallenge,
  markTotpEnabled,
  takeTotpStep,
  upsertTotpSecret,
  useChallenge,
} from './two-factor.repository.ts';
import { checkCode, sendCode, spendCode } from './verification.service.ts';

const CHALLENGE_TTL_MS = 10 * 60_000;
const TOTP_TRIES = 5;

/** Whether the member ever logged in (or registered) from this address. */
export const knownAddress = hasLoggedInFrom;

async function enabledTotp(db: Db, memberId: number) {
  const row = await findTotp(db, memberId);
  return row?.enabledAt ? row : undefined;
}

/** Whether the member's authenticator app is in force (the security centre shows it). */
export async function hasAuthenticator(db: Db, memberId: number): Promise<boolean> {
  return (await enabledTotp(db, memberId)) !== undefined;
}

const totpOf = (account: string, brand: string, secret: string) =>
  new TOTP({ issuer: brand, label: account, algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });

/**
 * Opens the second step of a login from a new address, when the member has a way to take it: a
 * bound mobile or e-mail (a code is sent on request) or an authenticator app. With none of them there
 * is nothing to check against, and the login goes on (undefined).
 */
export async function openSecondStep(db: Db, caller: Caller, member: MemberRow, now: Date): Promise<SecondStep | undefined> {
  const methods: SecondStep['methods'] = [];
  if (member.mobile) methods.push('sms');
  if (member.email) methods.push('email');
  if (await enabledTotp(db, member.id)) methods.push('totp');
  if (methods.length === 0) return undefined;
  const challengeId = randomBytes(24).toString('base64url');
  await insertChallenge(db, {
    id: challengeId,
    merchantId: caller.merchant.id,
    memberId: member.id,
    ip: caller.location.ip,
    createdAt: now,
    expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
  });
  return { challengeId, methods, mobile: maskMobile(member), email: maskEmail(member.email) };
}

/** The live challenge of this caller: same merchant, same address, not expired, not used. */
async function liveChallenge(db: Db, caller: Caller, challengeId: string, now: Date) {
  const challenge = await findLiveChallenge(db, challengeId, now);
  if (!challenge || challenge.merchantId !== caller.merchant.id || challenge.ip !== caller.location.ip) {
    throw new AppError('APP_ERR_AUTH_CHALLENGE_INVALID');
  }
  const member = await memberById(db, challenge.memberId);
  if (!member) throw new AppError('APP_ERR_AUTH_CHALLENGE_INVALID');
  return { challenge, member };
}

const codeTarget = (caller: Caller, member: MemberRow, method: 'sms' | 'email', challengeId: string) => {
  const target = method === 'sms' ? member.mobile : member.email;
  if (!target) throw new AppError('APP_ERR_VALIDATION', [{ field: 'method', message: 'validation.unknown_value' }]);
  return { merchantId: caller.merchant.id, channel: method, target, purpose: `login2:${challengeId}` } as const;
};

/** Sends the second step's code by SMS or e-mail (throttled like every code). */
export async function sendSecondStepCode(
  deps: AuthDeps,
  caller: Caller,
  challengeId: string,
  method: 'sms' | 'email',
  now = new Date(),
): Promise<CodeSent> {
  const { member } = await liveChallenge(deps.db, caller, challengeId, now);
  return sendCode(
    deps.db,
    deps.sender,
    deps.config,
    codeTarget(caller, member, method, challengeId),
    { ip: caller.location.ip, lang: caller.lang, brand: caller.merchant.theme.brandName },
    now,
  );
}

/**
 * Completes a login with the second step: a code sent for this challenge, or the authenticator's
 * current code (5 tries per challenge). The challenge is used once; then the session opens.
 */
export async function completeSecondStep(
  deps: AuthDeps,
  caller: Caller,
  body: { challengeId: string; method: 'sms' | 'email' | 'totp'; code: string },
  startSession: (tx: Db, member: MemberRow) => Promise<LoginAnswer>,
  now = new Date(),
): Promise<LoginAnswer> {
  const { db } = deps;
  const { member } = await liveChallenge(db, caller, body.challengeId, now);
  let codeId: number | undefined;
  if (body.method === 'totp') {
    const totp = await enabledTotp(db, member.id);
    if (!totp) throw new AppError('APP_ERR_VERIFICATION_CODE_INVALID');
    const attempt = await reserveAttempt(
      db,
      [
        {
          key: `login2:totp:${body.challengeId}`,
          windowMs: CHALLENGE_TTL_MS,
          max: TOTP_TRIES,
          refuse: 'APP_ERR_VERIFICATION_CODE_INVALID',
        },
      ],
      now,
    );
    if (!(await acceptTotp(db, member, caller.merchant.theme.brandName, totp.secret, body.code, now))) {
      await attempt.fail();
      throw new AppError('APP_ERR_VERIFICATION_CODE_INVALID');
    }
    await attempt.succeed();
  } else {
    codeId = await checkCode(db, codeTarget(caller, member, body.method, body.challengeId), body.code, now);
  }
  return inTransaction(db, async (tx) => {
    if (!(await useChallenge(tx, body.challengeId, now))) throw new AppError('APP_ERR_AUTH_CHALLENGE_INVALID');
    if (codeId !== undefined) await spendCode(tx, codeId, now);
    return startSession(tx, member);
  });
}

/**
 * Accepts an authenticator code of this or the neighbouring 30-second step, once: the step it belongs
 * to must be later than the last accepted one (one conditional update, so two requests cannot both
 * use a code).
 */
async function acceptTotp(db: Db, member: MemberRow, brand: string, secret: string, code: string, now: Date): Promise<boolean> {
  const delta = totpOf(member.account, brand, secret).validate({ token: code.trim(), timestamp: now.getTime(), window: 1 });
  if (delta === null) return false;
  const step = Math.floor(now.getTime() / 30_000) + delta;
  return takeTotpStep(db, member.id, step);
}

// The authenticator app in the security centre

/** Starts setting up an authenticator app: a new secret, shown once, not yet in force. */
export async function setUpTotp(db: Db, member: MemberRow, brand: string): Promise<{ secret: string; otpauthUrl: string }> {
  if (await enabledTotp(db, member.id)) throw new AppError('APP_ERR_AUTH_TOTP_STATE');
  const secret = new Secret({ size: 20 }).base32;
  await upsertTotpSecret(db, member.id, secret);
  return { secret, otpauthUrl: totpOf(member.account, brand, secret).toString() };
}

/** Puts the authenticator in force once the member shows one of its codes. */
export async function enableTotp(db: Db, member: MemberRow, brand: string, code: string, now = new Date()): Promise<{ enabled: true }> {
  const row = await findTotp(db, member.id);
  if (!row || row.enabledAt) throw new AppError('APP_ERR_AUTH_TOTP_STATE');
  await checkTotp(db, member, brand, row.secret, code, now);
  await markTotpEnabled(db, member.id, now);
  return { enabled: true };
}

/** Removes the authenticator, on one of its codes. */
export async function disableTotp(db: Db, member: MemberRow, brand: string, code: string, now = new Date()): Promise<{ enabled: false }> {
  const row = await enabledTotp(db, member.id);
  if (!row) throw new AppError('APP_ERR_AUTH_TOTP_STATE');
  await checkTotp(db, member, brand, row.secret, code, now);
  await deleteTotp(db, member.id);
  return { enabled: false };
}

async function checkTotp(db: Db, member: MemberRow, brand: string, secret: string, code: string, now: Date) {
  const attempt = await reserveAttempt(
    db,
    [{ key: `totp:${member.id}`, windowMs: 15 * 60_000, max: TOTP_TRIES, refuse: 'APP_ERR_RATE_LIMITED' }],
    now,
  );
  if (!(await acceptTotp(db, member, brand, secret, code, now))) {
    await attempt.fail();
    throw new AppError('APP_ERR_VERIFICATION_CODE_INVALID', [{ field: 'code', message: 'error.verification_code_invalid' }]);
  }
  await attempt.succeed();
}
