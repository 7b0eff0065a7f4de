import {
  birthDateProblem,
  type CodeSent,
  cpfProblem,
  type FieldError,
  type LoginAnswer,
  memberTypes,
  normaliseCpf,
  type RegisterBody,
  registrationLimitProblem,
  type SendSmsBody,
  validateRegisterField,
} from '@platform/contract';
import { throttle } from '../../platform/attempts.ts';
import { inTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { periodAt } from '../../platform/periods.ts';
import { joinThroughLink, promoLinkFor } from '../agents/agents.service.ts';
import {
  affiliateOwner,
  createMember,
  memberByAccount,
  memberById,
  memberByMobile,
  type NewMemberRow,
} from '../members/members.service.ts';
import { recordReferral, referrerOf } from '../referral/referral.service.ts';
import { admitRegistration, setRegistrationLimits } from '../responsible-gaming/limits.service.ts';
import {
  type AuthDeps,
  type Caller,
  defaultRule,
  fail,
  fieldError,
  HOUR_MS,
  mobileOrFail,
  newPasswordProblems,
  on,
  ruleOf,
  withFreshAccount,
} from './account-rules.ts';
import { checkAltcha, checkCaptcha } from './bot-check.ts';
import { startSession } from './login.service.ts';
import { checkCode, sendCode, spendCode } from './verification.service.ts';

// Registration (by account name or by mobile number), affiliate codes, and the SMS codes sent before
// a registration or a login by code.

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
  // The market's rules (Brazil: CPF, 18+ and loss and time limits chosen at registration).
  const market = merchant.market;
  if (market.identityNumber === 'cpf') {
    const problem = cpfProblem(body.cpf);
    if (problem) fields.push(fieldError('cpf', problem));
  }
  if (market.birthDate) {
    const problem = birthDateProblem(body.birthDate, periodAt('day', merchant.timeZone, now).key, market.minimumAge);
    if (problem) fields.push(fieldError('birthDate', problem));
  }
  for (const [field, kind, limit] of [
    ['lossLimit', 'loss', body.lossLimit],
    ['sessionLimit', 'session', body.sessionLimit],
  ] as const) {
    const problem = registrationLimitProblem(kind, limit, market.limitsAtRegistration);
    if (problem) fields.push(fieldError(field, problem));
  }
  if (body.agreeTerms !== true) fields.push({ field: 'agreeTerms', message: 'validation.agree_terms' });
  if (fields.length) fail(fields);
  const cpf = market.identityNumber === 'cpf' ? normaliseCpf(body.cpf ?? '') : null;

  const mobile = mobileNum?.trim() ? mobileOrFail(merchant, body.countryDialingCode, mobileNum) : undefined;
  if (captchaRequired && !(await checkCaptcha(db, merchant.id, body.captchaId, body.captcha, now))) {
    throw new AppError('APP_ERR_AUTH_CAPTCHA_WRONG');
  }
  const code = (ruleOf(merchant, 'affiliateCode')?.enabled ? body.affiliateCode?.trim() : undefined) || body.referralCode?.trim();
  // An agent's promo link (with its member type and prize group) first, else a plain affiliate code.
  const link = code ? await promoLinkFor(db, merchant.id, code, now) : undefined;
  const upline = link ? { id: link.agentId } : code ? await affiliateOwner(db, merchant.id, code) : undefined;
  // Else a member's invite code: the friend is recorded under that member (decision 0036), not as a downline.
  const referrerId = code && !upline ? await referrerOf(db, merchant, code) : undefined;
  if (code && !upline && referrerId === undefined) throw new AppError('APP_ERR_AUTH_INVITATION_CODE_INVALID');
  // Early answers for what is visibly taken; the unique indexes still decide races below.
  if (mode === 'username' && body.username && (await memberByAccount(db, merchant.id, body.username.trim()))) {
    throw new AppError('APP_ERR_MEMBER_ACCOUNT_TAKEN');
  }
  if (mobile && (await memberByMobile(db, merchant.id, mobile.e164))) throw new AppError('APP_ERR_MEMBER_MOBILE_TAKEN');
  // The exclusion registry: a person self-excluded in this jurisdiction (same CPF, e-mail or mobile) cannot register again.
  await admitRegistration(db, merchant, { email: body.email?.trim() || null, mobile: mobile?.e164 ?? null, idNumber: cpf }, now);
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
  // The CPF is the member's identity number, stored as its 11 digits (unique per merchant).
  if (cpf) profile.idNumber = cpf;
  if (market.birthDate && body.birthDate) profile.birthDate = body.birthDate.trim();
  const create = (account: string) =>
    inTransaction(db, async (tx) => {
      if (codeId !== undefined) await spendCode(tx, codeId, now);
      const member = await createMember(tx, {
        ...profile,
        merchantId: merchant.id,
        account,
        nickname: account,
        type: link?.memberType ?? memberTypes.player,
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
      if (link) await joinThroughLink(tx, link, member.id, now);
      if (referrerId !== undefined) await recordReferral(tx, merchant.id, member.id, referrerId, now);
      if (market.limitsAtRegistration !== 'off') {
        await setRegistrationLimits(tx, merchant, member.id, { loss: body.lossLimit, session: body.sessionLimit }, now);
      }
      return startSession(deps, tx, caller, member, 'register', now);
    });
  return mode === 'username' ? create((body.username ?? '').trim()) : withFreshAccount('m', create);
}

const memberOfId = (db: AuthDeps['db'], id: number | undefined) => (id === undefined ? undefined : memberById(db, id));

/** The agent behind an affiliate code of the merchant, or the member behind an invite code; an unknown code is 'invitation_code_error'. */
export async function checkAffiliate(deps: AuthDeps, caller: Caller, code: string): Promise<{ valid: true; code: string; agent: string }> {
  await throttle(deps.db, `affiliate:ip:${caller.location.ip}`, { windowMs: 60_000, limit: 30 });
  const link = code.trim() ? await promoLinkFor(deps.db, caller.merchant.id, code.trim()) : undefined;
  const owner = link
    ? await memberById(deps.db, link.agentId)
    : code.trim()
      ? ((await affiliateOwner(deps.db, caller.merchant.id, code.trim())) ??
        (await memberOfId(deps.db, await referrerOf(deps.db, caller.merchant, code.trim()))))
      : undefined;
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
