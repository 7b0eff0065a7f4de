import { type SupportEvent, supportPaths } from '@platform/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { makeOperator, type TestOperator } from '../../../test/operators.ts';
import { newPlayer, type Player } from '../../../test/payments.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import { buildApp } from '../../app.ts';
import { operatorAudit } from '../../platform/audit.tables.ts';
import { loadConfig } from '../../platform/config.ts';
import { supportMessages } from './support.tables.ts';

// Two server nodes on one database: the player's socket on one, the operator's on the other.
let sut: TestApp;
let nodeB: FastifyInstance;
let brazilSupport: TestOperator;
let otherSupport: TestOperator;
let uemoaSupport: TestOperator;
beforeAll(async () => {
  sut = await buildTestApp();
  nodeB = await buildApp({
    config: { ...loadConfig({}), webDist: undefined, merchantCacheSeconds: 0, jobs: false },
    database: sut.database,
    logger: false,
  });
  await nodeB.ready();
  const db = sut.database.db;
  brazilSupport = await makeOperator(db, { account: 'chat-support', role: 'support', merchants: ['BRAZIL'] });
  otherSupport = await makeOperator(db, { account: 'chat-support-2', role: 'support', merchants: ['BRAZIL'] });
  uemoaSupport = await makeOperator(db, { account: 'chat-uemoa', role: 'support', merchants: ['UEMOA'] });
});
afterAll(async () => {
  await nodeB.close();
  await sut.close();
});

const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
let n = 0;
const clientId = () => `test-${Date.now().toString(36)}-${n++}`;

/** A socket of a support channel, logged in with `token`, with the events it receives. */
async function live(app: FastifyInstance, path: string, token: string) {
  const events: SupportEvent[] = [];
  const waiting: { n: number; ok: () => void }[] = [];
  const ws: WebSocket = await app.injectWS(path);
  ws.on('message', (data) => {
    events.push(JSON.parse(String(data)));
    for (const w of waiting.filter((w) => events.length >= w.n)) w.ok();
  });
  ws.send(JSON.stringify({ token }));
  const nth = async (k: number) => {
    if (events.length < k) await new Promise<void>((ok) => waiting.push({ n: k, ok }));
    return events[k - 1] as SupportEvent;
  };
  expect(await nth(1)).toEqual({ type: 'support.ready' });
  return { ws, events, nth };
}

const write = (p: Player, content: string, id = clientId()) => p.call('POST', supportPaths.messages, { clientId: id, content });
const admin = (op: TestOperator, method: 'GET' | 'POST', url: string, payload?: object, app = sut.app) =>
  app.inject({ method, url, headers: { authorization: `Bearer ${op.key}` }, payload });

