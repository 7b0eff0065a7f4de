import {
  SUPPORT_DEFAULT_CAPACITY,
  SUPPORT_RATING_COMMENT_MAX,
  SUPPORT_TEXT_MAX,
  type SupportCanned,
  type SupportCannedBody,
  type SupportCannedUpdate,
  type SupportConversation,
  type SupportEvent,
  type SupportHistory,
  type SupportHistoryQuery,
  type SupportMessage,
  type SupportNote,
  type SupportRatingBody,
  type SupportTextBody,
  type SupportTransferTarget,
} from '@platform/contract';
import { throttle } from '../../platform/attempts.ts';
import { appendAudit } from '../../platform/audit.ts';
import { type Db, inTransaction } from '../../platform/db.ts';
import { sqlState } from '../../platform/db-errors.ts';
import { AppError } from '../../platform/errors.ts';
import { GroupWriter } from '../../platform/group-writer.ts';
import { imageType, MAX_IMAGE_BYTES } from '../feedback/feedback.service.ts';
import type { MerchantDirectory } from '../merchants/merchants.service.ts';
import { type ActingOperator, operatorNames, operatorsWhoMay } from '../operators/operators.service.ts';
import {
  allMessages,
  type CannedRow,
  type ConversationRow,
  findCanned,
  findCannedOne,
  findCapacity,
  findConversation,
  findConversationPage,
  findImage,
  findMessageByClientId,
  findMessages,
  findNotes,
  findPlayers,
  heldCounts,
  insertCanned,
  insertConversation,
  insertMessage,
  insertNote,
  latestConversation,
  lockOpenConversation,
  lockOperatorLoad,
  type MessageRow,
  moveReadMark,
  type NoteRow,
  nextSeq,
  notifySupport,
  setClosed,
  setHolder,
  setRating,
  setTaken,
  updateCanned,
  upsertCapacity,
  writeAnswers,
} from './support.repository.ts';

/**
 * What a support NOTIFY carries to every node: the event, and who may hear it: the player and the
 * operators of the merchant, or only one side (`to`): a private note never goes to the player.
 */
export interface SupportNotice {
  memberId: number;
  merchantId: number;
  event: SupportEvent;
  to?: 'player' | 'operators';
}

/** Text messages a player may send per minute: a fast typist's pace, not a flood. */
const TEXTS_PER_MINUTE = 20;
/** Images a player may send per hour. */
const IMAGES_PER_HOUR = 10;

interface Player {
  id: number;
  merchantId: number;
}

/**
 * A chat line as it is kept: line ends made \n, control characters and bidirectional overrides
 * (which could make a line read differently from what it is) removed, trimmed. Markup stays as
 * written: every reader shows it as text.
 */
export function cleanText(raw: string): string {
  return (
    raw
      .replace(/\r\n?/g, '\n')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\u202A-\u202E\u2066-\u2069]/g, '')
      .trim()
  );
}

function textOf(raw: string): string {
  const text = cleanText(raw);
  if (text.length === 0) throw new AppError('APP_ERR_VALIDATION', [{ field: 'content', message: 'error.input_empty' }]);
  if ([...text].length > SUPPORT_TEXT_MAX)
    throw new AppError('APP_ERR_VALIDATION', [{ field: 'content', message: 'validation.too_big' }], { max: SUPPORT_TEXT_MAX });
  return text;
}

/**
 * A per-process cache of what rarely changes, by id: `load` runs only for ids not seen within
 * `ttlMs`. Operators' names and players' accounts and ranks sit on every message's path; a rename
 * or a new rank shows within a minute.
 */
function cachedById<V>(ttlMs: number, load: (db: Db, ids: number[]) => Promise<Map<number, V>>) {
  const entries = new Map<number, { value: V; until: number }>();
  return async (db: Db, ids: number[]): Promise<Map<number, V>> => {
    const now = Date.now();
    const found = new Map<number, V>();
    const missing: number[] = [];
    for (const id of new Set(ids)) {
      const entry = entries.get(id);
      if (entry && entry.until > now) found.set(id, entry.value);
      else missing.push(id);
    }
    if (missing.length > 0) {
      if (entries.size > 50_000) entries.clear();
      for (const [id, value] of await load(db, missing)) {
        found.set(id, value);
        entries.set(id, { value, until: now + ttlMs });
      }
    }
    return found;
  };
}
const namesOf = cachedById(60_000, operatorNames);
const playersOf = cachedById(60_000, findPlayers);

/** Merchant codes by id. Read before a transaction: on PGlite the directory's own query would wait for it. */
type MerchantCodes = Map<number, string>;
async function codesOf(directory: MerchantDirectory): Promise<MerchantCodes> {
  return new Map((await directory.list()).map((m) => [m.id, m.code]));
}

