import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { makeOperator, type TestOperator } from '../../../test/operators.ts';
import { newPlayer } from '../../../test/payments.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import { inTransaction } from '../../platform/db.ts';
import { announceDueMessages, memberMessages, sendSystemMessage } from './inbox.service.ts';
import { inboxMessages } from './inbox.tables.ts';

let sut: TestApp;
let owner: TestOperator;
let brazilSupport: TestOperator;
beforeAll(async () => {
  sut = await buildTestApp();
  owner = await makeOperator(sut.database.db, { account: 'inbox-owner', role: 'owner' });
  brazilSupport = await makeOperator(sut.database.db, { account: 'inbox-support', role: 'support', merchants: ['BRAZIL'] });
});
afterAll(() => sut.close());

const send = (op: TestOperator, body: object) =>
  sut.app.inject({ method: 'POST', url: '/admin/v1/messages', headers: { authorization: `Bearer ${op.key}` }, payload: body });
const text = (s: string) => ({ EN: s, PT: `${s} (pt)` });
const countMessages = async () => (await sut.database.db.select().from(inboxMessages)).length;

/** A member socket of the inbox channel with the events it receives. */
async function liveInbox(app: FastifyInstance, token: string) {
  const events: { type: string; unread: number; message?: { title: string } }[] = [];
  const waiting: { n: number; ok: () => void }[] = [];
  const ws: WebSocket = await app.injectWS('/wps/messages/live');
  ws.on('message', (data) => {
    events.push(JSON.parse(String(data)));
    for (const w of waiting.filter((w) => events.length >= w.n)) w.ok();
  });
  ws.send(JSON.stringify({ token }));
  const nth = async (n: number) => {
    if (events.length < n) await new Promise<void>((ok) => waiting.push({ n, ok }));
    return events[n - 1];
  };
  return { ws, events, nth };
}

describe('system messages (sendSystemMessage)', () => {
  it('reach only their player, count as unread until read, and are deleted for that player', async () => {
    const p = await newPlayer(sut.app, sut.database.db);
    const other = await newPlayer(sut.app, sut.database.db);
    // Every new player already has the merchant's demo notices (welcome, a promotion).
    const unread = async (who: typeof p) => (await who.call('GET', '/wps/messages/unreadCount')).json().value.unReadCount;
    const seeded = await unread(p);
    expect(seeded).toBe(2);
    expect((await p.call('GET', '/wps/messages')).json().value.content.map((m: { kind: string }) => m.kind)).toEqual(['notice', 'notice']);
    const id = await inTransaction(sut.database.db, (tx) =>
      sendSystemMessage(tx, {
        member: { id: p.id, merchantId: 1 },
        title: text('Paid'),
        content: text('<b>R$ 10,00</b> sent'),
        from: 'test',
      }),
    );
    expect(await unread(p)).toBe(seeded + 1);
    const list = (await p.call('GET', '/wps/messages?unread=1&pageSize=1')).json().value;
    expect(list.totalElements).toBe(seeded + 1);
    // Plain text as written: the site shows it as text, so markup stays visible and inert.
    expect(list.content[0]).toMatchObject({ id, kind: 'system', title: 'Paid', content: '<b>R$ 10,00</b> sent', read: false });
    // Portuguese readers get the Portuguese text.
    const pt = (await sut.app.inject({ method: 'GET', url: '/wps/messages', headers: { ...p.headers, language: 'PT' } })).json().value;
    expect(pt.content[0].title).toBe('Paid (pt)');

    // Someone else's message does not exist for them, whatever they try.
    expect((await other.call('GET', `/wps/messages/${id}`)).statusCode).toBe(404);
    expect((await other.call('POST', `/wps/messages/${id}/read`)).statusCode).toBe(404);
    expect((await other.call('DELETE', `/wps/messages/${id}`)).statusCode).toBe(404);
    expect(await unread(other)).toBe(seeded);
    expect(await unread(p)).toBe(seeded + 1);

    expect((await p.call('GET', `/wps/messages/${id}`)).json().value.read).toBe(true);
    expect(await unread(p)).toBe(seeded);
    expect((await p.call('DELETE', `/wps/messages/${id}`)).statusCode).toBe(200);
    expect((await p.call('GET', '/wps/messages')).json().value.totalElements).toBe(seeded);
    expect((await p.call('GET', `/wps/messages/${id}`)).statusCode).toBe(404);
    // Mark all read: the seeded notices too, for this player only.
    expect((await p.call('POST', '/wps/messages/read')).statusCode).toBe(200);
    expect(await unread(p)).toBe(0);
    expect(await unread(other)).toBe(seeded);
  });

  it('sends one message per idempotency key however often the event repeats', async () => {
    const p = await newPlayer(sut.app, sut.database.db);
    const once = () =>
      inTransaction(sut.database.db, (tx) =>
        sendSystemMessage(tx, {
          member: { id: p.id, merchantId: 1 },
          title: text('Bonus'),
          content: text('Issued'),
          from: 'test',
          dedupeKey: `bonus:${p.id}`,
        }),
      );
    const ids = await Promise.all([once(), once(), once()]);
    expect(new Set(ids).size).toBe(1);
    const titles = (await p.call('GET', '/wps/messages')).json().value.content.map((m: { title: string }) => m.title);
    expect(titles.filter((t: string) => t === 'Bonus')).toHaveLength(1);
  });

  it('needs a session', async () => {
    expect((await sut.app.inject({ method: 'GET', url: '/wps/messages/unreadCount' })).statusCode).toBe(401);
    expect((await sut.app.inject({ method: 'GET', url: '/wps/messages' })).statusCode).toBe(401);
  });
});

