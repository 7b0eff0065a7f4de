import { and, asc, count, desc, eq, gt, inArray, lt, ne, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../platform/db.ts';
import { memberRows } from '../members/members.service.ts';
import { supportCanned, supportConversations, supportImages, supportMessages, supportNotes, supportSettings } from './support.tables.ts';

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

/**
 * Takes the next sequence number of a conversation (the caller holds its row). The sender has seen
 * everything up to their own message, so their side's read mark moves to it.
 */
export async function nextSeq(db: Db, id: number, at: Date, firstAnswer: boolean): Promise<ConversationRow> {
  const c = supportConversations;
  const [row] = await db
    .update(c)
    .set({
      lastSeq: sql`${c.lastSeq} + 1`,
      lastMessageAt: at,
      ...(firstAnswer
        ? { firstAnswerAt: sql`coalesce(${c.firstAnswerAt}, ${at.toISOString()}::timestamptz)`, operatorReadSeq: sql`${c.lastSeq} + 1` }
        : { playerReadSeq: sql`${c.lastSeq} + 1` }),
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

/** Hands a taken conversation to another operator, or back to the waiting queue (null). */
export async function setHolder(db: Db, id: number, operatorId: number | null, at: Date): Promise<ConversationRow> {
  const [row] = await db
    .update(supportConversations)
    .set(operatorId === null ? { state: 'waiting', operatorId: null, takenAt: null } : { operatorId, takenAt: at })
    .where(eq(supportConversations.id, id))
    .returning();
  if (!row) throw new Error(`support conversation ${id} vanished`);
  return row;
}

/** How many conversations each operator holds now. */
export async function heldCounts(db: Db, operatorIds: number[]): Promise<Map<number, number>> {
  if (operatorIds.length === 0) return new Map();
  const c = supportConversations;
  const rows = await db
    .select({ id: c.operatorId, n: count() })
    .from(c)
    .where(and(eq(c.state, 'taken'), inArray(c.operatorId, operatorIds)))
    .groupBy(c.operatorId);
  return new Map(rows.map((r) => [r.id ?? 0, r.n]));
}

/** Serialises the takes and transfers of one operator within a transaction, so two at once cannot both pass the capacity check. */
export async function lockOperatorLoad(db: Db, operatorId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('support-load'), ${operatorId}::int)`);
}

/**
 * Moves a side's read mark forward to `seq` (never past the last message, never back). Answers the
 * conversation when it moved, undefined when it was already there or further.
 */
export async function moveReadMark(db: Db, id: number, side: 'player' | 'operator', seq: number): Promise<ConversationRow | undefined> {
  const c = supportConversations;
  const column = side === 'player' ? c.playerReadSeq : c.operatorReadSeq;
  const target = sql`least(${seq}::int, ${c.lastSeq})`;
  const [row] = await db
    .update(c)
    .set(side === 'player' ? { playerReadSeq: target } : { operatorReadSeq: target })
    .where(and(eq(c.id, id), lt(column, target)))
    .returning();
  return row;
}

/** Sets the rating of a closed conversation that has none; undefined when it was rated already or is not closed. */
export async function setRating(db: Db, id: number, score: number, comment: string | null, at: Date): Promise<ConversationRow | undefined> {
  const c = supportConversations;
  const [row] = await db
    .update(c)
    .set({ rating: score, ratingComment: comment, ratedAt: at })
    .where(and(eq(c.id, id), eq(c.state, 'closed'), sql`${c.rating} is null`))
    .returning();
  return row;
}

/** Every message of a conversation, oldest first (for its transcript). */
export async function allMessages(db: Db, conversationId: number): Promise<MessageRow[]> {
  return db.select().from(supportMessages).where(eq(supportMessages.conversationId, conversationId)).orderBy(asc(supportMessages.seq));
}

// Notes

export type NoteRow = typeof supportNotes.$inferSelect;

export async function insertNote(db: Db, values: { conversationId: number; operatorId: number; content: string; createdAt: Date }) {
  const [row] = await db.insert(supportNotes).values(values).returning();
  if (!row) throw new Error('support note insert returned nothing');
  return row;
}

export async function findNotes(db: Db, conversationId: number): Promise<NoteRow[]> {
  return db.select().from(supportNotes).where(eq(supportNotes.conversationId, conversationId)).orderBy(asc(supportNotes.id)).limit(500);
}

// Canned answers and settings

export type CannedRow = typeof supportCanned.$inferSelect;

/** The canned answers of the merchants given (every merchant when undefined), by title. */
export async function findCanned(db: Db, merchantIds: number[] | undefined): Promise<CannedRow[]> {
  const k = supportCanned;
  return db
    .select()
    .from(k)
    .where(and(eq(k.deleted, false), merchantIds ? inArray(k.merchantId, merchantIds.length ? merchantIds : [0]) : undefined))
    .orderBy(asc(k.merchantId), asc(k.title), asc(k.id));
}

/** A canned answer, deleted ones included (a deleted answer still belongs to its merchant). */
export async function findCannedOne(db: Db, id: number): Promise<CannedRow | undefined> {
  const [row] = await db.select().from(supportCanned).where(eq(supportCanned.id, id));
  return row;
}

export async function insertCanned(db: Db, values: typeof supportCanned.$inferInsert): Promise<CannedRow> {
  const [row] = await db.insert(supportCanned).values(values).returning();
  if (!row) throw new Error('canned answer insert returned nothing');
  return row;
}

export async function updateCanned(
  db: Db,
  id: number,
  values: Partial<Pick<CannedRow, 'title' | 'content' | 'translations' | 'deleted' | 'updatedAt'>>,
): Promise<CannedRow | undefined> {
  const [row] = await db
    .update(supportCanned)
    .set(values)
    .where(and(eq(supportCanned.id, id), eq(supportCanned.deleted, false)))
    .returning();
  return row;
}

/** The merchant's capacity per operator, when it set one. */
export async function findCapacity(db: Db, merchantId: number): Promise<number | undefined> {
  const [row] = await db.select().from(supportSettings).where(eq(supportSettings.merchantId, merchantId));
  return row?.capacity;
}

export async function upsertCapacity(db: Db, merchantId: number, capacity: number): Promise<void> {
  await db
    .insert(supportSettings)
    .values({ merchantId, capacity })
    .onConflictDoUpdate({ target: supportSettings.merchantId, set: { capacity } });
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
): Promise<{ id: number; lastSeq: number; playerReadSeq: number; takenAt: number | null; firstAnswerAt: number | null }[]> {
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
  const rows = await queryRows<{
    id: number;
    last_seq: number;
    player_read_seq: number;
    taken_ms: string | number | null;
    first_ms: string | number | null;
  }>(
    db,
    sql`with v as (
          select * from jsonb_to_recordset(${values}::jsonb) as v(id int, operator_id int, client_id text, content text, at timestamptz, notice jsonb)
        ), l as materialized (
          select c.id from support_conversations c where c.id in (select id from v) order by c.id for update
        ), c as (
          update support_conversations c
             set last_seq = c.last_seq + 1, operator_read_seq = c.last_seq + 1, last_message_at = v.at,
                 first_answer_at = coalesce(c.first_answer_at, v.at)
            from v
           where c.id = v.id and c.id in (select id from l) and c.state = 'taken' and c.operator_id = v.operator_id
             and not exists (select 1 from support_messages m where m.conversation_id = c.id and m.author = 'operator' and m.client_id = v.client_id)
          returning c.id, c.last_seq, c.player_read_seq,
                    (extract(epoch from c.taken_at) * 1000)::bigint as taken_ms,
                    (extract(epoch from c.first_answer_at) * 1000)::bigint as first_ms
        ), m as (
          insert into support_messages (conversation_id, seq, author, operator_id, client_id, content, created_at)
          select c.id, c.last_seq, 'operator', v.operator_id, v.client_id, v.content, v.at from c join v on v.id = c.id
          returning conversation_id
        )
        select c.id, c.last_seq, c.player_read_seq, c.taken_ms, c.first_ms,
               pg_notify(${SUPPORT_CHANNEL}, jsonb_set(jsonb_set(jsonb_set(jsonb_set(jsonb_set(jsonb_set(v.notice,
                 '{event,message,seq}', to_jsonb(c.last_seq)),
                 '{event,conversation,lastSeq}', to_jsonb(c.last_seq)),
                 '{event,conversation,operatorReadSeq}', to_jsonb(c.last_seq)),
                 '{event,conversation,playerReadSeq}', to_jsonb(c.player_read_seq)),
                 '{event,conversation,takenAt}', to_jsonb(c.taken_ms)),
                 '{event,conversation,firstAnswerAt}', to_jsonb(c.first_ms))::text) as notified
          from c join v on v.id = c.id join m on m.conversation_id = c.id`,
  );
  const num = (v: string | number | null) => (v === null ? null : Number(v));
  return rows.map((r) => ({
    id: r.id,
    lastSeq: r.last_seq,
    playerReadSeq: r.player_read_seq,
    takenAt: num(r.taken_ms),
    firstAnswerAt: num(r.first_ms),
  }));
}