/** Conversations as operators and players see them, with the player's account and the operator's name. */
async function viewsOf(db: Db, codes: MerchantCodes, rows: ConversationRow[]): Promise<SupportConversation[]> {
  const [players, names] = await Promise.all([
    playersOf(
      db,
      rows.map((r) => r.memberId),
    ),
    namesOf(
      db,
      rows.flatMap((r) => (r.operatorId ? [r.operatorId] : [])),
    ),
  ]);
  return rows.map((r) => {
    const player = players.get(r.memberId);
    return {
      id: r.id,
      merchant: codes.get(r.merchantId) ?? '',
      account: player?.account ?? '',
      vipLevel: Math.max(0, (player?.rankLevel ?? 1) - 1),
      state: r.state as SupportConversation['state'],
      operatorId: r.operatorId,
      operatorName: r.operatorId ? (names.get(r.operatorId) ?? null) : null,
      lastSeq: r.lastSeq,
      createdAt: r.createdAt.getTime(),
      takenAt: r.takenAt?.getTime() ?? null,
      firstAnswerAt: r.firstAnswerAt?.getTime() ?? null,
      closedAt: r.closedAt?.getTime() ?? null,
      lastMessageAt: r.lastMessageAt.getTime(),
      playerReadSeq: r.playerReadSeq,
      operatorReadSeq: r.operatorReadSeq,
      rating: r.rating,
      ratingComment: r.ratingComment,
    };
  });
}

async function viewOf(db: Db, codes: MerchantCodes, row: ConversationRow): Promise<SupportConversation> {
  const [view] = await viewsOf(db, codes, [row]);
  if (!view) throw new Error('no view');
  return view;
}

async function messageViews(db: Db, rows: MessageRow[]): Promise<SupportMessage[]> {
  const names = await namesOf(
    db,
    rows.flatMap((r) => (r.operatorId ? [r.operatorId] : [])),
  );
  return rows.map((r) => ({
    conversationId: r.conversationId,
    seq: r.seq,
    author: r.author as SupportMessage['author'],
    operatorName: r.operatorId ? (names.get(r.operatorId) ?? null) : null,
    content: r.content,
    image: r.imageType,
    clientId: r.clientId,
    createdAt: r.createdAt.getTime(),
  }));
}

async function history(db: Db, codes: MerchantCodes, row: ConversationRow | undefined, q: SupportHistoryQuery): Promise<SupportHistory> {
  if (!row) return { conversation: null, messages: [], hasMore: false };
  const page = await findMessages(db, row.id, q);
  return { conversation: await viewOf(db, codes, row), messages: await messageViews(db, page.rows), hasMore: page.hasMore };
}

/** The player's current conversation (or their latest closed one) and a page of its messages. */
export async function playerHistory(db: Db, directory: MerchantDirectory, player: Player, q: SupportHistoryQuery) {
  return history(db, await codesOf(directory), await latestConversation(db, player.id), q);
}

async function publish(db: Db, codes: MerchantCodes, row: ConversationRow, event: (c: SupportConversation) => SupportEvent) {
  const conversation = await viewOf(db, codes, row);
  await notify(db, { memberId: row.memberId, merchantId: row.merchantId, event: event(conversation) });
}

const notify = (db: Db, notice: SupportNotice) => notifySupport(db, JSON.stringify(notice));

/**
 * A player's message: into their open conversation, or a new one that waits in the queue. The
 * conversation's row lock numbers messages in order; the same `clientId` sent again returns the
 * message already stored, and nothing is sent twice.
 */
async function playerSends(
  db: Db,
  directory: MerchantDirectory,
  player: Player,
  clientId: string,
  content: { text: string } | { image: Buffer; type: string },
  now: Date,
): Promise<SupportMessage> {
  const codes = await codesOf(directory);
  return inTransaction(db, async (tx) => {
    const conversation =
      (await lockOpenConversation(tx, player.id)) ??
      (await insertConversation(tx, { merchantId: player.merchantId, memberId: player.id, createdAt: now })) ??
      (await lockOpenConversation(tx, player.id));
    if (!conversation) throw new Error('no open conversation after insert');
    const sent = await findMessageByClientId(tx, conversation.id, 'player', clientId);
    if (sent) return (await messageViews(tx, [sent]))[0] as SupportMessage;
    const numbered = await nextSeq(tx, conversation.id, now, false);
    const row = await insertMessage(
      tx,
      {
        conversationId: conversation.id,
        seq: numbered.lastSeq,
        author: 'player',
        clientId,
        content: 'text' in content ? content.text : '',
        imageType: 'type' in content ? content.type : null,
        createdAt: now,
      },
      'image' in content ? content.image : undefined,
    );
    const [message] = await messageViews(tx, [row]);
    if (!message) throw new Error('no message view');
    await publish(tx, codes, numbered, (c) => ({ type: 'support.message', message, conversation: c }));
    return message;
  });
}

