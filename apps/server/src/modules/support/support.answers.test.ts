import type { SupportMessage } from '@platform/contract';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeOperator } from '../../../test/operators.ts';
import { createTestDatabase } from '../../../test/test-database.ts';
import type { Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { seedDemoData } from '../../seed/seed.ts';
import { insertMember } from '../members/members.repository.ts';
import { MerchantDirectory } from '../merchants/merchants.service.ts';
import { type ActingOperator, resolveOperator } from '../operators/operators.service.ts';
import { SUPPORT_CHANNEL } from './support.repository.ts';
import {
  closeConversation,
  SupportAnswers,
  type SupportNotice,
  sendPlayerText,
  setSupportSettings,
  takeConversation,
} from './support.service.ts';
import { supportMessages } from './support.tables.ts';

// Operators' answers written by group commit: many conversations in one statement and one transaction,
// in order per conversation, each refused or failing answer alone.
let database: Database;
let directory: MerchantDirectory;
let op: ActingOperator;
let other: ActingOperator;
let merchantId: number;
/** Every support notice heard on the database channel, in the order heard. */
const heard: SupportNotice[] = [];
const waiters: { n: number; ok: () => void }[] = [];
let stopListening: () => Promise<void>;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoData(database.db, new Date());
  directory = new MerchantDirectory(database.db, 0);
  merchantId = (await directory.list()).find((m) => m.code === 'BRAZIL')?.id ?? 0;
  const made = await makeOperator(database.db, { account: 'group-support', role: 'support', merchants: ['BRAZIL'] });
  const made2 = await makeOperator(database.db, { account: 'group-support-2', role: 'support', merchants: ['BRAZIL'] });
  op = (await resolveOperator(database.db, made.key)) as ActingOperator;
  other = (await resolveOperator(database.db, made2.key)) as ActingOperator;
  // One operator holds every conversation here: far more than a merchant's default capacity.
  await setSupportSettings(database.db, directory, op, 'BRAZIL', 1_000);
  stopListening = await database.listen(SUPPORT_CHANNEL, (payload) => {
    const parsed = JSON.parse(payload) as SupportNotice | SupportNotice[];
    heard.push(...(Array.isArray(parsed) ? parsed : [parsed]));
    for (const w of waiters.filter((w) => heard.length >= w.n)) w.ok();
  });
});
afterAll(async () => {
  await stopListening();
  await database.close();
});

let n = 0;
/** Conversations of new players, each taken by `by`. */
async function conversations(count: number, by = op): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const member = await insertMember(database.db, { merchantId, account: `grp${n++}x${Date.now().toString(36)}`, language: 'EN' });
    if (!member) throw new Error('no member');
    const first = await sendPlayerText(database.db, directory, member, { clientId: `first-${n}`, content: 'Hello' });
    await takeConversation(database.db, directory, by, first.conversationId);
    ids.push(first.conversationId);
  }
  return ids;
}

/** Resolves once `count` notices have been heard in all. */
function heardAll(count: number) {
  return heard.length >= count ? Promise.resolve() : new Promise<void>((ok) => waiters.push({ n: count, ok }));
}

/** The first answer's time: every later answer's conversation keeps it as its first answer. */
const e0 = (events: { message: { createdAt: number } }[]) => events[0]?.message.createdAt;

const messagesOf = (id: number) =>
  database.db
    .select()
    .from(supportMessages)
    .orderBy(asc(supportMessages.conversationId), asc(supportMessages.seq))
    .then((rows) => rows.filter((r) => r.conversationId === id));