function imageForm(bytes: Buffer, id = clientId()) {
  const boundary = `----chat${Date.now()}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="clientId"\r\n\r\n${id}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="x.png"\r\nContent-Type: image/png\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const sendImage = (p: Player, bytes: Buffer) => {
  const form = imageForm(bytes);
  return sut.app.inject({ method: 'POST', url: supportPaths.images, headers: { ...p.headers, ...form.headers }, payload: form.payload });
};
const stored = async () => (await sut.database.db.select().from(supportMessages)).length;

describe('support chat', () => {
  it('reaches the operator on another node live; the operator takes it, answers, and the player hears it live', async () => {
    const p = await newPlayer(sut.app, sut.database.db);
    const player = await live(sut.app, supportPaths.live, p.token);
    const operator = await live(nodeB, supportPaths.operatorLive, brazilSupport.key);
    const outsider = await live(nodeB, supportPaths.operatorLive, uemoaSupport.key);

    const first = (await write(p, 'My <b>deposit</b> is late <script>x()</script>')).json().value;
    expect(first).toMatchObject({ seq: 1, author: 'player', content: 'My <b>deposit</b> is late <script>x()</script>' });
    const arrived = await operator.nth(2);
    expect(arrived).toMatchObject({
      type: 'support.message',
      message: { seq: 1, content: first.content },
      conversation: { id: first.conversationId, state: 'waiting', merchant: 'BRAZIL', account: p.account },
    });
    expect(await player.nth(2)).toMatchObject({ type: 'support.message', message: { seq: 1 } });

    const image = await sendImage(p, png);
    expect(image.json().value).toMatchObject({ seq: 2, image: 'image/png', content: '' });
    expect(await operator.nth(3)).toMatchObject({ message: { seq: 2, image: 'image/png' } });

    const queue = (await admin(brazilSupport, 'GET', `${supportPaths.adminConversations}?state=waiting`, undefined, nodeB)).json().value;
    expect(queue.content.map((c: { id: number }) => c.id)).toContain(first.conversationId);
    const id = String(first.conversationId);
    const took = await admin(brazilSupport, 'POST', supportPaths.adminTake.replace(':id', id), undefined, nodeB);
    expect(took.json().value).toMatchObject({ state: 'taken', operatorName: 'chat-support' });
    expect(await player.nth(4)).toMatchObject({ type: 'support.conversation', conversation: { state: 'taken' } });
    const second = await admin(otherSupport, 'POST', supportPaths.adminTake.replace(':id', id));
    expect([second.statusCode, second.json().code]).toEqual([409, 'APP_ERR_SUPPORT_TAKEN']);
    const notHis = await admin(otherSupport, 'POST', supportPaths.adminMessages.replace(':id', id), {
      clientId: clientId(),
      content: 'Hi',
    });
    expect(notHis.json().code).toBe('APP_ERR_SUPPORT_NOT_YOURS');

    const reply = await admin(
      brazilSupport,
      'POST',
      supportPaths.adminMessages.replace(':id', id),
      {
        clientId: clientId(),
        content: 'Checking it now.',
      },
      nodeB,
    );
    expect(reply.json().value).toMatchObject({ seq: 3, author: 'operator', operatorName: 'chat-support' });
    expect(await player.nth(5)).toMatchObject({ type: 'support.message', message: { seq: 3, content: 'Checking it now.' } });

    const picture = await admin(brazilSupport, 'GET', supportPaths.adminImage.replace(':id', id).replace(':seq', '2'));
    expect(picture.headers['content-type']).toBe('image/png');
    expect(picture.rawPayload.equals(png)).toBe(true);
    const mine = await p.call('GET', supportPaths.image.replace(':conversationId', id).replace(':seq', '2'));
    expect(mine.rawPayload.equals(png)).toBe(true);

    const closed = await admin(brazilSupport, 'POST', supportPaths.adminClose.replace(':id', id));
    expect(closed.json().value).toMatchObject({ state: 'closed' });
    expect(await player.nth(6)).toMatchObject({ type: 'support.conversation', conversation: { state: 'closed' } });
    const after = await admin(brazilSupport, 'POST', supportPaths.adminMessages.replace(':id', id), {
      clientId: clientId(),
      content: 'Late',
    });
    expect(after.json().code).toBe('APP_ERR_SUPPORT_CLOSED');
    const audit = await sut.database.db
      .select()
      .from(operatorAudit)
      .where(eq(operatorAudit.target, `support:${id}`));
    expect(audit.map((a) => [a.action, a.operator])).toEqual([
      ['support.take', 'chat-support'],
      ['support.close', 'chat-support'],
    ]);
    // The operator of another merchant heard nothing but the greeting.
    expect(outsider.events).toEqual([{ type: 'support.ready' }]);
    for (const s of [player, operator, outsider]) s.ws.terminate();
  });

  it('numbers messages, sends a repeated client id once, pages history and gives a reconnecting client what it missed', async () => {
    const p = await newPlayer(sut.app, sut.database.db);
    const id = clientId();
    const a = (await write(p, 'First line', id)).json().value;
    const again = (await write(p, 'First line', id)).json().value;
    expect(again).toEqual(a);
    for (let i = 2; i <= 5; i++) await write(p, `Line ${i}`);
    const latest = (await p.call('GET', `${supportPaths.messages}?limit=2`)).json().value;
    expect(latest.messages.map((m: { seq: number }) => m.seq)).toEqual([4, 5]);
    expect(latest.hasMore).toBe(true);
    expect(latest.conversation).toMatchObject({ state: 'waiting', lastSeq: 5 });
    const older = (await p.call('GET', `${supportPaths.messages}?limit=10&before=4`)).json().value;
    expect(older.messages.map((m: { content: string }) => m.content)).toEqual(['First line', 'Line 2', 'Line 3']);
    expect(older.hasMore).toBe(false);
    const missed = (await p.call('GET', `${supportPaths.messages}?after=3`)).json().value;
    expect(missed.messages.map((m: { seq: number }) => m.seq)).toEqual([4, 5]);
  });

  it('refuses empty or oversize text and wrong or oversize images at their field, storing nothing', async () => {
    const p = await newPlayer(sut.app, sut.database.db);
    const before = await stored();
    const empty = await write(p, ' \u0007 \r\n\u202e ');
    expect([empty.statusCode, empty.json().value.fields]).toEqual([400, [{ field: 'content', message: 'error.input_empty' }]]);
    const long = await write(p, 'x'.repeat(1001));
    expect(long.json().value.fields).toEqual([{ field: 'content', message: 'validation.too_big' }]);
    const gif = await sendImage(p, Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'));
    expect(gif.json().value.fields).toEqual([{ field: 'image', message: 'validation.image_type' }]);
    const big = await sendImage(p, Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]));
    expect([big.statusCode, big.json().value.fields]).toEqual([400, [{ field: 'image', message: 'validation.image_too_big' }]]);
    const badId = await p.call('POST', supportPaths.messages, { clientId: 'x', content: 'Hello' });
    expect(badId.json().value.fields).toEqual([{ field: 'clientId', message: 'validation.invalid' }]);
    expect(await stored()).toBe(before);
  });

  it('keeps conversations to their player and merchant, refuses trial accounts and slows a flood', async () => {
    const p = await newPlayer(sut.app, sut.database.db);
    const other = await newPlayer(sut.app, sut.database.db);
    const image = (await sendImage(p, png)).json().value;
    const path = supportPaths.image.replace(':conversationId', String(image.conversationId)).replace(':seq', String(image.seq));
    expect((await other.call('GET', path)).statusCode).toBe(404);
    expect((await other.call('GET', supportPaths.messages)).json().value).toEqual({ conversation: null, messages: [], hasMore: false });
    const conversation = supportPaths.adminConversation.replace(':id', String(image.conversationId));
    expect((await admin(uemoaSupport, 'GET', conversation)).statusCode).toBe(403);
    expect((await admin(uemoaSupport, 'POST', supportPaths.adminTake.replace(':id', String(image.conversationId)))).statusCode).toBe(403);
    const uemoaQueue = (await admin(uemoaSupport, 'GET', `${supportPaths.adminConversations}?state=waiting`)).json().value.content;
    expect(uemoaQueue.every((c: { merchant: string }) => c.merchant === 'UEMOA')).toBe(true);
    expect((await sut.app.inject({ method: 'GET', url: supportPaths.messages })).statusCode).toBe(401);

    const trial = await sut.app.inject({
      method: 'POST',
      url: '/wps/session/login/freeplay',
      remoteAddress: '198.51.100.77',
      payload: { os: 'web', platform: 'W', random: 'abc', version: 3 },
    });
    const refused = await sut.app.inject({
      method: 'POST',
      url: supportPaths.messages,
      headers: { authorization: `Bearer ${trial.json().value.token}` },
      payload: { clientId: clientId(), content: 'Hello there' },
    });
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'APP_ERR_MEMBER_TRIAL']);

    const codes: number[] = [];
    for (let i = 0; i < 21; i++) codes.push((await write(other, `Message ${i}`)).statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(20);
    expect(codes.at(-1)).toBe(429);
  });
});