export async function sendPlayerText(db: Db, directory: MerchantDirectory, player: Player, body: SupportTextBody, now = new Date()) {
  const text = textOf(body.content);
  await throttle(db, `support:text:${player.id}`, { windowMs: 60_000, limit: TEXTS_PER_MINUTE }, now);
  const sent = await playerSends(db, directory, player, body.clientId, { text }, now);
  typingStopped('player', sent.conversationId);
  return sent;
}

/** An image from the player: png or jpg by its first bytes, at most 5 MB, refused at its field otherwise. */
export async function sendPlayerImage(
  db: Db,
  directory: MerchantDirectory,
  player: Player,
  clientId: string,
  bytes: Buffer,
  now = new Date(),
) {
  const type = imageType(bytes);
  if (!type) throw new AppError('APP_ERR_VALIDATION', [{ field: 'image', message: 'validation.image_type' }]);
  if (bytes.length > MAX_IMAGE_BYTES)
    throw new AppError('APP_ERR_VALIDATION', [{ field: 'image', message: 'validation.image_too_big' }], { max: 5 });
  await throttle(db, `support:image:${player.id}`, { windowMs: 3_600_000, limit: IMAGES_PER_HOUR }, now);
  return playerSends(db, directory, player, clientId, { image: bytes, type }, now);
}

/** An image of the player's own conversations; another's is not found, like one that does not exist. */
export async function playerImage(db: Db, player: Player, conversationId: number, seq: number) {
  const conversation = await findConversation(db, conversationId);
  const image = conversation?.memberId === player.id ? await findImage(db, conversationId, seq) : undefined;
  if (!image?.contentType) throw new AppError('APP_ERR_NOT_FOUND');
  return { bytes: image.bytes, contentType: image.contentType };
}

// Operators

/** What never changes of a conversation (its player, merchant and start), by id, read once per process: every answer asks it. */
const factsOfId = new Map<number, Pick<ConversationRow, 'merchantId' | 'memberId' | 'createdAt'>>();
async function factsOf(db: Db, id: number) {
  const known = factsOfId.get(id);
  if (known) return known;
  const row = await findConversation(db, id);
  if (!row) return undefined;
  if (factsOfId.size > 100_000) factsOfId.clear();
  const facts = { merchantId: row.merchantId, memberId: row.memberId, createdAt: row.createdAt };
  factsOfId.set(id, facts);
  return facts;
}

/** The merchant of a conversation (null when there is none), for the admin routes' scope check. */
export async function merchantOfConversation(db: Db, id: number): Promise<{ id: number | null }> {
  return { id: (await factsOf(db, id))?.merchantId ?? null };
}

export async function conversationPage(
  db: Db,
  directory: MerchantDirectory,
  scope: number[] | undefined,
  q: { pageNo: number; pageSize: number; state: string; merchant?: string },
) {
  const merchants = await directory.list();
  const merchantId = q.merchant ? (merchants.find((m) => m.code === q.merchant?.toUpperCase())?.id ?? 0) : undefined;
  const { rows, total } = await findConversationPage(db, scope, { ...q, merchantId });
  return {
    content: await viewsOf(db, new Map(merchants.map((m) => [m.id, m.code])), rows),
    pageNo: q.pageNo,
    pageSize: q.pageSize,
    totalElements: total,
    totalPages: Math.ceil(total / q.pageSize),
  };
}

export async function operatorHistory(db: Db, directory: MerchantDirectory, id: number, q: SupportHistoryQuery) {
  const row = await findConversation(db, id);
  if (!row) throw new AppError('APP_ERR_NOT_FOUND');
  return history(db, await codesOf(directory), row, q);
}

async function lockedConversation(tx: Db, id: number): Promise<ConversationRow> {
  const row = await findConversation(tx, id, true);
  if (!row) throw new AppError('APP_ERR_NOT_FOUND');
  if (row.state === 'closed') throw new AppError('APP_ERR_SUPPORT_CLOSED');
  return row;
}

/** Open conversations one operator of the merchant may hold at once: the merchant's setting, else the default. */
export async function capacityOf(db: Db, merchantId: number): Promise<number> {
  return (await findCapacity(db, merchantId)) ?? SUPPORT_DEFAULT_CAPACITY;
}

/** Refuses when the operator already holds as many open conversations as the merchant allows (their load locked for the transaction). */
async function assertRoom(tx: Db, operatorId: number, merchantId: number): Promise<void> {
  await lockOperatorLoad(tx, operatorId);
  const held = (await heldCounts(tx, [operatorId])).get(operatorId) ?? 0;
  if (held >= (await capacityOf(tx, merchantId))) throw new AppError('APP_ERR_SUPPORT_CAPACITY');
}

