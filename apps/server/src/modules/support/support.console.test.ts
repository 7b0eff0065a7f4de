import { supportPaths } from '@platform/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeOperator, type TestOperator } from '../../../test/operators.ts';
import { newPlayer, type Player } from '../../../test/payments.ts';
import { type LiveSocket, liveSupport } from '../../../test/support.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import { buildApp } from '../../app.ts';
import { operatorAudit } from '../../platform/audit.tables.ts';
import { loadConfig } from '../../platform/config.ts';

// The console's parts of the chat (decision 0049) on two nodes of one database: the player on node
// A, operators on node B, so every live event crosses the NOTIFY path.
let sut: TestApp;
let nodeB: FastifyInstance;
let ana: TestOperator;
let bruno: TestOperator;
let uemoa: TestOperator;
let finance: TestOperator;
let everywhere: TestOperator;
const sockets: LiveSocket[] = [];
beforeAll(async () => {
  sut = await buildTestApp();
  nodeB = await buildApp({
    config: { ...loadConfig({}), webDist: undefined, merchantCacheSeconds: 0, jobs: false },
    database: sut.database,
    logger: false,
  });
  await nodeB.ready();
  const db = sut.database.db;
  ana = await makeOperator(db, { account: 'console-ana', role: 'support', merchants: ['BRAZIL'] });
  bruno = await makeOperator(db, { account: 'console-bruno', role: 'support', merchants: ['BRAZIL'] });
  uemoa = await makeOperator(db, { account: 'console-uemoa', role: 'support', merchants: ['UEMOA'] });
  finance = await makeOperator(db, { account: 'console-finance', role: 'finance', merchants: ['BRAZIL'] });
  everywhere = await makeOperator(db, { account: 'console-owner', role: 'owner' });
});
afterAll(async () => {
  for (const s of sockets) s.ws.terminate();
  await nodeB.close();
  await sut.close();
});

