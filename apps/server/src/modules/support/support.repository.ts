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

/** An answer of a group written in one statement, with its NOTIFY notice as JSON (numbers filled in by the statement). */
export interface AnswerWithNotice extends AnswerValues {
  notice: unknown;
}

/**
 * Writes a group of answers to distinct conversations in one statement, its own transaction: the
 * conversations locked in id order; for each held by the answer's operator and without an answer of
 * the same client id, the next number, the message under it and `pg_notify` of its notice with the
 * numbers and times set (`event.message.seq`, `event.conversation.lastSeq`, `takenAt`,
 * `firstAnswerAt`). Answers the conversations written; an answer not among them was not written.
 */
export async function writeAnswers(
  db: Db,
  answers: AnswerWithNotice[],
): Promise<{ id: number; lastSeq: number; takenAt: number | null; firstAnswerAt: number | null }[]> {
  if (answers.length === 0) return [];
  const values = JSON.stringify(
    answers.map((a) => ({
      id: a.conversationId,
      operator_id: a.operatorId,
      client_id: a.clientId,
      content: a.content,
      at: a.at.toISOString(),
      notice: a.notice,
    })),
  );
  const rows = await queryRows<{ id: number; last_seq: number; taken_ms: string | number | null; first_ms: string | number | null }>(
    db,
    sql`with v as (
          select * from jsonb_to_recordset(${values}::jsonb) as v(id int, operator_id int, client_id text, content text, at timestamptz, notice jsonb)
        ), l as materialized (
          select c.id from support_conversations c where c.id in (select id from v) order by c.id for update
        ), c as (
          update support_conversations c
             set last_seq = c.last_seq + 1, last_message_at = v.at, first_answer_at = coalesce(c.first_answer_at, v.at)
            from v
           where c.id = v.id and c.id in (select id from l) and c.state = 'taken' and c.operator_id = v.operator_id
             and not exists (select 1 from support_messages m where m.conversation_id = c.id and m.author = 'operator' and m.client_id = v.client_id)
          returning c.id, c.last_seq,
                    (extract(epoch from c.taken_at) * 1000)::bigint as taken_ms,
                    (extract(epoch from c.first_answer_at) * 1000)::bigint as first_ms
        ), m as (
          insert into support_messages (conversation_id, seq, author, operator_id, client_id, content, created_at)
          select c.id, c.last_seq, 'operator', v.operator_id, v.client_id, v.content, v.at from c join v on v.id = c.id
          returning conversation_id
        )
        select c.id, c.last_seq, c.taken_ms, c.first_ms,
               pg_notify(${SUPPORT_CHANNEL}, jsonb_set(jsonb_set(jsonb_set(jsonb_set(v.notice,
                 '{event,message,seq}', to_jsonb(c.last_seq)),
                 '{event,conversation,lastSeq}', to_jsonb(c.last_seq)),
                 '{event,conversation,takenAt}', to_jsonb(c.taken_ms)),
                 '{event,conversation,firstAnswerAt}', to_jsonb(c.first_ms))::text) as notified
          from c join v on v.id = c.id join m on m.conversation_id = c.id`,
  );
  const num = (v: string | number | null) => (v === null ? null : Number(v));
  return rows.map((r) => ({ id: r.id, lastSeq: r.last_seq, takenAt: num(r.taken_ms), firstAnswerAt: num(r.first_ms) }));
}