/**
 * An operator takes a waiting conversation (first come, first served), within their merchant's
 * capacity per operator; taking it again is a no-op. Audited.
 */
export async function takeConversation(db: Db, directory: MerchantDirectory, op: ActingOperator, id: number, now = new Date()) {
  const codes = await codesOf(directory);
  return inTransaction(db, async (tx) => {
    const row = await lockedConversation(tx, id);
    if (row.state === 'taken') {
      if (row.operatorId !== op.id) throw new AppError('APP_ERR_SUPPORT_TAKEN');
      return viewOf(tx, codes, row);
    }
    await assertRoom(tx, op.id, row.merchantId);
    const taken = await setTaken(tx, id, op.id, now);
    await appendAudit(tx, {
      operator: op.account,
      action: 'support.take',
      merchantId: row.merchantId,
      target: `support:${id}`,
      reason: '',
      details: { waitedMs: now.getTime() - row.createdAt.getTime() },
    });
    await publish(tx, codes, taken, (c) => ({ type: 'support.conversation', conversation: c }));
    return viewOf(tx, codes, taken);
  });
}

/** The operator's answer, in a conversation they hold; the same `clientId` sent again returns the stored answer. */
export async function answer(
  db: Db,
  directory: MerchantDirectory,
  op: ActingOperator,
  id: number,
  body: SupportTextBody,
  now = new Date(),
) {
  const text = textOf(body.content);
  const codes = await codesOf(directory);
  return inTransaction(db, async (tx) => {
    const row = await lockedConversation(tx, id);
    if (row.state !== 'taken' || row.operatorId !== op.id) throw new AppError('APP_ERR_SUPPORT_NOT_YOURS');
    const sent = await findMessageByClientId(tx, id, 'operator', body.clientId);
    if (sent) return (await messageViews(tx, [sent]))[0] as SupportMessage;
    const numbered = await nextSeq(tx, id, now, true);
    const inserted = await insertMessage(tx, {
      conversationId: id,
      seq: numbered.lastSeq,
      author: 'operator',
      operatorId: op.id,
      clientId: body.clientId,
      content: text,
      createdAt: now,
    });
    const [message] = await messageViews(tx, [inserted]);
    if (!message) throw new Error('no message view');
    await publish(tx, codes, numbered, (c) => ({ type: 'support.message', message, conversation: c }));
    return message;
  });
}

interface Answer {
  op: ActingOperator;
  id: number;
  clientId: string;
  text: string;
  now: Date;
}
/** An answer's outcome: the message stored (or stored before, on a resend), or the refusal of that answer alone. */
type Answered = { message: SupportMessage } | { refused: AppError };

/**
 * Operators' answers by group commit (decision 0041): answers that arrive while a group is being
 * written wait, and are then written together in one statement, its own transaction: their
 * conversations locked in id order, numbered, their messages stored and one NOTIFY each, the
 * notices built here from per-process caches with the numbers and times set by the statement.
 * Answers to one conversation are never in one group nor in two groups at once (key), so they are
 * numbered, committed and delivered in the order they came. An answer the statement did not write
 * is explained by a read (refused alone, or a resend answered with the stored message); a group
 * that fails as a whole is written answer by answer. Each answer's promise resolves after its
 * group's commit.
 */
export class SupportAnswers {
  readonly writer: GroupWriter<Answer, Answered>;

  constructor(
    private readonly db: Db,
    private readonly directory: MerchantDirectory,
    opts: { maxBatch?: number; maxInFlight?: number } = {},
  ) {
    this.writer = new GroupWriter<Answer, Answered>({
      write: (answers) => this.writeTogether(answers),
      single: (a) => this.writeAlone(a),
      keys: (a) => [`conversation:${a.id}`],
      maxBatch: opts.maxBatch ?? 64,
      maxInFlight: opts.maxInFlight ?? 4,
      onBatchError: (err, size) =>
        console.error(JSON.stringify({ level: 40, msg: 'support answers written one by one', size, code: sqlState(err) })),
    });
  }

  /** The operator's answer in a conversation they hold, with whatever other answers arrive meanwhile. */
  async answer(op: ActingOperator, id: number, body: SupportTextBody, now = new Date()): Promise<SupportMessage> {
    const done = await this.writer.submit({ op, id, clientId: body.clientId, text: textOf(body.content), now });
    if ('refused' in done) throw done.refused;
    typingStopped('operator', id);
    return done.message;
  }

  private async writeAlone(a: Answer): Promise<Answered> {
    try {
      return { message: await answer(this.db, this.directory, a.op, a.id, { clientId: a.clientId, content: a.text }, a.now) };
    } catch (err) {
      if (err instanceof AppError) return { refused: err };
      throw err;
    }
  }

