import { randomInt } from 'node:crypto';
import type { Location, MemberIcon, MemberInfo } from '@platform/contract';
import { getCountryCallingCode, type CountryCode as PhoneCountry, parsePhoneNumberFromString } from 'libphonenumber-js';
import type { Db } from '../../platform/db.ts';
import { uniqueViolation } from '../../platform/db-errors.ts';
import { sha256Hex } from '../../platform/digest.ts';
import { AppError } from '../../platform/errors.ts';
import { ReadCache } from '../../platform/read-cache.ts';
import { forgetMemberSessions } from '../auth/session-cache.ts';
import {
  findAccounts,
  findAffiliateOwner,
  findMemberByAccount,
  findMemberByAccountAndEmail,
  findMemberById,
  findMemberByMobile,
  hasLoginFrom,
  insertAffiliateCode,
  insertLogin,
  insertMember,
  memberRowsSubquery,
  recentLogins,
  updateMember as updateMemberRow,
} from './members.repository.ts';
import type { MemberRow, NewMemberRow } from './members.tables.ts';

export type { MemberRow, NewMemberRow } from './members.tables.ts';

/** A mobile number in the forms the platform keeps: E.164 for identity, the dialling code and the national digits. */
export interface Mobile {
  e164: string;
  countryDialingCode: string;
  national: string;
}

/**
 * Parses a mobile number typed with its dialling code (+55, 55) and checks it is a possible number
 * of that region (its n-digit rule). `fallbackCountry` (the merchant's) gives the code when none is sent.
 */
export function normalizeMobile(
  countryDialingCode: string | undefined,
  mobileNum: string | undefined,
  fallbackCountry: string,
): Mobile | undefined {
  const digits = (mobileNum ?? '').replace(/[\s().-]/g, '');
  if (!/^\+?\d{4,20}$/.test(digits)) return undefined;
  let code = (countryDialingCode ?? '').replace(/[^\d]/g, '');
  if (!code) {
    try {
      code = getCountryCallingCode(fallbackCountry as PhoneCountry);
    } catch {
      return undefined;
    }
  }
  let parsed: ReturnType<typeof parsePhoneNumberFromString>;
  try {
    parsed = digits.startsWith('+') ? parsePhoneNumberFromString(digits) : parsePhoneNumberFromString(digits, { defaultCallingCode: code });
  } catch {
    // libphonenumber throws on a dialling code it has no country for (+999): not a number we can reach.
    return undefined;
  }
  if (!parsed?.isValid() || parsed.countryCallingCode !== code) return undefined;
  return { e164: parsed.number, countryDialingCode: `+${parsed.countryCallingCode}`, national: parsed.nationalNumber };
}

/** Inserts a member; a taken account name or mobile number is a 409, whoever got there first. */
export async function createMember(db: Db, row: NewMemberRow): Promise<MemberRow> {
  try {
    return await insertMember(db, row);
  } catch (err) {
    throw takenError(err) ?? err;
  }
}

function takenError(err: unknown): AppError | undefined {
  const constraint = uniqueViolation(err);
  if (constraint === undefined) return undefined;
  if (constraint.includes('id_number'))
    return new AppError('APP_ERR_MEMBER_CPF_TAKEN', [{ field: 'cpf', message: 'validation.cpf_taken' }]);
  return new AppError(constraint.includes('mobile') ? 'APP_ERR_MEMBER_MOBILE_TAKEN' : 'APP_ERR_MEMBER_ACCOUNT_TAKEN');
}

export const memberById = findMemberById;
/** Whether the member ever logged in (or registered) from this address (a login from a new one may need a second step). */
export const hasLoggedInFrom = hasLoginFrom;
/** Member rows as a subquery to join on, for statements of other modules that need a member with their row (one round trip). */
export const memberRows = memberRowsSubquery;
/** Account names by member id, for other modules' boards and records (they never read the members table themselves). */
export const accountsOf = findAccounts;
export const memberByAccount = findMemberByAccount;
export const memberByMobile = findMemberByMobile;
export const memberByAccountAndEmail = findMemberByAccountAndEmail;