describe('support answers by group commit', () => {
  it('writes concurrent answers to many conversations in few groups, each stored once, numbered and heard in order', async () => {
    const ids = await conversations(20);
    const answers = new SupportAnswers(database.db, directory, { maxInFlight: 2 });
    const before = heard.length;
    // Three answers to each conversation, all sent at once.
    const sent = ids.flatMap((id) => [1, 2, 3].map((k) => ({ id, k, clientId: `a-${id}-${k}` })));
    const results = await Promise.all(
      sent.map((s) => answers.answer(op, s.id, { clientId: s.clientId, content: `answer ${s.k} <b>to</b> ${s.id}` })),
    );

    // Fewer groups than answers: answers that came together went together.
    expect(answers.writer.stats.items).toBe(60);
    expect(answers.writer.stats.batches).toBeLessThan(20);
    expect(answers.writer.stats.fallbacks).toBe(0);
    for (const [i, s] of sent.entries()) {
      const r = results[i] as SupportMessage;
      expect(r).toMatchObject({
        conversationId: s.id,
        author: 'operator',
        clientId: s.clientId,
        seq: 1 + s.k,
        operatorName: 'group-support',
      });
    }
    for (const id of ids) {
      const rows = await messagesOf(id);
      expect(rows.map((r) => [r.seq, r.clientId])).toEqual([
        [1, rows[0]?.clientId],
        [2, `a-${id}-1`],
        [3, `a-${id}-2`],
        [4, `a-${id}-3`],
      ]);
      expect(rows[1]?.content).toBe(`answer 1 <b>to</b> ${id}`);
    }

    // Every answer heard once, in its conversation's order, with the conversation's last number.
    await heardAll(before + 60);
    const answersHeard = heard.slice(before).filter((h) => h.event.type === 'support.message');
    expect(answersHeard).toHaveLength(60);
    for (const id of ids) {
      const mine = answersHeard.flatMap((h) =>
        h.event.type === 'support.message' && h.event.message.conversationId === id ? [h.event] : [],
      );
      expect(mine.map((e) => e.message.seq)).toEqual([2, 3, 4]);
      expect(mine.map((e) => e.conversation.lastSeq)).toEqual([2, 3, 4]);
      expect(mine[0]?.conversation).toMatchObject({ merchant: 'BRAZIL', state: 'taken', operatorName: 'group-support', closedAt: null });
      expect(mine.map((e) => [typeof e.conversation.takenAt, e.conversation.firstAnswerAt])).toEqual([
        ['number', e0(mine)],
        ['number', e0(mine)],
        ['number', e0(mine)],
      ]);
    }

    // A resend of an answer in a later group returns the stored answer and writes nothing.
    const again = await Promise.all([
      answers.answer(op, ids[0] as number, { clientId: `a-${ids[0]}-2`, content: 'changed' }),
      answers.answer(op, ids[1] as number, { clientId: 'a-new', content: 'new one' }),
    ]);
    expect(again[0]).toMatchObject({ seq: 3, content: `answer 2 <b>to</b> ${ids[0]}` });
    expect(again[1]).toMatchObject({ seq: 5, content: 'new one' });
    expect(await messagesOf(ids[0] as number)).toHaveLength(4);
  });

  it('refuses an answer of a group alone, and a group that fails is written answer by answer, losing none of the others', async () => {
    const [a, b, c, closed] = await conversations(4);
    const [notMine] = await conversations(1, other);
    await closeConversation(database.db, directory, op, closed as number);
    const answers = new SupportAnswers(database.db, directory, { maxInFlight: 1 });
    const send = (id: number, clientId: string, now?: Date) => answers.answer(op, id, { clientId, content: `to ${id}` }, now);

    // The first answer goes alone (nothing in flight); the others wait and go as one group.
    const outcomes = await Promise.allSettled([
      send(a as number, 'r-1'),
      send(b as number, 'r-2'),
      send(closed as number, 'r-3'),
      send(notMine as number, 'r-4'),
      send(999_999, 'r-5'),
      send(c as number, 'r-6'),
    ]);
    const code = (o: PromiseSettledResult<unknown>) => (o.status === 'rejected' ? (o.reason as AppError).code : 'ok');
    expect(outcomes.map(code)).toEqual(['ok', 'ok', 'APP_ERR_SUPPORT_CLOSED', 'APP_ERR_SUPPORT_NOT_YOURS', 'APP_ERR_NOT_FOUND', 'ok']);
    expect(outcomes[2]).toMatchObject({ reason: expect.any(AppError) });
    expect(answers.writer.stats).toMatchObject({ batches: 2, items: 6, fallbacks: 0 });
    expect((await messagesOf(closed as number)).map((r) => r.author)).toEqual(['player']);
    expect((await messagesOf(notMine as number)).map((r) => r.author)).toEqual(['player']);

    // An answer that breaks its group's transaction (a time the database cannot take) fails alone:
    // the group is rolled back and its answers written one by one.
    const before = await Promise.all([a, b, c].map(async (id) => (await messagesOf(id as number)).length));
    const broken = await Promise.allSettled([
      send(a as number, 'f-1'),
      send(b as number, 'f-2'),
      send(c as number, 'f-3', new Date(Number.NaN)),
      send(a as number, 'f-4'),
    ]);
    expect(broken.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(answers.writer.stats.fallbacks).toBe(1);
    const after = await Promise.all([a, b, c].map(async (id) => (await messagesOf(id as number)).length));
    expect(after).toEqual([(before[0] as number) + 2, (before[1] as number) + 1, before[2]]);
    expect((await messagesOf(a as number)).slice(-2).map((r) => r.clientId)).toEqual(['f-1', 'f-4']);
  });
});
