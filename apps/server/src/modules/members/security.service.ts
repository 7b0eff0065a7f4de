import type { ChangePasswordBody, CodeSent, SendSmsBody } from '@platform/contract';
import { reserveAttempt } from '../../platform/attempts.ts';
import { inTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import {
  type AuthDeps,
  accountLimit,
  type Caller,
  emailOrFail,
  fail,
  mobileOrFail,
  newPasswordProblems,
  type SessionRow,
} from '../auth/account-rules.ts';
import { closeOtherSessions } from '../auth/sessions.ts';
import { checkCode, sendCode, spendCode } from '../auth/verification.service.ts';
import { type MemberRow, memberByMobile, setEmail, setMobile, setPassword } from './members.service.ts';

// The security centre's changes of the member's own contacts and password (the routes stay in
// auth.routes.ts, behind its sealed-body hook). Codes and sessions are auth's; the member's rows are ours.

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
