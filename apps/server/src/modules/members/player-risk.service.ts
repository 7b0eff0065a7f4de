import { randomInt } from 'node:crypto';
import {
  countLimitOf,
  type LinkedPlayers,
  type LinkKind,
  type PlayerAddresses,
  type PlayerFlag,
  type PlayerFlags,
  type PlayerLogin,
  type PlayerNote,
  type PlayerPasswordReset,
} from '@platform/contract';
import { appendAudit } from '../../platform/audit.ts';
import { type Db, inTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { PasswordHasher } from '../auth/passwords.ts';
import { closeOtherSessions } from '../auth/sessions.ts';
import type { Merchant } from '../merchants/merchants.service.ts';
import { type MessageSender, renderMessage } from '../messaging/messaging.service.ts';
import { playersSharingPayees } from '../payments/withdrawal-accounts.service.ts';
import { switchFlag } from '../staking/play-switch.service.ts';
import {
  insertNote,
  loginPage,
  membersOfMerchant,
  membersSharing,
  notePage,
  type SeenRow,
  seenBy,
  updateMember,
} from './members.repository.ts';
import type { MemberRow } from './members.tables.ts';

// The risk and support work on one player (decision 0048): login history, addresses and devices,
// linked accounts, status switches, forced logout, password reset, notes. Access is checked by the
// routes' requireOperator against the player's merchant; every change is one audit line in its
// own transaction.

type Page = { page: number; pageSize: number };
const pageOf = (q: Page) => ({ limit: q.pageSize, offset: q.page * q.pageSize, cap: countLimitOf(q.page, q.pageSize) });
const ms = (d: Date | string) => new Date(d).getTime();

/** A page of the player's logins, newest first. */
export async function playerLogins(db: Db, member: MemberRow, q: Page) {
  const page = pageOf(q);
  const { rows, total } = await loginPage(db, member.id, page);
  const list: PlayerLogin[] = rows.map((r) => ({
    id: r.id,
    at: r.at.getTime(),
    ip: r.ip,
    country: r.country,
    countryCode: r.countryCode,
    kind: r.kind,
    userAgent: r.userAgent,
    device: r.device,
  }));
  return { list, total, capped: total >= page.cap };
}

/** How many addresses and devices the summary lists, and how many of each the linked accounts look at. */
const seenLimit = 20;

const seenView = (r: SeenRow) => ({
  value: r.value,
  detail: r.detail ?? '',
  firstAt: ms(r.first_at),
  lastAt: ms(r.last_at),
  count: Number(r.n),
});

/** The player's distinct addresses and devices, most recently used first. */
export async function playerAddresses(db: Db, member: MemberRow): Promise<PlayerAddresses> {
  const [ips, devices] = await Promise.all([seenBy(db, member.id, 'ip', seenLimit), seenBy(db, member.id, 'device', seenLimit)]);
  return {
    ips: ips.slice(0, seenLimit).map(seenView),
    devices: devices.slice(0, seenLimit).map(seenView),
    more: ips.length > seenLimit || devices.length > seenLimit,
  };
}

/** Loopback says nothing about a person: every login through a local proxy (or the demo) comes from it. */
const isLoopback = (ip: string) => ip === '::1' || ip.startsWith('127.') || ip.startsWith('::ffff:127.');

const perValue = 50;
const payeeLimit = 200;
const linkedLimit = 100;

/**
 * The other players of the player's merchant who logged in from one of the player's 20 most recent
 * addresses (loopback aside) or devices, or who are paid to one of the player's current withdrawal
 * accounts; each with every link found, the most linked first. Every lookup is bounded and indexed;
 * `more` says a bound was reached.
 */
export async function linkedPlayers(db: Db, member: MemberRow): Promise<LinkedPlayers> {
  const [ips, devices] = await Promise.all([seenBy(db, member.id, 'ip', seenLimit), seenBy(db, member.id, 'device', seenLimit)]);
  const ipValues = ips
    .slice(0, seenLimit)
    .map((r) => r.value)
    .filter((ip) => !isLoopback(ip));
  const deviceValues = devices.slice(0, seenLimit).map((r) => r.value);
  const [byIp, byDevice, byPayee] = await Promise.all([
    membersSharing(db, member, 'ip', ipValues, perValue),
    membersSharing(db, member, 'device', deviceValues, perValue),
    playersSharingPayees(db, member, payeeLimit),
  ]);
  const links = new Map<number, { kind: LinkKind; value: string }[]>();
  const add = (memberId: number, kind: LinkKind, value: string) => {
    const list = links.get(memberId) ?? [];
    list.push({ kind, value });
    links.set(memberId, list);
  };
  for (const r of byIp) add(r.member_id, 'ip', r.value);
  for (const r of byDevice) add(r.member_id, 'device', r.value);
  for (const r of byPayee) add(r.memberId, 'payee', r.payee);
  const full = (rows: { value: string }[], values: string[]) => values.some((v) => rows.filter((r) => r.value === v).length >= perValue);
  const ranked = [...links.entries()].sort((a, b) => b[1].length - a[1].length || b[0] - a[0]).slice(0, linkedLimit);
  // The merchant is checked again on the rows read: a link never crosses merchants.
  const rows = new Map(
    (
      await membersOfMerchant(
        db,
        member.merchantId,
        ranked.map(([id]) => id),
      )
    ).map((m) => [m.id, m]),
  );
  const list = ranked.flatMap(([id, found]) => {
    const m = rows.get(id);
    return m ? [{ id, account: m.account, createdAt: m.createdAt.getTime(), links: found }] : [];
  });
  const more =
    ips.length > seenLimit ||
    devices.length > seenLimit ||
    full(byIp, ipValues) ||
    full(byDevice, deviceValues) ||
    byPayee.length >= payeeLimit ||
    links.size > linkedLimit;
  return { list, more };
}

/**
 * Turns one switch of the player's account off or on. Login off also ends every session of the
 * player, in the same transaction (the auth module's revocation: the node's session cache forgets
 * them at once, other nodes and live sockets at commit).
 */
export function switchPlayerFlag(
  db: Db,
  operator: string,
  member: MemberRow,
  flag: PlayerFlag,
  on: boolean,
  reason: string,
): Promise<PlayerFlags> {
  return switchFlag(db, operator, member, flag, on, reason, async (tx) => {
    if (flag === 'login' && !on) await closeOtherSessions(tx, member.id, null);
  });
}

/** Ends every session of the player now; the audit line says how many were open. */
export function forceLogout(db: Db, operator: string, member: MemberRow, reason: string): Promise<{ ended: number }> {
  return inTransaction(db, async (tx) => {
    const ended = await closeOtherSessions(tx, member.id, null);
    await appendAudit(tx, {
      operator,
      action: 'member.logout',
      merchantId: member.merchantId,
      target: `member:${member.id}`,
      reason,
      details: { ended },
    });
    return { ended };
  });
}

const upper = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const lower = 'abcdefghijkmnopqrstuvwxyz';
const digits = '23456789';

/** Twelve characters, letters of both cases and digits (no look-alikes): what every password rule of ours accepts. */
export function temporaryPassword(): string {
  const pick = (set: string, n: number) => Array.from({ length: n }, () => set[randomInt(set.length)] ?? '');
  const chars = [...pick(upper, 4), ...pick(lower, 4), ...pick(digits, 4)];
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j] ?? '', chars[i] ?? ''];
  }
  return chars.join('');
}