/** The owner of an affiliate code, when the code exists for the merchant. */
export const affiliateOwner = findAffiliateOwner;
export const addAffiliateCode = insertAffiliateCode;

/** Changes a member row; this node's session cache forgets the member's sessions before the caller answers. */
async function updateMember(db: Db, id: number, patch: Partial<NewMemberRow>): Promise<MemberRow> {
  const row = await updateMemberRow(db, id, patch);
  forgetMemberSessions(db, id);
  return row;
}

/** A fresh account name: the prefix and 9 random digits (for mobile registrations and trials). */
export function generateAccount(prefix: string): string {
  return `${prefix}${randomInt(100_000_000, 1_000_000_000)}`;
}

export function setPassword(db: Db, id: number, passwordHash: string, now = new Date()): Promise<MemberRow> {
  return updateMember(db, id, { passwordHash, passwordChangedAt: now, mustChangePassword: false });
}

export async function setMobile(db: Db, id: number, mobile: Mobile, now = new Date()): Promise<MemberRow> {
  try {
    return await updateMember(db, id, { mobile: mobile.e164, countryDialingCode: mobile.countryDialingCode, mobileVerifiedAt: now });
  } catch (err) {
    throw takenError(err) ?? err;
  }
}

export function setEmail(db: Db, id: number, email: string, now = new Date()): Promise<MemberRow> {
  return updateMember(db, id, { email, emailVerifiedAt: now });
}

export function setPaymentPassword(db: Db, id: number, paymentPasswordHash: string): Promise<MemberRow> {
  return updateMember(db, id, { paymentPasswordHash });
}

/** The member's direct downlines' ids are the members whose upline it is. */
export const isDirectDownline = (agent: Pick<MemberRow, 'id'>, member: Pick<MemberRow, 'uplineId'>) => member.uplineId === agent.id;

export function setNickname(db: Db, id: number, nickname: string): Promise<MemberRow> {
  return updateMember(db, id, { nickname });
}

/** Records a successful login and returns when the member logged in before it (null the first time). */
export async function recordLogin(
  db: Db,
  member: MemberRow,
  how: { kind: string; location: Location; userAgent?: string; device?: string; at?: Date },
): Promise<Date | null> {
  const at = how.at ?? new Date();
  await updateMember(db, member.id, { lastLoginAt: at, lastLoginIp: how.location.ip });
  await insertLogin(db, {
    memberId: member.id,
    at,
    ip: how.location.ip,
    country: how.location.country,
    countryCode: how.location.countryCode,
    kind: how.kind,
    userAgent: (how.userAgent ?? '').slice(0, 256),
    device: how.device ?? '',
  });
  return member.lastLoginAt;
}

/** Account names by member id, per database handle. */
const accounts = new WeakMap<Db, ReadCache>();

/**
 * A member's account name ('' for none). An account name never changes once registered (no update
 * sets it), so a name once read stays right: the logged-in read of member info names the upline
 * without a round trip.
 */
function accountOf(db: Db, id: number): Promise<string> {
  let cache = accounts.get(db);
  if (!cache) {
    cache = new ReadCache(600_000, 10_000);
    accounts.set(db, cache);
  }
  return cache.get(String(id), async () => (await findMemberById(db, id))?.account ?? '');
}

/** The member info of the spec (§3), as the site's header and guards read it. */
export async function memberInfo(db: Db, member: MemberRow): Promise<MemberInfo> {
  return {
    id: member.id,
    account: member.account,
    nickname: member.nickname,
    type: member.type,
    toUpline: member.uplineId ? await accountOf(db, member.uplineId) : '',
    clubLabel: { labelName: member.labelName, color: member.color, color2: member.color2, rankLevel: member.rankLevel },
    memberLabel: member.memberLabels,
    hasPassword: member.passwordHash !== null,
    cpw: member.mustChangePassword,
    language: member.language,
  };
}

