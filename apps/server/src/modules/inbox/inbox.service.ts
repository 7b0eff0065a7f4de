import type { FieldError, InboxMessage, SendMessageBody, SentMessage } from '@platform/contract';
import { agentTypes } from '@platform/contract';
import { appendAudit } from '../../platform/audit.ts';
import { type Db, inTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { localText } from '../../platform/http.ts';
import { memberByAccount } from '../members/members.service.ts';
import type { MerchantDirectory } from '../merchants/merchants.service.ts';
import {
  claimDueMessages,
  countUnread,
  findMemberMessage,
  findMemberMessages,
  findMessageById,
  findSentMessages,
  type InboxMessageRow,
  insertMessage,
  markAllRead,
  markWithdrawn,
  type NewInboxMessageRow,
  notifyInbox,
  upsertReceipt,
} from './inbox.repository.ts';

/** Text per language (EN, PT, FR, CN, VI, ID); the reader gets theirs, then the merchant's languages, then any. */
export type LocalText = Record<string, string>;

/** What the live channel hears: a message became visible to a member, or to a segment of a merchant (null: every merchant). */
export type InboxNotice = { id: number; memberId: number } | { id: number; merchantId: number | null };

/**
 * A system message to one player: THE way other modules tell a player something (a withdrawal paid,
 * a bonus issued, a contract offered, an answer to their feedback). Call it with the transaction of
 * the change it reports, so the message exists exactly when the change does; the player's open
 * sockets hear of it once the transaction commits (NOTIFY).
 *
 * `dedupeKey` makes it idempotent: a second call with the same key (a retried job, a redelivered
 * webhook) sends nothing and answers the first message's id. Texts are plain text, never HTML.
 */
export async function sendSystemMessage(
  tx: Db,
  msg: {
    member: { id: number; merchantId: number };
    title: LocalText;
    content: LocalText;
    /** The sending module, e.g. 'payments'. */
    from: string;
    dedupeKey?: string;
  },
  now = new Date(),
): Promise<number> {
  const row = await insertMessage(tx, {
    kind: 'system',
    audience: 'member',
    merchantId: msg.member.merchantId,
    memberId: msg.member.id,
    title: msg.title,
    content: msg.content,
    publishAt: now,
    announcedAt: now,
    createdBy: msg.from,
    dedupeKey: msg.dedupeKey ?? null,
  });
  await notifyInbox(tx, JSON.stringify({ id: row.id, memberId: msg.member.id } satisfies InboxNotice));
  return row.id;
}

function noticeOf(row: Pick<InboxMessageRow, 'id' | 'audience' | 'merchantId' | 'memberId'>): InboxNotice {
  return row.audience === 'member' && row.memberId !== null
    ? { id: row.id, memberId: row.memberId }
    : { id: row.id, merchantId: row.merchantId };
}

interface Reader {
  lang: string;
  langList: readonly string[];
}

function toMessage(row: InboxMessageRow, readAt: Date | null, reader: Reader): InboxMessage {
  return {
    id: row.id,
    kind: row.kind === 'system' ? 'system' : 'notice',
    title: localText(row.title, reader.lang, reader.langList),
    content: localText(row.content, reader.lang, reader.langList),
    read: readAt !== null,
    timestamp: row.publishAt.getTime(),
  };
}

export async function memberMessages(
  db: Db,
  memberId: number,
  reader: Reader,
  q: { pageNo: number; pageSize: number; unread: boolean },
  now = new Date(),
) {
  const { rows, total } = await findMemberMessages(db, memberId, now, q);
  return {
    content: rows.map((r) => toMessage(r.message, r.readAt, reader)),
    pageNo: q.pageNo,
    pageSize: q.pageSize,
    totalElements: total,
    totalPages: Math.ceil(total / q.pageSize),
  };
}

/** One of the member's messages, marked read as it is opened. Someone else's message is not found, like one that does not exist. */
export async function openMessage(db: Db, memberId: number, messageId: number, reader: Reader, now = new Date()): Promise<InboxMessage> {
  const found = await findMemberMessage(db, memberId, messageId, now);
  if (!found) throw new AppError('APP_ERR_NOT_FOUND');
  await upsertReceipt(db, memberId, messageId, now, false);
  return toMessage(found.message, found.readAt ?? now, reader);
}

export async function readMessage(db: Db, memberId: number, messageId: number, now = new Date()): Promise<void> {
  if (!(await findMemberMessage(db, memberId, messageId, now))) throw new AppError('APP_ERR_NOT_FOUND');
  await upsertReceipt(db, memberId, messageId, now, false);
}

/** Hides a message from the member (a message to many stays for the others). */
export async function removeMessage(db: Db, memberId: number, messageId: number, now = new Date()): Promise<void> {
  if (!(await findMemberMessage(db, memberId, messageId, now))) throw new AppError('APP_ERR_NOT_FOUND');
  await upsertReceipt(db, memberId, messageId, now, true);
}

export const readAllMessages = (db: Db, memberId: number, now = new Date()) => markAllRead(db, memberId, now);

export async function unreadCount(db: Db, memberId: number, now = new Date()): Promise<number> {
  return (await countUnread(db, [memberId], now)).get(memberId) ?? 0;
}

export const unreadCounts = countUnread;

export async function messageForReader(db: Db, id: number, reader: Reader): Promise<InboxMessage | undefined> {
  const row = await findMessageById(db, id);
  return row ? toMessage(row, null, reader) : undefined;
}

/**
 * Scheduled messages that became due are announced on the live channel: claimed with one conditional
 * UPDATE, so each is announced by one node, in the transaction of its NOTIFY.
 */
export async function announceDueMessages(db: Db, now = new Date()): Promise<number> {
  return inTransaction(db, async (tx) => {
    const due = await claimDueMessages(tx, now);
    for (const row of due) await notifyInbox(tx, JSON.stringify(noticeOf(row)));
    return due.length;
  });
}

/** An operator's message to a player, a segment of a merchant's players, or every player. */
export async function sendOperatorMessage(
  db: Db,
  directory: MerchantDirectory,
  operator: string,
  body: SendMessageBody,
  now = new Date(),
): Promise<SentMessage> {
  const merchant = body.merchant ? (await directory.list()).find((m) => m.code === body.merchant?.toUpperCase()) : undefined;
  const fields: FieldError[] = [];
  if (body.audience !== 'all' && !merchant) fields.push({ field: 'merchant', message: 'validation.unknown_value' });
  const member = merchant && body.account ? await memberByAccount(db, merchant.id, body.account) : undefined;
  if (body.audience === 'member' && !member) fields.push({ field: 'account', message: 'validation.unknown_value' });
  const agent = merchant && body.agent ? await memberByAccount(db, merchant.id, body.agent) : undefined;
  if (body.audience === 'team' && !(agent && agentTypes.includes(agent.type)))
    fields.push({ field: 'agent', message: 'validation.unknown_value' });
  if (fields.length > 0) throw new AppError('APP_ERR_VALIDATION', fields);

  return inTransaction(db, async (tx) => {
    const row = await sendNotice(
      tx,
      {
        audience: body.audience,
        merchantId: body.audience === 'all' ? null : (merchant?.id ?? null),
        memberId: body.audience === 'member' ? (member?.id ?? null) : null,
        minRank: body.audience === 'vip' ? (body.minRank ?? null) : null,
        agentId: body.audience === 'team' ? (agent?.id ?? null) : null,
        countryDialingCode: body.audience === 'country' ? (body.countryDialingCode ?? null) : null,
        title: body.title as LocalText,
        content: body.content as LocalText,
        publishAt: body.publishAt !== undefined ? new Date(body.publishAt) : now,
        expiresAt: body.expiresAt !== undefined ? new Date(body.expiresAt) : null,
        createdBy: operator,
      },
      now,
    );
    await appendAudit(tx, {
      operator,
      action: 'messages.send',
      merchantId: row.merchantId,
      target: `message:${row.id}`,
      reason: '',
      details: { audience: row.audience, target: targetOf(body) },
    });
    return sentOf(row, merchant?.code ?? null, targetOf(body));
  });
}

/**
 * A notice (news, not a system message) to its audience, announced live at once when it is already
 * due (else by the job when it falls due). The operators' messages and the demo data both go through it.
 */
export async function sendNotice(
  tx: Db,
  notice: Omit<NewInboxMessageRow, 'kind' | 'announcedAt' | 'dedupeKey' | 'id' | 'createdAt'>,
  now = new Date(),
): Promise<InboxMessageRow> {
  const due = notice.publishAt <= now;
  const row = await insertMessage(tx, { ...notice, kind: 'notice', announcedAt: due ? now : null });
  if (due) await notifyInbox(tx, JSON.stringify(noticeOf(row)));
  return row;
}

function targetOf(body: SendMessageBody): string | null {
  if (body.audience === 'member') return body.account ?? null;
  if (body.audience === 'vip') return `rank>=${body.minRank}`;
  if (body.audience === 'team') return body.agent ?? null;
  if (body.audience === 'country') return body.countryDialingCode ?? null;
  return null;
}

function sentOf(row: InboxMessageRow, merchant: string | null, target: string | null): SentMessage {
  return {
    id: row.id,
    kind: row.kind === 'system' ? 'system' : 'notice',
    audience: row.audience as SentMessage['audience'],
    merchant,
    target,
    title: row.title,
    content: row.content,
    publishAt: row.publishAt.getTime(),
    expiresAt: row.expiresAt?.getTime() ?? null,
    createdBy: row.createdBy,
  };
}

/** Messages sent, for operators: only those of merchants in their scope (scope undefined: every merchant). */
export async function sentMessages(
  db: Db,
  directory: MerchantDirectory,
  scope: number[] | undefined,
  q: { pageNo: number; pageSize: number; merchant?: string },
) {
  const list = await directory.list();
  const merchantId = q.merchant ? (list.find((m) => m.code === q.merchant?.toUpperCase())?.id ?? 0) : undefined;
  const { rows, total } = await findSentMessages(db, scope, merchantId, q);
  const codeOf = new Map(list.map((m) => [m.id, m.code]));
  return {
    content: rows.map((r) =>
      sentOf(
        r,
        r.merchantId === null ? null : (codeOf.get(r.merchantId) ?? null),
        r.memberId !== null ? `member:${r.memberId}` : r.agentId !== null ? `agent:${r.agentId}` : (r.countryDialingCode ?? null),
      ),
    ),
    pageNo: q.pageNo,
    pageSize: q.pageSize,
    totalElements: total,
    totalPages: Math.ceil(total / q.pageSize),
  };
}

/** The merchant a sent message belongs to (null for a message to every merchant), for the route's scope check. */
export async function merchantOfMessage(db: Db, id: number): Promise<{ id: number | null } | undefined> {
  const row = await findMessageById(db, id);
  return row ? { id: row.merchantId } : undefined;
}

/** Withdraws a message from every player (an operator's mistake); the row stays, audited. */
export async function withdrawMessage(db: Db, operator: string, id: number, now = new Date()): Promise<void> {
  await inTransaction(db, async (tx) => {
    const row = await findMessageById(tx, id);
    if (!row || !(await markWithdrawn(tx, id, now))) throw new AppError('APP_ERR_NOT_FOUND');
    await appendAudit(tx, {
      operator,
      action: 'messages.withdraw',
      merchantId: row.merchantId,
      target: `message:${id}`,
      reason: '',
      details: {},
    });
    await notifyInbox(tx, JSON.stringify(noticeOf(row)));
  });
}