  private async writeTogether(answers: Answer[]): Promise<Answered[]> {
    const codes = await codesOf(this.directory);
    // What the notices carry besides the numbers the statement sets: from the per-process caches.
    const facts = await Promise.all(answers.map((a) => factsOf(this.db, a.id)));
    const known = answers.flatMap((a, i) => {
      const f = facts[i];
      return f ? [{ a, f }] : [];
    });
    const [players, names] = await Promise.all([
      playersOf(
        this.db,
        known.map((k) => k.f.memberId),
      ),
      namesOf(
        this.db,
        known.map((k) => k.a.op.id),
      ),
    ]);
    const notices = new Map<Answer, SupportNotice>();
    for (const { a, f } of known) {
      const player = players.get(f.memberId);
      const operatorName = names.get(a.op.id) ?? null;
      const at = a.now.getTime();
      notices.set(a, {
        memberId: f.memberId,
        merchantId: f.merchantId,
        event: {
          type: 'support.message',
          message: {
            conversationId: a.id,
            seq: 0,
            author: 'operator',
            operatorName,
            content: a.text,
            image: null,
            clientId: a.clientId,
            createdAt: at,
          },
          conversation: {
            id: a.id,
            merchant: codes.get(f.merchantId) ?? '',
            account: player?.account ?? '',
            vipLevel: Math.max(0, (player?.rankLevel ?? 1) - 1),
            state: 'taken',
            operatorId: a.op.id,
            operatorName,
            lastSeq: 0,
            createdAt: f.createdAt.getTime(),
            takenAt: null,
            firstAnswerAt: null,
            closedAt: null,
            lastMessageAt: at,
            playerReadSeq: 0,
            operatorReadSeq: 0,
            rating: null,
            ratingComment: null,
          },
        },
      });
    }
    // One statement, its own transaction: lock, number, store and NOTIFY every answer it can.
    const written = new Map(
      (
        await writeAnswers(
          this.db,
          known.map(({ a }) => ({
            conversationId: a.id,
            operatorId: a.op.id,
            clientId: a.clientId,
            content: a.text,
            at: a.now,
            notice: notices.get(a),
          })),
        )
      ).map((w) => [w.id, w]),
    );
    // An answer not written was refused, or was a resend: told by a read, as the single path would.
    return Promise.all(
      answers.map(async (a): Promise<Answered> => {
        const w = written.get(a.id);
        const notice = notices.get(a);
        if (!w || !notice || notice.event.type !== 'support.message') return this.explain(a);
        return {
          message: { ...notice.event.message, seq: w.lastSeq },
        };
      }),
    );
  }

  /** Why an answer of a group was not written: refused (no such conversation, closed, not yours), or stored before under its client id. */
  private async explain(a: Answer): Promise<Answered> {
    const row = await findConversation(this.db, a.id);
    if (!row) return { refused: new AppError('APP_ERR_NOT_FOUND') };
    if (row.state === 'closed') return { refused: new AppError('APP_ERR_SUPPORT_CLOSED') };
    if (row.state !== 'taken' || row.operatorId !== a.op.id) return { refused: new AppError('APP_ERR_SUPPORT_NOT_YOURS') };
    const sent = await findMessageByClientId(this.db, a.id, 'operator', a.clientId);
    if (sent) return { message: (await messageViews(this.db, [sent]))[0] as SupportMessage };
    // Held by this operator and not sent: the statement saw it otherwise; written alone now.
    return this.writeAlone(a);
  }
}

/** Closes a conversation that is waiting or held by the operator. Audited. */
export async function closeConversation(db: Db, directory: MerchantDirectory, op: ActingOperator, id: number, now = new Date()) {
  const codes = await codesOf(directory);
  return inTransaction(db, async (tx) => {
    const row = await lockedConversation(tx, id);
    if (row.state === 'taken' && row.operatorId !== op.id) throw new AppError('APP_ERR_SUPPORT_NOT_YOURS');
    const closed = await setClosed(tx, id, op.account, now);
    await appendAudit(tx, {
      operator: op.account,
      action: 'support.close',
      merchantId: row.merchantId,
      target: `support:${id}`,
      reason: '',
      details: { messages: row.lastSeq },
    });
    await publish(tx, codes, closed, (c) => ({ type: 'support.conversation', conversation: c }));
    return viewOf(tx, codes, closed);
  });
}

export async function operatorImage(db: Db, id: number, seq: number) {
  const image = await findImage(db, id, seq);
  if (!image?.contentType) throw new AppError('APP_ERR_NOT_FOUND');
  return { bytes: image.bytes, contentType: image.contentType };
}

// Read marks and typing

/**
 * A side has seen the conversation up to `seq`: its mark moves forward (never past the last
 * message, never back) and the move is pushed live to both sides. Sending the same mark again
 * changes nothing.
 */