/** Backgrounds of the generated avatars: white text on each has a contrast of 5.3:1 or more (WCAG AA asks 4.5:1). */
export const avatarColors = ['#1d4ed8', '#7c3aed', '#b91c1c', '#047857', '#a21caf', '#0e7490', '#9a3412', '#4338ca'] as const;

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const firstGrapheme = (word: string) => graphemes.segment(word)[Symbol.iterator]().next().value?.segment ?? '';

/** One or two letters of a name: the first letters of its first two words ('' when no word starts with a letter or digit). */
export function initialsOf(name: string): string {
  const words = name.split(/[\s._-]+/u).filter((w) => /^[\p{L}\p{N}]/u.test(w));
  return words.slice(0, 2).map(firstGrapheme).join('').toLocaleUpperCase();
}

const xmlEscape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The member's avatar (the spec's member icon). Members have no uploaded picture, so the icon is made
 * from the nickname (or account) on a colour fixed by the member's id: the same member always gets the
 * same icon on every node, and it is an image inline in the answer, so it can never fail to load.
 */
export function memberIcon(member: Pick<MemberRow, 'id' | 'merchantId' | 'account' | 'nickname' | 'rankLevel'>): MemberIcon {
  // A nickname of emoji or symbols only gives no letters: the account (letters and digits) always does.
  const initials = initialsOf(member.nickname) || initialsOf(member.account) || '?';
  const index = Number.parseInt(sha256Hex(`avatar:${member.merchantId}:${member.id}`).slice(0, 8), 16) % avatarColors.length;
  const color = avatarColors[index] as string;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96" role="img">` +
    `<circle cx="48" cy="48" r="48" fill="${color}"/>` +
    `<text x="48" y="48" dy=".35em" text-anchor="middle" font-family="system-ui,sans-serif" font-size="40" font-weight="600" fill="#ffffff">${xmlEscape(initials)}</text>` +
    `</svg>`;
  return {
    iconId: `initials-${index}`,
    url: `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`,
    initials,
    color,
    vipLevel: Math.max(0, member.rankLevel - 1),
  };
}

/** Shows only the ends of a number: +55 119****4321. */
export function maskMobile(member: Pick<MemberRow, 'mobile' | 'countryDialingCode'>): string | null {
  if (!member.mobile) return null;
  const code = member.countryDialingCode ?? '';
  const national = member.mobile.slice(code.length);
  const keep = Math.min(3, Math.floor(national.length / 3));
  return `${code} ${national.slice(0, keep)}****${national.slice(-4)}`;
}

/** Shows the first two letters of the mailbox: an***@mail.com. */
export function maskEmail(email: string | null): string | null {
  if (!email) return null;
  const at = email.indexOf('@');
  return `${email.slice(0, Math.min(2, at))}***${email.slice(at)}`;
}

export function securityOverview(member: MemberRow) {
  return {
    account: member.account,
    nickname: member.nickname,
    mobile: maskMobile(member),
    countryDialingCode: member.countryDialingCode,
    email: maskEmail(member.email),
    hasPassword: member.passwordHash !== null,
    hasPaymentPassword: member.paymentPasswordHash !== null,
    passwordChangedAt: member.passwordChangedAt?.getTime() ?? null,
    lastLoginAt: member.lastLoginAt?.getTime() ?? null,
  };
}

/** The latest logins, newest first, and the time of the one before the current session's. */
export async function loginHistory(db: Db, member: MemberRow, limit: number) {
  const rows = await recentLogins(db, member.id, Math.max(limit, 2));
  return {
    previousLoginAt: rows[1]?.at.getTime() ?? null,
    list: rows
      .slice(0, limit)
      .map((r) => ({ time: r.at.getTime(), ip: r.ip, country: r.country, countryCode: r.countryCode, type: r.kind })),
  };
}
