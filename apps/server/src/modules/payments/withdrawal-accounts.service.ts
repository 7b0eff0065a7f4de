import { type BindWithdrawalAccountBody, type CodeSent, pixKeyTypes, type WithdrawalAccount } from '@platform/contract';
import { type Db, inTransaction } from '../../platform/db.ts';
import { uniqueViolation } from '../../platform/db-errors.ts';
import { AppError, failField } from '../../platform/errors.ts';
import { checkCode, sendCode, spendCode } from '../auth/verification.service.ts';
import { type MemberRow, normalizeMobile } from '../members/members.service.ts';
import { type Merchant, paymentSettingsOf } from '../merchants/merchants.service.ts';
import {
  insertWithdrawalAccount,
  membersSharingPayees,
  memberWithdrawalAccounts,
  removeWithdrawalAccount,
  type WithdrawalAccountRow,
} from './payments.repository.ts';
import type { WithdrawDeps } from './withdrawal-requests.service.ts';

// Withdrawal accounts: binding one (with a code to the member's own phone or e-mail), removing one.

export const mask = (number: string) => (number.length <= 4 ? number : `${'*'.repeat(Math.min(6, number.length - 4))}${number.slice(-4)}`);

export function accountView(a: WithdrawalAccountRow): WithdrawalAccount {
  return {
    id: a.id,
    kind: a.kind as WithdrawalAccount['kind'],
    holderName: a.holderName,
    institution: a.institution,
    number: mask(a.number),
    createdAt: a.createdAt.getTime(),
  };
}

/** Where a withdrawal-account code goes: the member's bound mobile, else the bound email. */
function codeTarget(member: MemberRow) {
  if (member.mobile) return { channel: 'sms' as const, target: member.mobile };
  if (member.email) return { channel: 'email' as const, target: member.email.toLowerCase() };
  throw new AppError('APP_ERR_WALLET_BIND_CONTACT_FIRST');
}

/** Sends the code that proves the member binds a withdrawal account (to the member's own phone or email). */
export function sendWithdrawAccountCode(
  deps: WithdrawDeps,
  merchant: Merchant,
  member: MemberRow,
  how: { ip: string; lang: string },
): Promise<CodeSent> {
  const to = codeTarget(member);
  return sendCode(
    deps.db,
    deps.sender,
    deps.authConfig,
    { merchantId: merchant.id, channel: to.channel, target: to.target, purpose: `withdraw-account:${member.id}` },
    { ip: how.ip, lang: how.lang, brand: merchant.theme.brandName },
  );
}

/** CPF check digits (mod 11). */
function validCpf(digits: string): boolean {
  if (!/^\d{11}$/.test(digits) || /^(\d)\1{10}$/.test(digits)) return false;
  const check = (len: number) => {
    let sum = 0;
    for (let i = 0; i < len; i++) sum += Number(digits[i]) * (len + 1 - i);
    const r = (sum * 10) % 11;
    return r === 10 ? 0 : r;
  };
  return check(9) === Number(digits[9]) && check(10) === Number(digits[10]);
}

const mobileBrands = ['orange', 'wave', 'mtn', 'moov', 'free'];

/** The account number in its stored form, or a field error saying what is wrong with it. */
function normalizeAccountNumber(merchant: Merchant, body: BindWithdrawalAccountBody): { institution: string; number: string } {
  const institution = body.institution.trim();
  if (body.kind === 'pix') {
    const type = institution.toLowerCase();
    if (!(pixKeyTypes as readonly string[]).includes(type)) return failField('institution', 'validation.unknown_value');
    const raw = body.number.trim();
    const digits = raw.replace(/[.\-/\s]/g, '');
    const ok =
      (type === 'cpf' && validCpf(digits)) ||
      (type === 'cnpj' && /^\d{14}$/.test(digits)) ||
      (type === 'email' && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(raw)) ||
      (type === 'random' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(raw));
    if (type === 'phone') {
      const m = normalizeMobile(undefined, raw, merchant.country);
      if (!m) return failField('number', 'validation.pix_key_invalid');
      return { institution: type, number: m.e164 };
    }
    if (!ok) return failField('number', 'validation.pix_key_invalid');
    return { institution: type, number: type === 'email' ? raw.toLowerCase() : type === 'random' ? raw.toLowerCase() : digits };
  }
  if (body.kind === 'mobile_money') {
    if (!mobileBrands.includes(institution.toLowerCase())) return failField('institution', 'validation.unknown_value');
    const m = normalizeMobile(undefined, body.number, merchant.country);
    if (!m) return failField('number', 'validation.mobile_invalid');
    return { institution: institution.toLowerCase(), number: m.e164 };
  }
  const number = body.number.replace(/\s/g, '');
  if (!/^[0-9A-Za-z-]{4,34}$/.test(number)) return failField('number', 'validation.bank_account_invalid');
  return { institution, number: number.toUpperCase() };
}

const MAX_ACCOUNTS = 5;

/** Binds a withdrawal account after checking the code sent to the member's own phone or email. */
export async function bindWithdrawalAccount(deps: WithdrawDeps, merchant: Merchant, member: MemberRow, body: BindWithdrawalAccountBody) {
  const settings = await paymentSettingsOf(deps.db, merchant.id);
  if (!settings.withdrawAccountKinds.includes(body.kind)) failField('kind', 'validation.unknown_value');
  const { institution, number } = normalizeAccountNumber(merchant, body);
  if ((await memberWithdrawalAccounts(deps.db, member.id)).length >= MAX_ACCOUNTS)
    failField('kind', 'validation.too_many_accounts', { max: MAX_ACCOUNTS });
  const to = codeTarget(member);
  const codeId = await checkCode(
    deps.db,
    { merchantId: merchant.id, channel: to.channel, target: to.target, purpose: `withdraw-account:${member.id}` },
    body.verificationCode,
  );
  try {
    const row = await inTransaction(deps.db, async (tx) => {
      await spendCode(tx, codeId);
      return insertWithdrawalAccount(tx, {
        merchantId: merchant.id,
        memberId: member.id,
        kind: body.kind,
        holderName: body.holderName,
        institution,
        number,
      });
    });
    return accountView(row);
  } catch (err) {
    if (uniqueViolation(err) !== undefined)
      throw new AppError('APP_ERR_WALLET_ACCOUNT_TAKEN', [{ field: 'number', message: 'error.withdraw_account_taken' }]);
    throw err;
  }
}

export async function removeAccount(db: Db, member: MemberRow, id: number): Promise<void> {
  if (!(await removeWithdrawalAccount(db, member.id, id, new Date()))) throw new AppError('APP_ERR_PAYMENT_NOT_FOUND');
}

/**
 * The operators' linked accounts by payee (decision 0048): other members of the member's merchant paid
 * to one of the member's current withdrawal accounts, each with the payee they share ("pix · key").
 */
export async function playersSharingPayees(
  db: Db,
  member: { id: number; merchantId: number },
  limit: number,
): Promise<{ memberId: number; payee: string }[]> {
  const rows = await membersSharingPayees(db, member.merchantId, member.id, limit);
  return rows.map((r) => ({ memberId: r.member_id, payee: `${r.kind} · ${r.number}` }));
}
