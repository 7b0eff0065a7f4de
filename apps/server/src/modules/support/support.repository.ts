import { and, asc, count, desc, eq, gt, inArray, lt, ne, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../platform/db.ts';
import { memberRows } from '../members/members.service.ts';
import { supportConversations, supportImages, supportMessages } from './support.tables.ts';

export type ConversationRow = typeof supportConversations.$inferSelect;
export type MessageRow = typeof supportMessages.$inferSelect;

/** The database channel the support sockets of every node listen on. */
export const SUPPORT_CHANNEL = 'support';

/** The player's conversation that is not closed, locked for the transaction (the lock orders its messages). */
export async function lockOpenConversation(db: Db, memberId: number): Promise<ConversationRow | undefined> {
  const [row] = await db
    .select()
    .from(supportConversations)
    .where(and(eq(supportConversations.memberId, memberId), ne(supportConversations.state, 'closed')))
    .for('update');
  return row;
}

/** A new waiting conversation, or undefined when the player already has an open one (a racing first message made it). */
export async function insertConversation(db: Db, values: { merchantId: number; memberId: number; createdAt: Date }) {
  const [row] = await db
    .insert(supportConversations)
    .values({ ...values, lastMessageAt: values.createdAt })
    .onConflictDoNothing()
    .returning();
  return row;
}

/** The player's latest conversation, open or closed. */
export async function latestConversation(db: Db, memberId: number): Promise<ConversationRow | undefined> {
  const [row] = await db
    .select()
    .from(supportConversations)
    .where(eq(supportConversations.memberId, memberId))
    .orderBy(desc(supportConversations.createdAt), desc(supportConversations.id))
    .limit(1);
  return row;
}

export async function findConversation(db: Db, id: number, lock = false): Promise<ConversationRow | undefined> {
  const q = db.select().from(supportConversations).where(eq(supportConversations.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/** Takes the next sequence number of a conversation (the caller holds its row). */
export async function nextSeq(db: Db, id: number, at: Date, firstAnswer: boolean): Promise<ConversationRow> {
  const c = supportConversations;
  const [row] = await db
    .update(c)
    .set({
      lastSeq: sql`${c.lastSeq} + 1`,
      lastMessageAt: at,
      ...(firstAnswer ? { firstAnswerAt: sql`coalesce(${c.firstAnswerAt}, ${at.toISOString()}::timestamptz)` } : {}),
    })
    .where(eq(c.id, id))
    .returning();
  if (!row) throw new Error(`support conversation ${id} vanished`);
  return row;
}

export async function findMessageByClientId(db: Db, conversationId: number, author: string, clientId: string) {
  const m = supportMessages;
  const [row] = await db
    .select()
    .from(m)
    .where(and(eq(m.conversationId, conversationId), eq(m.author, author), eq(m.clientId, clientId)));
  return row;
}

export async function insertMessage(db: Db, values: typeof supportMessages.$inferInsert, image?: Buffer): Promise<MessageRow> {
  const [row] = await db.insert(supportMessages).values(values).returning();
  if (!row) throw new Error('support message insert returned nothing');
  if (image) await db.insert(supportImages).values({ conversationId: row.conversationId, seq: row.seq, bytes: image });
  return row;
}

/** A page of a conversation's messages, oldest first: before `before` (the latest when absent) or all after `after`. */
export async function findMessages(db: Db, conversationId: number, q: { before?: number; after?: number; limit: number }) {
  const m = supportMessages;
  if (q.after !== undefined) {
    const rows = await db
      .select()
      .from(m)
      .where(and(eq(m.conversationId, conversationId), gt(m.seq, q.after)))
      .orderBy(asc(m.seq))
      .limit(q.limit);
    return { rows, hasMore: (rows[0]?.seq ?? q.after + 1) > 1 };
  }
  const rows = await db
    .select()
    .from(m)
    .where(and(eq(m.conversationId, conversationId), q.before !== undefined ? lt(m.seq, q.before) : undefined))
    .orderBy(desc(m.seq))
    .limit(q.limit + 1);
  const hasMore = rows.length > q.limit;
  return { rows: rows.slice(0, q.limit).reverse(), hasMore };
}

export async function findImage(db: Db, conversationId: number, seq: number) {
  const [row] = await db
    .select({ bytes: supportImages.bytes, contentType: supportMessages.imageType })
    .from(supportImages)
    .innerJoin(
      supportMessages,
      and(eq(supportMessages.conversationId, supportImages.conversationId), eq(supportMessages.seq, supportImages.seq)),
    )
    .where(and(eq(supportImages.conversationId, conversationId), eq(supportImages.seq, seq)));
  return row;
}

/**
 * Conversations of a state for the console, in scope: the waiting queue first in, first out; taken
 * ones by their latest message; closed ones newest first.
 */
export async function findConversationPage(
  db: Db,
  scope: number[] | undefined,
  q: { state: string; merchantId?: number; pageNo: number; pageSize: number },
) {
  const c = supportConversations;
  const where = and(
    eq(c.state, q.state),
    scope ? inArray(c.merchantId, scope.length ? scope : [0]) : undefined,
    q.merchantId !== undefined ? eq(c.merchantId, q.merchantId) : undefined,
  );
  const order =
    q.state === 'waiting'
      ? [asc(c.createdAt), asc(c.id)]
      : q.state === 'taken'
        ? [desc(c.lastMessageAt), desc(c.id)]
        : [desc(c.closedAt), desc(c.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(c)
      .where(where)
      .orderBy(...order)
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize),
    db.select({ n: count() }).from(c).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The account and VIP rank of players, by id. */
export async function findPlayers(db: Db, ids: number[]): Promise<Map<number, { account: string; rankLevel: number }>> {
  if (ids.length === 0) return new Map();
  const mb = memberRows(db);
  const rows = await db
    .select({ id: mb.id, account: mb.account, rankLevel: mb.rankLevel })
    .from(mb)
    .where(inArray(mb.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}

export async function setTaken(db: Db, id: number, operatorId: number, at: Date): Promise<ConversationRow> {
  const [row] = await db
    .update(supportConversations)
    .set({ state: 'taken', operatorId, takenAt: at })
    .where(eq(supportConversations.id, id))
    .returning();
  if (!row) throw new Error(`support conversation ${id} vanished`);
  return row;
}

export async function setClosed(db: Db, id: number, by: string, at: Date): Promise<ConversationRow> {
  const [row] = await db
    .update(supportConversations)
    .set({ state: 'closed', closedAt: at, closedBy: by })
    .where(eq(supportConversations.id, id))
    .returning();
  if (!row) throw new Error(`support conversation ${id} vanished`);
  return row;
}

/** Tells every node's support sockets, once the transaction commits. */
export async function notifySupport(db: Db, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${SUPPORT_CHANNEL}, ${payload})`);
}

/** An operator's answer to be numbered and stored (one per conversation in a group). */
export interface AnswerValues {
  conversationId: number;
  operatorId: number;
  clientId: string;
  content: string;
  at: Date;
}

/** A conversation as the group's lock read it, with the number of an answer already stored under the same client id. */
export type LockedConversation = ConversationRow & { sentSeq: number | null };

interface RawConversation {
  id: number;
  merchant_id: number;
  member_id: number;
  state: string;
  operator_id: number | null;
  last_seq: number;
  created_at: Date | string;
  taken_at: Date | string | null;
  first_answer_at: Date | string | null;
  closed_at: Date | string | null;
  closed_by: string | null;
  last_message_at: Date | string;
}

const dateOf = (v: Date | string) => (v instanceof Date ? v : new Date(v));
const dateOrNull = (v: Date | string | null) => (v === null ? null : dateOf(v));

function conversationOf(r: RawConversation): ConversationRow {
  return {
    id: r.id,
    merchantId: r.merchant_id,
    memberId: r.member_id,
    state: r.state,
    operatorId: r.operator_id,
    lastSeq: r.last_seq,
    createdAt: dateOf(r.created_at),
    takenAt: dateOrNull(r.taken_at),
    firstAnswerAt: dateOrNull(r.first_answer_at),
    closedAt: dateOrNull(r.closed_at),
    closedBy: r.closed_by,
    lastMessageAt: dateOf(r.last_message_at),
  };
}

const conversationColumns = sql.raw(
  'c.id, c.merchant_id, c.member_id, c.state, c.operator_id, c.last_seq, c.created_at, c.taken_at, c.first_answer_at, c.closed_at, c.closed_by, c.last_message_at',
);

/**
 * Locks the conversations a group of answers goes to, in id order (two groups never wait on each
 * other in a circle), and reads each with the number of an answer already stored under the answer's
 * client id (a resend). One statement for the whole group.
 */
export async function lockForAnswers(db: Db, answers: Pick<AnswerValues, 'conversationId' | 'clientId'>[]): Promise<LockedConversation[]> {
  const wanted = JSON.stringify(answers.map((a) => ({ id: a.conversationId, client_id: a.clientId })));
  const rows = await queryRows<RawConversation & { sent_seq: number | null }>(
    db,
    sql`select ${conversationColumns}, m.seq as sent_seq
          from jsonb_to_recordset(${wanted}::jsonb) as v(id int, client_id text)
          join support_conversations c on c.id = v.id
          left join support_messages m on m.conversation_id = c.id and m.author = 'operator' and m.client_id = v.client_id
         order by c.id
           for update of c`,
  );
  return rows.map((r) => ({ ...conversationOf(r), sentSeq: r.sent_seq }));
}

/**
 * Numbers and stores answers to distinct conversations (locked by the caller) in one statement:
 * each conversation's last number plus one, its last-message time and first answer, and the
 * message under that number. Answers the conversations as updated, one per answer.
 */
export async function insertAnswers(db: Db, answers: AnswerValues[]): Promise<ConversationRow[]> {
  if (answers.length === 0) return [];
  const values = JSON.stringify(
    answers.map((a) => ({
      id: a.conversationId,
      operator_id: a.operatorId,
      client_id: a.clientId,
      content: a.content,
      at: a.at.toISOString(),
    })),
  );
  const rows = await queryRows<RawConversation>(
    db,
    sql`with v as (
          select * from jsonb_to_recordset(${values}::jsonb) as v(id int, operator_id int, client_id text, content text, at timestamptz)
        ), c as (
          update support_conversations c
             set last_seq = c.last_seq + 1, last_message_at = v.at, first_answer_at = coalesce(c.first_answer_at, v.at)
            from v
           where c.id = v.id
          returning ${conversationColumns}
        ), m as (
          insert into support_messages (conversation_id, seq, author, operator_id, client_id, content, created_at)
          select c.id, c.last_seq, 'operator', v.operator_id, v.client_id, v.content, v.at from c join v on v.id = c.id
          returning conversation_id
        )
        select c.* from c join m on m.conversation_id = c.id`,
  );
  const byId = new Map(rows.map((r) => [r.id, conversationOf(r)]));
  return answers.map((a) => {
    const row = byId.get(a.conversationId);
    if (!row) throw new Error(`support conversation ${a.conversationId} not numbered`);
    return row;
  });
}

/**
 * NOTIFY payloads on the support channel, in order, in one statement (each under PostgreSQL's 8,000
 * bytes; sent once the transaction commits).
 */
export async function notifySupportMany(db: Db, payloads: string[]): Promise<void> {
  if (payloads.length === 0) return;
  if (payloads.length === 1) return notifySupport(db, payloads[0] as string);
  await db.execute(
    sql`select pg_notify(${SUPPORT_CHANNEL}, p.payload) from jsonb_array_elements_text(${JSON.stringify(payloads)}::jsonb) with ordinality as p(payload, n) order by p.n`,
  );
}