async function markRead(db: Db, row: ConversationRow, side: 'player' | 'operator', seq: number) {
  return inTransaction(db, async (tx) => {
    const moved = await moveReadMark(tx, row.id, side, seq);
    if (!moved) {
      const current = await findConversation(tx, row.id);
      return { seq: side === 'player' ? (current?.playerReadSeq ?? 0) : (current?.operatorReadSeq ?? 0), moved: false };
    }
    const at = side === 'player' ? moved.playerReadSeq : moved.operatorReadSeq;
    await notify(tx, {
      memberId: row.memberId,
      merchantId: row.merchantId,
      event: { type: 'support.read', conversationId: row.id, side, seq: at },
    });
    return { seq: at, moved: true };
  });
}

/** One of the player's own conversations; another's is not found, like one that does not exist. */
async function ownConversation(db: Db, player: Player, id: number): Promise<ConversationRow> {
  const row = await findConversation(db, id);
  if (!row || row.memberId !== player.id) throw new AppError('APP_ERR_NOT_FOUND');
  return row;
}

export async function playerRead(db: Db, player: Player, conversationId: number, seq: number) {
  return markRead(db, await ownConversation(db, player, conversationId), 'player', seq);
}

export async function operatorRead(db: Db, id: number, seq: number) {
  const row = await findConversation(db, id);
  if (!row) throw new AppError('APP_ERR_NOT_FOUND');
  return markRead(db, row, 'operator', seq);
}

/** A typing signal goes out at most this often per conversation and side (on a node); the ones between are folded into it. */
const TYPING_EVERY_MS = 2_000;
/** Typing calls a side may make per conversation per minute before 429: a client sends one every few seconds. */
const TYPING_PER_MINUTE = 40;
const lastTyping = new Map<string, number>();

/** A message sent ends its side's typing: the next keystrokes are news again, not folded into the last signal. */
function typingStopped(side: 'player' | 'operator', conversationId: number): void {
  lastTyping.delete(`${side}:${conversationId}`);
}

/**
 * Tells the other side someone is typing: nothing stored, one NOTIFY, at most one every two
 * seconds per conversation and side, and past 40 calls a minute refused (429).
 */
async function typing(db: Db, row: ConversationRow, side: 'player' | 'operator', now: Date): Promise<{ sent: boolean }> {
  const key = `${side}:${row.id}`;
  await throttle(db, `support:typing:${key}`, { windowMs: 60_000, limit: TYPING_PER_MINUTE }, now);
  const last = lastTyping.get(key);
  if (last !== undefined && now.getTime() - last < TYPING_EVERY_MS && now.getTime() >= last) return { sent: false };
  if (lastTyping.size > 50_000) lastTyping.clear();
  lastTyping.set(key, now.getTime());
  await notify(db, {
    memberId: row.memberId,
    merchantId: row.merchantId,
    event: { type: 'support.typing', conversationId: row.id, side },
    to: side === 'player' ? 'operators' : 'player',
  });
  return { sent: true };
}

/** The player types in their open conversation (none open: nothing to tell). */
export async function playerTyping(db: Db, player: Player, now = new Date()) {
  const row = await latestConversation(db, player.id);
  if (!row || row.state === 'closed') return { sent: false };
  return typing(db, row, 'player', now);
}

/** The operator types an answer in a conversation they hold. */
export async function operatorTyping(db: Db, op: ActingOperator, id: number, now = new Date()) {
  const row = await findConversation(db, id);
  if (!row) throw new AppError('APP_ERR_NOT_FOUND');
  if (row.state === 'closed') throw new AppError('APP_ERR_SUPPORT_CLOSED');
  if (row.state !== 'taken' || row.operatorId !== op.id) throw new AppError('APP_ERR_SUPPORT_NOT_YOURS');
  return typing(db, row, 'operator', now);
}

// Rating and transcript

/** The player rates one of their closed conversations, once: 1 to 5 and an optional comment (plain text). */
export async function rateConversation(db: Db, directory: MerchantDirectory, player: Player, body: SupportRatingBody, now = new Date()) {
  const comment = cleanText(body.comment ?? '');
  if ([...comment].length > SUPPORT_RATING_COMMENT_MAX)
    throw new AppError('APP_ERR_VALIDATION', [{ field: 'comment', message: 'validation.too_big' }], { max: SUPPORT_RATING_COMMENT_MAX });
  const row = await ownConversation(db, player, body.conversationId);
  if (row.state !== 'closed') throw new AppError('APP_ERR_SUPPORT_NOT_CLOSED');
  const codes = await codesOf(directory);
  return inTransaction(db, async (tx) => {
    const rated = await setRating(tx, row.id, body.score, comment || null, now);
    if (!rated) throw new AppError('APP_ERR_SUPPORT_RATED');
    await publish(tx, codes, rated, (c) => ({ type: 'support.conversation', conversation: c }));
    return viewOf(tx, codes, rated);
  });
}