/**
 * An operator's password reset: a temporary password replaces the player's (the old one stops
 * working), every session ends, and the player must choose a new password at the next login (the
 * site's forced change, `firstTimeLogin`). The temporary password goes to the player's mobile by SMS,
 * else to the e-mail address, through the messaging provider (the outbox by default); the operator
 * never sees it. It is sent after the commit: a failed send leaves the player the site's own recovery.
 */
export async function resetPlayerPassword(
  deps: { db: Db; hasher: PasswordHasher; sender: MessageSender },
  operator: string,
  merchant: Merchant,
  member: MemberRow,
  reason: string,
): Promise<PlayerPasswordReset> {
  const target: PlayerPasswordReset | null = member.mobile
    ? { channel: 'sms', to: member.mobile }
    : member.email
      ? { channel: 'email', to: member.email }
      : null;
  if (!target) throw new AppError('APP_ERR_MEMBER_NO_CONTACT');
  const password = temporaryPassword();
  const passwordHash = await deps.hasher.hash(password);
  await inTransaction(deps.db, async (tx) => {
    await updateMember(tx, member.id, { passwordHash, passwordChangedAt: new Date(), mustChangePassword: true });
    await closeOtherSessions(tx, member.id, null);
    await appendAudit(tx, {
      operator,
      action: 'member.password_reset',
      merchantId: member.merchantId,
      target: `member:${member.id}`,
      reason,
      details: { channel: target.channel },
    });
  });
  const text = renderMessage('temporaryPassword', member.language || merchant.langList[0] || 'EN', {
    brand: merchant.theme.brandName,
    account: member.account,
    password,
  });
  await deps.sender.send({ merchantId: merchant.id, channel: target.channel, to: target.to, subject: text.subject, body: text.body });
  return target;
}

/** Adds an operator's note on the player (plain text, never shown to the player); audited. */
export async function addNote(db: Db, operator: string, member: MemberRow, text: string): Promise<PlayerNote> {
  return inTransaction(db, async (tx) => {
    const note = await insertNote(tx, { memberId: member.id, operator, text });
    await appendAudit(tx, {
      operator,
      action: 'member.note',
      merchantId: member.merchantId,
      target: `member:${member.id}`,
      reason: '',
      details: { note: note.id },
    });
    return { id: note.id, operator: note.operator, text: note.text, createdAt: note.createdAt.getTime() };
  });
}

/** A page of the notes on the player, newest first. */
export async function playerNotes(db: Db, member: MemberRow, q: Page) {
  const page = pageOf(q);
  const { rows, total } = await notePage(db, member.id, page);
  const list: PlayerNote[] = rows.map((n) => ({ id: n.id, operator: n.operator, text: n.text, createdAt: n.createdAt.getTime() }));
  return { list, total, capped: total >= page.cap };
}