let n = 0;
const clientId = () => `console-${Date.now().toString(36)}-${n++}`;
const write = (p: Player, content: string) => p.call('POST', supportPaths.messages, { clientId: clientId(), content });
const admin = (op: TestOperator, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  nodeB.inject({ method, url, headers: { authorization: `Bearer ${op.key}` }, payload });
const at = (path: string, id: number) => path.replace(':id', String(id));
const live = async (app: FastifyInstance, path: string, token: string) => {
  const s = await liveSupport(app, path, token);
  sockets.push(s);
  return s;
};
const answer = (op: TestOperator, id: number, content: string) =>
  admin(op, 'POST', at(supportPaths.adminMessages, id), { clientId: clientId(), content });

/** A player with a conversation taken by `op`: the player's line is 1, the operator's answer 2. */
async function conversationOf(op: TestOperator) {
  const p = await newPlayer(sut.app, sut.database.db);
  const id = (await write(p, 'Hello')).json().value.conversationId as number;
  expect((await admin(op, 'POST', at(supportPaths.adminTake, id))).statusCode).toBe(200);
  expect((await answer(op, id, 'Hi, how can I help?')).json().value.seq).toBe(2);
  return { p, id };
}

describe('read marks', () => {
  it('move only forward, stop at the last message and arrive live on the other side', async () => {
    const { p, id } = await conversationOf(ana);
    const player = await live(sut.app, supportPaths.live, p.token);
    const desk = await live(nodeB, supportPaths.operatorLive, ana.key);
    // Sending counts as reading up to one's own message: the operator's answer set theirs to 2.
    const history = (await p.call('GET', supportPaths.messages)).json().value;
    expect(history.conversation).toMatchObject({ playerReadSeq: 1, operatorReadSeq: 2 });

    const read = await p.call('POST', supportPaths.read, { conversationId: id, seq: 99 });
    expect(read.json().value).toEqual({ seq: 2, moved: true });
    expect(await desk.until((e) => e.type === 'support.read')).toEqual({
      type: 'support.read',
      conversationId: id,
      side: 'player',
      seq: 2,
    });
    expect((await p.call('POST', supportPaths.read, { conversationId: id, seq: 2 })).json().value).toEqual({ seq: 2, moved: false });
    expect((await p.call('POST', supportPaths.read, { conversationId: id, seq: 1 })).json().value).toEqual({ seq: 2, moved: false });

    // The player writes twice: the operator has two unread, then reads them; the player hears it.
    await write(p, 'My deposit');
    await write(p, 'is late');
    const list = (await admin(ana, 'GET', `${supportPaths.adminConversations}?state=taken`)).json().value.content;
    const mine = list.find((c: { id: number }) => c.id === id);
    expect(mine.lastSeq - mine.operatorReadSeq).toBe(2);
    expect((await admin(ana, 'POST', at(supportPaths.adminRead, id), { seq: 4 })).json().value).toEqual({ seq: 4, moved: true });
    expect(await player.until((e) => e.type === 'support.read' && e.side === 'operator')).toMatchObject({ seq: 4 });
    expect((await admin(ana, 'POST', at(supportPaths.adminRead, id), { seq: 3 })).json().value).toEqual({ seq: 4, moved: false });
    expect(player.events.filter((e) => e.type === 'support.read' && e.side === 'operator')).toHaveLength(1);
  });

  it('keeps a player to their own conversations and refuses a bad mark at its field', async () => {
    const { id } = await conversationOf(ana);
    const other = await newPlayer(sut.app, sut.database.db);
    expect((await other.call('POST', supportPaths.read, { conversationId: id, seq: 1 })).statusCode).toBe(404);
    const bad = await other.call('POST', supportPaths.read, { conversationId: id, seq: -1 });
    expect([bad.statusCode, bad.json().value.fields[0].field]).toEqual([400, 'seq']);
    expect((await admin(uemoa, 'POST', at(supportPaths.adminRead, id), { seq: 1 })).statusCode).toBe(403);
  });
});

describe('typing', () => {
  it('arrives live on the other side only, folds calls within two seconds and refuses a flood', async () => {
    const { p, id } = await conversationOf(bruno);
    const player = await live(sut.app, supportPaths.live, p.token);
    const desk = await live(nodeB, supportPaths.operatorLive, bruno.key);
    expect((await p.call('POST', supportPaths.typing)).json().value).toEqual({ sent: true });
    expect(await desk.until((e) => e.type === 'support.typing')).toEqual({ type: 'support.typing', conversationId: id, side: 'player' });
    expect((await p.call('POST', supportPaths.typing)).json().value).toEqual({ sent: false });

    expect((await admin(bruno, 'POST', at(supportPaths.adminTyping, id))).json().value).toEqual({ sent: true });
    expect(await player.until((e) => e.type === 'support.typing')).toEqual({
      type: 'support.typing',
      conversationId: id,
      side: 'operator',
    });
    // Each side hears only the other's typing.
    expect(player.events.filter((e) => e.type === 'support.typing')).toHaveLength(1);
    expect(desk.events.filter((e) => e.type === 'support.typing' && e.side === 'operator')).toHaveLength(0);
    // Only the holder types in a conversation.
    const notHis = await admin(ana, 'POST', at(supportPaths.adminTyping, id));
    expect([notHis.statusCode, notHis.json().code]).toEqual([409, 'APP_ERR_SUPPORT_NOT_YOURS']);

    const codes: number[] = [];
    for (let i = 0; i < 40; i++) codes.push((await p.call('POST', supportPaths.typing)).statusCode);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThan(0);
    expect(codes.at(-1)).toBe(429);
  });
});

describe('notes, rating and transcript', () => {
  it('keeps private notes from the player’s socket, history and transcript; the player rates once and downloads their own transcript', async () => {
    const { p, id } = await conversationOf(ana);
    const player = await live(sut.app, supportPaths.live, p.token);
    const desk = await live(nodeB, supportPaths.operatorLive, bruno.key);
    const note = await admin(ana, 'POST', at(supportPaths.adminNotes, id), { content: 'Secret: <b>check</b> the PIX key' });
    expect(note.json().value).toMatchObject({
      conversationId: id,
      operatorName: 'console-ana',
      content: 'Secret: <b>check</b> the PIX key',
    });
    expect(await desk.until((e) => e.type === 'support.note')).toMatchObject({ note: { content: 'Secret: <b>check</b> the PIX key' } });
    const empty = await admin(ana, 'POST', at(supportPaths.adminNotes, id), { content: '  ' });
    expect([empty.statusCode, empty.json().value.fields]).toEqual([400, [{ field: 'content', message: 'error.input_empty' }]]);
    expect((await admin(bruno, 'GET', at(supportPaths.adminNotes, id))).json().value.list).toHaveLength(1);
    expect((await admin(uemoa, 'GET', at(supportPaths.adminNotes, id))).statusCode).toBe(403);

    const early = await p.call('POST', supportPaths.rating, { conversationId: id, score: 5 });
    expect([early.statusCode, early.json().code]).toEqual([409, 'APP_ERR_SUPPORT_NOT_CLOSED']);
    await admin(ana, 'POST', at(supportPaths.adminClose, id));
    // The close is the barrier: the player heard it, and never the note.
    await player.until((e) => e.type === 'support.conversation' && e.conversation.state === 'closed');
    expect(player.events.some((e) => e.type === 'support.note')).toBe(false);
    expect(JSON.stringify((await p.call('GET', supportPaths.messages)).json().value)).not.toContain('Secret');

    const bad = await p.call('POST', supportPaths.rating, { conversationId: id, score: 6 });
    expect([bad.statusCode, bad.json().value.fields[0].field]).toEqual([400, 'score']);
    const long = await p.call('POST', supportPaths.rating, { conversationId: id, score: 4, comment: 'x'.repeat(501) });
    expect(long.json().value.fields).toEqual([{ field: 'comment', message: 'validation.too_big' }]);
    const other = await newPlayer(sut.app, sut.database.db);
    expect((await other.call('POST', supportPaths.rating, { conversationId: id, score: 1 })).statusCode).toBe(404);
    const rated = await p.call('POST', supportPaths.rating, { conversationId: id, score: 4, comment: 'Quick <i>and</i> kind' });
    expect(rated.json().value).toMatchObject({ rating: 4, ratingComment: 'Quick <i>and</i> kind' });
    expect(await desk.until((e) => e.type === 'support.conversation' && e.conversation.rating === 4)).toBeTruthy();
    const again = await p.call('POST', supportPaths.rating, { conversationId: id, score: 1 });
    expect([again.statusCode, again.json().code]).toEqual([409, 'APP_ERR_SUPPORT_RATED']);
    const closed = (await admin(ana, 'GET', `${supportPaths.adminConversations}?state=closed`)).json().value.content;
    expect(closed.find((c: { id: number }) => c.id === id)).toMatchObject({ rating: 4, ratingComment: 'Quick <i>and</i> kind' });

    const path = supportPaths.transcript.replace(':conversationId', String(id));
    const file = await p.call('GET', path);
    expect(file.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="support-${id}.txt"`);
    expect(file.body).toMatch(new RegExp(`\\[\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d UTC\\] ${p.account}: Hello`));
    expect(file.body).toContain('console-ana (support): Hi, how can I help?');
    expect(file.body).toContain('Rating: 4/5');
    expect(file.body).not.toContain('Secret');
    expect((await other.call('GET', path)).statusCode).toBe(404);
  });
});

describe('transfer and capacity', () => {
  it('hands a conversation to another operator of its merchant who may chat, or back to the queue, audited and live', async () => {
    const { p, id } = await conversationOf(ana);
    const player = await live(sut.app, supportPaths.live, p.token);
    const targets = (await admin(ana, 'GET', at(supportPaths.adminTransferTargets, id))).json().value.list;
    const names = targets.map((t: { name: string }) => t.name);
    expect(names).toContain('console-bruno');
    expect(names).toContain('console-owner');
    expect(names).not.toContain('console-ana');
    expect(names).not.toContain('console-uemoa');
    expect(names).not.toContain('console-finance');

    const notHis = await admin(bruno, 'POST', at(supportPaths.adminTransfer, id), { operatorId: bruno.id });
    expect(notHis.json().code).toBe('APP_ERR_SUPPORT_NOT_YOURS');
    for (const wrong of [uemoa.id, finance.id, ana.id, 2_000_000_000]) {
      const refused = await admin(ana, 'POST', at(supportPaths.adminTransfer, id), { operatorId: wrong });
      expect([refused.statusCode, refused.json().code]).toEqual([409, 'APP_ERR_SUPPORT_TRANSFER_TARGET']);
    }
    const bad = await admin(ana, 'POST', at(supportPaths.adminTransfer, id), { operatorId: 'bruno' });
    expect([bad.statusCode, bad.json().value.fields[0].field]).toEqual([400, 'operatorId']);

    const moved = await admin(ana, 'POST', at(supportPaths.adminTransfer, id), { operatorId: bruno.id });
    expect(moved.json().value).toMatchObject({ state: 'taken', operatorId: bruno.id, operatorName: 'console-bruno' });
    expect(await player.until((e) => e.type === 'support.conversation' && e.conversation.operatorName === 'console-bruno')).toBeTruthy();
    expect((await answer(ana, id, 'Still me?')).json().code).toBe('APP_ERR_SUPPORT_NOT_YOURS');
    expect((await answer(bruno, id, 'Bruno here.')).json().value.operatorName).toBe('console-bruno');

    const queued = await admin(bruno, 'POST', at(supportPaths.adminTransfer, id), { operatorId: null });
    expect(queued.json().value).toMatchObject({ state: 'waiting', operatorId: null });
    const queue = (await admin(ana, 'GET', `${supportPaths.adminConversations}?state=waiting`)).json().value.content;
    expect(queue.map((c: { id: number }) => c.id)).toContain(id);
    const audit = await sut.database.db
      .select()
      .from(operatorAudit)
      .where(eq(operatorAudit.target, `support:${id}`));
    expect(audit.filter((a) => a.action === 'support.transfer').map((a) => [a.operator, a.details])).toEqual([
      ['console-ana', { to: { id: bruno.id, name: 'console-bruno' } }],
      ['console-bruno', { to: 'queue' }],
    ]);
  });

  it('keeps an operator within the merchant’s capacity when taking and when receiving', async () => {
    const cap = await makeOperator(sut.database.db, { account: 'console-cap', role: 'support', merchants: ['BRAZIL'] });
    const setting = (capacity: unknown) => admin(everywhere, 'PUT', supportPaths.adminSettings.replace(':code', 'BRAZIL'), { capacity });
    expect((await setting(0)).json().value.fields[0]).toEqual({ field: 'capacity', message: 'validation.too_small' });
    expect((await admin(cap, 'PUT', supportPaths.adminSettings.replace(':code', 'BRAZIL'), { capacity: 9 })).statusCode).toBe(403);
    try {
      expect((await setting(1)).json().value).toEqual({ merchant: 'BRAZIL', capacity: 1 });
      await conversationOf(cap);
      const p = await newPlayer(sut.app, sut.database.db);
      const second = (await write(p, 'Me too')).json().value.conversationId as number;
      const full = await admin(cap, 'POST', at(supportPaths.adminTake, second));
      expect([full.statusCode, full.json().code]).toEqual([409, 'APP_ERR_SUPPORT_CAPACITY']);
      await admin(everywhere, 'POST', at(supportPaths.adminTake, second));
      const targets = (await admin(everywhere, 'GET', at(supportPaths.adminTransferTargets, second))).json().value.list;
      expect(targets.find((t: { id: number }) => t.id === cap.id)).toMatchObject({ holding: 1, free: false });
      const handed = await admin(everywhere, 'POST', at(supportPaths.adminTransfer, second), { operatorId: cap.id });
      expect(handed.json().code).toBe('APP_ERR_SUPPORT_CAPACITY');
    } finally {
      await setting(50);
    }
  });
});

describe('canned answers', () => {
  it('belong to one merchant: added, changed and deleted in scope, audited, with bad input at its field', async () => {
    const made = await admin(ana, 'POST', supportPaths.adminCanned, {
      merchant: 'BRAZIL',
      title: 'Deposit delay',
      content: 'PIX deposits arrive within <b>minutes</b>.',
      translations: { PT: 'Depósitos PIX chegam em minutos.' },
    });
    const canned = made.json().value;
    expect(canned).toMatchObject({ merchant: 'BRAZIL', title: 'Deposit delay', translations: { PT: 'Depósitos PIX chegam em minutos.' } });
    const elsewhere = await admin(uemoa, 'POST', supportPaths.adminCanned, { merchant: 'BRAZIL', title: 'x', content: 'y' });
    expect(elsewhere.statusCode).toBe(403);
    const empty = await admin(ana, 'POST', supportPaths.adminCanned, { merchant: 'BRAZIL', title: ' ', content: 'y' });
    expect([empty.statusCode, empty.json().value.fields]).toEqual([400, [{ field: 'title', message: 'validation.required' }]]);
    const badLanguage = await admin(ana, 'POST', supportPaths.adminCanned, {
      merchant: 'BRAZIL',
      title: 'x',
      content: 'y',
      translations: { XX: 'z' },
    });
    expect(badLanguage.statusCode).toBe(400);

    const uemoaList = (await admin(uemoa, 'GET', supportPaths.adminCanned)).json().value.list;
    expect(uemoaList.some((c: { id: number }) => c.id === canned.id)).toBe(false);
    expect((await admin(uemoa, 'GET', `${supportPaths.adminCanned}?merchant=BRAZIL`)).statusCode).toBe(403);
    expect((await admin(uemoa, 'PUT', at(supportPaths.adminCannedOne, canned.id), { title: 'x', content: 'y' })).statusCode).toBe(403);

    const changed = await admin(bruno, 'PUT', at(supportPaths.adminCannedOne, canned.id), { title: 'Deposit delay', content: 'Changed.' });
    expect(changed.json().value).toMatchObject({ content: 'Changed.', translations: {} });
    expect((await admin(bruno, 'DELETE', at(supportPaths.adminCannedOne, canned.id))).statusCode).toBe(200);
    expect((await admin(bruno, 'DELETE', at(supportPaths.adminCannedOne, canned.id))).statusCode).toBe(404);
    const list = (await admin(ana, 'GET', `${supportPaths.adminCanned}?merchant=BRAZIL`)).json().value.list;
    expect(list.some((c: { id: number }) => c.id === canned.id)).toBe(false);
    const audit = await sut.database.db
      .select()
      .from(operatorAudit)
      .where(eq(operatorAudit.target, `support-canned:${canned.id}`));
    expect(audit.map((a) => [a.action, a.operator])).toEqual([
      ['support.canned.create', 'console-ana'],
      ['support.canned.update', 'console-bruno'],
      ['support.canned.delete', 'console-bruno'],
    ]);
  });
});