const stamp = (d: Date) => `${d.toISOString().slice(0, 19).replace('T', ' ')} UTC`;

/**
 * A plain-text transcript of one of the player's conversations: a heading, then each message with
 * its time (UTC) and author, continuation lines indented. Private notes are never in it.
 */
export async function transcript(db: Db, directory: MerchantDirectory, player: Player, conversationId: number) {
  const row = await ownConversation(db, player, conversationId);
  const [view] = await viewsOf(db, await codesOf(directory), [row]);
  const messages = await messageViews(db, await allMessages(db, row.id));
  const lines = [
    `Customer service conversation #${row.id} (${view?.merchant ?? ''})`,
    `Player: ${view?.account ?? ''}`,
    `Started: ${stamp(row.createdAt)}`,
    ...(row.closedAt ? [`Closed: ${stamp(row.closedAt)}`] : []),
    ...(row.rating ? [`Rating: ${row.rating}/5${row.ratingComment ? ` (${row.ratingComment.replace(/\n/g, ' ')})` : ''}`] : []),
    '',
    ...messages.map((m) => {
      const who = m.author === 'player' ? (view?.account ?? 'Player') : `${m.operatorName ?? 'Support'} (support)`;
      const body = m.image ? '[image]' : m.content.replace(/\n/g, '\n    ');
      return `[${stamp(new Date(m.createdAt))}] ${who}: ${body}`;
    }),
    '',
  ];
  return { fileName: `support-${row.id}.txt`, text: lines.join('\n') };
}

// Private notes

function noteViews(rows: NoteRow[], names: Map<number, string>): SupportNote[] {
  return rows.map((r) => ({
    id: r.id,
    conversationId: r.conversationId,
    operatorName: names.get(r.operatorId) ?? '',
    content: r.content,
    createdAt: r.createdAt.getTime(),
  }));
}

export async function notesOf(db: Db, id: number) {
  const rows = await findNotes(db, id);
  return {
    list: noteViews(
      rows,
      await namesOf(
        db,
        rows.map((r) => r.operatorId),
      ),
    ),
  };
}

/** A private note on a conversation (any state): pushed to operators only, never to the player. */
export async function addNote(db: Db, op: ActingOperator, id: number, content: string, now = new Date()) {
  const text = textOf(content);
  const facts = await factsOf(db, id);
  if (!facts) throw new AppError('APP_ERR_NOT_FOUND');
  const names = await namesOf(db, [op.id]);
  return inTransaction(db, async (tx) => {
    const row = await insertNote(tx, { conversationId: id, operatorId: op.id, content: text, createdAt: now });
    const [note] = noteViews([row], names);
    if (!note) throw new Error('no note view');
    await notify(tx, { memberId: facts.memberId, merchantId: facts.merchantId, event: { type: 'support.note', note }, to: 'operators' });
    return note;
  });
}

// Transfer

/** Operators who may hold the conversation, with what they hold now and whether they have room for one more. */
export async function transferTargets(db: Db, op: ActingOperator, id: number): Promise<{ list: SupportTransferTarget[] }> {
  const facts = await factsOf(db, id);
  if (!facts) throw new AppError('APP_ERR_NOT_FOUND');
  const [candidates, capacity] = await Promise.all([
    operatorsWhoMay(db, 'support.chat', facts.merchantId),
    capacityOf(db, facts.merchantId),
  ]);
  const others = candidates.filter((c) => c.id !== op.id);
  const held = await heldCounts(
    db,
    others.map((c) => c.id),
  );
  return {
    list: others.map((c) => {
      const holding = held.get(c.id) ?? 0;
      return { id: c.id, name: c.name, holding, free: holding < capacity };
    }),
  };
}

/**
 * The holder hands the conversation to another operator of its merchant who may chat (within that
 * operator's capacity), or back to the waiting queue (`to` null). Audited; both consoles and the
 * player hear the new holder live.
 */
export async function transferConversation(
  db: Db,
  directory: MerchantDirectory,
  op: ActingOperator,
  id: number,
  to: number | null,
  now = new Date(),
) {
  const facts = await factsOf(db, id);
  if (!facts) throw new AppError('APP_ERR_NOT_FOUND');
  // Read before the transaction: on PGlite the operators' own query would wait for it.
  const candidates = to === null ? [] : await operatorsWhoMay(db, 'support.chat', facts.merchantId);
  const target = candidates.find((c) => c.id === to);
  const codes = await codesOf(directory);
  return inTransaction(db, async (tx) => {
    const row = await lockedConversation(tx, id);
    if (row.state !== 'taken' || row.operatorId !== op.id) throw new AppError('APP_ERR_SUPPORT_NOT_YOURS');
    if (to !== null && (!target || target.id === op.id)) throw new AppError('APP_ERR_SUPPORT_TRANSFER_TARGET');
    if (target) await assertRoom(tx, target.id, row.merchantId);
    const moved = await setHolder(tx, id, target?.id ?? null, now);
    await appendAudit(tx, {
      operator: op.account,
      action: 'support.transfer',
      merchantId: row.merchantId,
      target: `support:${id}`,
      reason: '',
      details: { to: target ? { id: target.id, name: target.name } : 'queue' },
    });
    await publish(tx, codes, moved, (c) => ({ type: 'support.conversation', conversation: c }));
    return viewOf(tx, codes, moved);
  });
}