describe('operator messages', () => {
  it('reach every player of a merchant, live, and no player of another merchant', async () => {
    const a = await newPlayer(sut.app, sut.database.db, 'BRAZIL');
    const b = await newPlayer(sut.app, sut.database.db, 'BRAZIL');
    const elsewhere = await newPlayer(sut.app, sut.database.db, 'UEMOA');
    const live = await liveInbox(sut.app, a.token);
    const greeting = await live.nth(1);
    expect(greeting?.type).toBe('inbox');
    const before = greeting?.unread ?? 0;

    const res = await send(brazilSupport, {
      audience: 'merchant',
      merchant: 'BRAZIL',
      title: text('Maintenance'),
      content: text('Sunday 2:00'),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toMatchObject({ audience: 'merchant', merchant: 'BRAZIL', createdBy: 'inbox-support' });
    expect(await live.nth(2)).toMatchObject({ type: 'inbox', unread: before + 1, message: { title: 'Maintenance' } });
    live.ws.terminate();

    const titles = async (p: typeof a) =>
      (await p.call('GET', '/wps/messages')).json().value.content.map((m: { title: string }) => m.title);
    expect(await titles(b)).toContain('Maintenance');
    expect(await titles(elsewhere)).not.toContain('Maintenance');
    // Withdrawn by an operator: gone for every player, and once only.
    const withdraw = () =>
      sut.app.inject({
        method: 'DELETE',
        url: `/admin/v1/messages/${res.json().value.id}`,
        headers: { authorization: `Bearer ${brazilSupport.key}` },
      });
    expect((await withdraw()).statusCode).toBe(200);
    expect(await titles(b)).not.toContain('Maintenance');
    expect((await withdraw()).statusCode).toBe(404);
  });

  it('reach a VIP tier, an agent team and a country only', async () => {
    const agent = await newPlayer(sut.app, sut.database.db, 'BRAZIL', { type: 1 });
    const downline = await newPlayer(sut.app, sut.database.db, 'BRAZIL', { uplineId: agent.id });
    const loner = await newPlayer(sut.app, sut.database.db, 'BRAZIL');
    expect(
      (await send(owner, { audience: 'team', merchant: 'BRAZIL', agent: agent.account, title: text('Team'), content: text('x') }))
        .statusCode,
    ).toBe(200);
    expect(
      (await send(owner, { audience: 'vip', merchant: 'BRAZIL', minRank: 50, title: text('VIP'), content: text('x') })).statusCode,
    ).toBe(200);
    expect(
      (
        await send(owner, {
          audience: 'country',
          merchant: 'UEMOA',
          countryDialingCode: '+221',
          title: text('Senegal'),
          content: text('x'),
        })
      ).statusCode,
    ).toBe(200);
    const titles = async (p: typeof agent) =>
      (await p.call('GET', '/wps/messages')).json().value.content.map((m: { title: string }) => m.title);
    expect(await titles(downline)).toContain('Team');
    expect(await titles(loner)).not.toContain('Team');
    expect(await titles(loner)).not.toContain('VIP');
    expect(await titles(loner)).not.toContain('Senegal');
    const senegal = await newPlayer(sut.app, sut.database.db, 'UEMOA');
    expect(await titles(senegal)).toContain('Senegal');
  });

  it('appear at their scheduled time and are announced once', async () => {
    const p = await newPlayer(sut.app, sut.database.db);
    const at = Date.now() + 60_000;
    const res = await send(owner, {
      audience: 'member',
      merchant: 'BRAZIL',
      account: p.account,
      title: text('Later'),
      content: text('x'),
      publishAt: at,
    });
    expect(res.statusCode).toBe(200);
    const titles = async (now?: Date) =>
      (
        await memberMessages(sut.database.db, p.id, { lang: 'EN', langList: ['EN'] }, { pageNo: 1, pageSize: 20, unread: false }, now)
      ).content.map((m) => m.title);
    expect(await titles()).not.toContain('Later');
    const due = new Date(at + 1);
    expect(await titles(due)).toContain('Later');
    expect(await announceDueMessages(sut.database.db, due)).toBeGreaterThanOrEqual(1);
    expect(await announceDueMessages(sut.database.db, due)).toBe(0);
  });

  it('stay within the operator scope: no other merchant, no platform-wide message, no other merchant’s list', async () => {
    const before = await countMessages();
    expect((await send(brazilSupport, { audience: 'merchant', merchant: 'UEMOA', title: text('x'), content: text('x') })).statusCode).toBe(
      403,
    );
    expect((await send(brazilSupport, { audience: 'all', title: text('x'), content: text('x') })).statusCode).toBe(403);
    const list = await sut.app.inject({
      method: 'GET',
      url: '/admin/v1/messages?merchant=UEMOA',
      headers: { authorization: `Bearer ${brazilSupport.key}` },
    });
    expect(list.statusCode).toBe(403);
    const mine = await sut.app.inject({
      method: 'GET',
      url: '/admin/v1/messages',
      headers: { authorization: `Bearer ${brazilSupport.key}` },
    });
    expect(mine.json().value.content.every((m: { merchant: string }) => m.merchant === 'BRAZIL')).toBe(true);
    expect((await sut.app.inject({ method: 'POST', url: '/admin/v1/messages', payload: {} })).statusCode).toBe(401);
    expect(await countMessages()).toBe(before);
  });

  it.each([
    ['account', { audience: 'member', merchant: 'BRAZIL', title: { EN: 'x' }, content: { EN: 'x' } }],
    ['account', { audience: 'member', merchant: 'BRAZIL', account: 'nobody-here', title: { EN: 'x' }, content: { EN: 'x' } }],
    ['title', { audience: 'merchant', merchant: 'BRAZIL', title: {}, content: { EN: 'x' } }],
    ['title.EN', { audience: 'merchant', merchant: 'BRAZIL', title: { EN: '   ' }, content: { EN: 'x' } }],
    ['title', { audience: 'merchant', merchant: 'BRAZIL', title: { XX: 'x' }, content: { EN: 'x' } }],
    ['content.EN', { audience: 'merchant', merchant: 'BRAZIL', title: { EN: 'x' }, content: { EN: 'x'.repeat(2001) } }],
    ['agent', { audience: 'team', merchant: 'BRAZIL', agent: 'nobody-here', title: { EN: 'x' }, content: { EN: 'x' } }],
    ['countryDialingCode', { audience: 'country', merchant: 'BRAZIL', countryDialingCode: '55', title: { EN: 'x' }, content: { EN: 'x' } }],
    ['expiresAt', { audience: 'merchant', merchant: 'BRAZIL', title: { EN: 'x' }, content: { EN: 'x' }, publishAt: 2000, expiresAt: 1000 }],
  ])('refuses a bad %s (case %#) and sends nothing', async (field, body) => {
    const before = await countMessages();
    const res = await send(owner, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().value.fields.map((f: { field: string }) => f.field)).toContain(field);
    expect(await countMessages()).toBe(before);
  });
});
