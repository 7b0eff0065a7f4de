import { randomBytes } from 'node:crypto';
import { type FieldError, type LoginAnswer, regPatterns, validateRegisterField } from '@platform/contract';
import { throttle } from '../../platform/attempts.ts';
import { inTransaction } from '../../platform/db.ts';
import { sha256Hex } from '../../platform/digest.ts';
import { AppError } from '../../platform/errors.ts';
import { memberByAccountAndEmail, memberById, memberByMobile, setPassword } from '../members/members.service.ts';
import { renderMessage } from '../messaging/messaging.service.ts';
import { type AuthDeps, type Caller, fail, fieldError, HOUR_MS, mobileOrFail, newPasswordProblems, on, ruleOf } from './account-rules.ts';
import { insertPasswordReset, takePasswordReset } from './auth.repository.ts';
import { startSession } from './login.service.ts';
import { closeOtherSessions } from './sessions.ts';
import { checkCode, spendCode } from './verification.service.ts';

// Recovery of a forgotten password: a reset link by e-mail, or an SMS code.

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