// Canned answers and settings

function cannedView(row: CannedRow, codes: MerchantCodes): SupportCanned {
  return {
    id: row.id,
    merchant: codes.get(row.merchantId) ?? '',
    title: row.title,
    content: row.content,
    translations: row.translations,
    updatedAt: row.updatedAt.getTime(),
  };
}

/** Canned answers of a merchant, or of every merchant in the operator's scope. */
export async function cannedList(db: Db, directory: MerchantDirectory, scope: number[] | undefined, merchant?: string) {
  const merchants = await directory.list();
  const codes = new Map(merchants.map((m) => [m.id, m.code]));
  const named = merchant ? (merchants.find((m) => m.code === merchant.toUpperCase())?.id ?? 0) : undefined;
  const ids = named !== undefined ? [named] : scope;
  return { list: (await findCanned(db, ids)).map((r) => cannedView(r, codes)) };
}

/** The merchant of a canned answer (null when there is none), for the admin routes' scope check. */
export async function merchantOfCanned(db: Db, id: number): Promise<{ id: number | null }> {
  return { id: (await findCannedOne(db, id))?.merchantId ?? null };
}

const cannedFields = (body: SupportCannedUpdate) => ({
  title: cleanText(body.title),
  content: cleanText(body.content),
  translations: Object.fromEntries(Object.entries(body.translations ?? {}).map(([k, v]) => [k, cleanText(v ?? '')])),
});

export async function createCanned(db: Db, directory: MerchantDirectory, op: ActingOperator, body: SupportCannedBody, now = new Date()) {
  const codes = await codesOf(directory);
  const merchantId = [...codes].find(([, code]) => code === body.merchant.toUpperCase())?.[0];
  if (merchantId === undefined) throw new AppError('APP_ERR_VALIDATION', [{ field: 'merchant', message: 'validation.unknown_value' }]);
  return inTransaction(db, async (tx) => {
    const row = await insertCanned(tx, { merchantId, ...cannedFields(body), updatedAt: now });
    await appendAudit(tx, {
      operator: op.account,
      action: 'support.canned.create',
      merchantId,
      target: `support-canned:${row.id}`,
      reason: '',
      details: { title: row.title },
    });
    return cannedView(row, codes);
  });
}

export async function changeCanned(
  db: Db,
  directory: MerchantDirectory,
  op: ActingOperator,
  id: number,
  body: SupportCannedUpdate | null,
  now = new Date(),
) {
  const codes = await codesOf(directory);
  return inTransaction(db, async (tx) => {
    const row = await updateCanned(tx, id, body ? { ...cannedFields(body), updatedAt: now } : { deleted: true, updatedAt: now });
    if (!row) throw new AppError('APP_ERR_NOT_FOUND');
    await appendAudit(tx, {
      operator: op.account,
      action: body ? 'support.canned.update' : 'support.canned.delete',
      merchantId: row.merchantId,
      target: `support-canned:${row.id}`,
      reason: '',
      details: { title: row.title },
    });
    return cannedView(row, codes);
  });
}

async function merchantIdOf(directory: MerchantDirectory, code: string): Promise<number> {
  const found = (await directory.list()).find((m) => m.code === code.toUpperCase());
  if (!found) throw new AppError('APP_ERR_NOT_FOUND');
  return found.id;
}

export async function supportSettingsOf(db: Db, directory: MerchantDirectory, code: string) {
  const merchantId = await merchantIdOf(directory, code);
  return { merchant: code.toUpperCase(), capacity: await capacityOf(db, merchantId) };
}

/** Sets a merchant's capacity per operator (conversations already held stay held). Audited. */
export async function setSupportSettings(db: Db, directory: MerchantDirectory, op: ActingOperator, code: string, capacity: number) {
  const merchantId = await merchantIdOf(directory, code);
  return inTransaction(db, async (tx) => {
    await upsertCapacity(tx, merchantId, capacity);
    await appendAudit(tx, {
      operator: op.account,
      action: 'support.settings',
      merchantId,
      target: `merchant:${code.toUpperCase()}`,
      reason: '',
      details: { capacity },
    });
    return { merchant: code.toUpperCase(), capacity };
  });
}
