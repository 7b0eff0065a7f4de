import { type SupportEvent, supportPaths } from '@platform/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { makeOperator, type TestOperator } from '../../../test/operators.ts';
import { newPlayer } from '../../../test/payments.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../platform/config.ts';

// Two server nodes on one database, each listening on a real port: the players' browsers on node
// A, the operator's console on node B, over real TCP sockets (WebSocket and HTTP), as behind a
// balancer. On PostgreSQL the nodes hear each other through NOTIFY.
let sut: TestApp;
let nodeB: FastifyInstance;
let urlA = '';
let urlB = '';
let support: TestOperator;
const sockets: WebSocket[] = [];

beforeAll(async () => {
  sut = await buildTestApp();
  nodeB = await buildApp({
    config: { ...loadConfig({}), webDist: undefined, merchantCacheSeconds: 0, jobs: false },
    database: sut.database,
    logger: false,
  });
  urlA = await sut.app.listen({ host: '127.0.0.1', port: 0 });
  urlB = await nodeB.listen({ host: '127.0.0.1', port: 0 });
  support = await makeOperator(sut.database.db, { account: 'nodes-support', role: 'support', merchants: ['BRAZIL'] });
});
afterAll(async () => {
  for (const s of sockets) s.terminate();
  await nodeB.close();
  await sut.close();
});

/** A real WebSocket to `url` + `path`, logged in with `token`; its events, and a wait for the k-th. */
async function live(url: string, path: string, token: string) {
  const events: SupportEvent[] = [];
  const waiting: { n: number; ok: () => void }[] = [];
  const ws = new WebSocket(`${url.replace('http', 'ws')}${path}`);
  sockets.push(ws);
  ws.on('message', (data) => {
    events.push(JSON.parse(String(data)));
    for (const w of waiting.filter((w) => events.length >= w.n)) w.ok();
  });
  await new Promise((ok, fail) => ws.once('open', ok).once('error', fail));
  ws.send(JSON.stringify({ token }));
  const nth = async (k: number) => {
    if (events.length < k) await new Promise<void>((ok) => waiting.push({ n: k, ok }));
    return events[k - 1] as SupportEvent;
  };
  expect(await nth(1)).toEqual({ type: 'support.ready' });
  return { events, nth };
}

let n = 0;
const clientId = () => `nodes-${Date.now().toString(36)}-${n++}`;
async function post(url: string, headers: Record<string, string>, body: object) {
  const res = await fetch(url, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as { code: number | string; value: Record<string, unknown> } };
}

const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

describe('support chat on two nodes over real sockets', () => {
  it('a player on node A and the operator on node B: text, image, take and concurrent answers arrive live on the other node', async () => {
    const admin = { authorization: `Bearer ${support.key}` };
    const operator = await live(urlB, supportPaths.operatorLive, support.key);
    const players = await Promise.all([0, 1, 2].map(() => newPlayer(sut.app, sut.database.db)));
    const sockets = await Promise.all(players.map((p) => live(urlA, supportPaths.live, p.token)));

    // Each player writes on node A; the operator's socket on node B hears each.
    const first: { conversationId: number }[] = [];
    for (const p of players) {
      const sent = await post(`${urlA}${supportPaths.messages}`, p.headers, {
        clientId: clientId(),
        content: 'Where is my <b>deposit</b>?',
      });
      expect(sent.status).toBe(200);
      first.push(sent.body.value as { conversationId: number });
    }
    await operator.nth(4);
    expect(operator.events.slice(1).map((e) => e.type === 'support.message' && e.message.conversationId)).toEqual(
      first.map((f) => f.conversationId),
    );

    // An image from the first player, as a browser sends it.
    const form = new FormData();
    form.append('clientId', clientId());
    form.append('image', new Blob([png], { type: 'image/png' }), 'receipt.png');
    const image = await fetch(`${urlA}${supportPaths.images}`, { method: 'POST', headers: players[0]?.headers, body: form });
    expect(image.status).toBe(200);
    expect(await operator.nth(5)).toMatchObject({ type: 'support.message', message: { seq: 2, image: 'image/png' } });

    // The operator takes the three on node B; each player hears it on node A.
    for (const f of first) {
      const took = await post(`${urlB}${supportPaths.adminTake.replace(':id', String(f.conversationId))}`, admin, {});
      expect(took.body.value).toMatchObject({ state: 'taken', operatorName: 'nodes-support' });
    }
    for (const s of sockets) expect(await s.nth(s === sockets[0] ? 4 : 3)).toMatchObject({ conversation: { state: 'taken' } });

    // Answers to all three at once (written together on node B), twice, reach each player on node A in order.
    const answerAll = (content: string) =>
      Promise.all(
        first.map((f) =>
          post(`${urlB}${supportPaths.adminMessages.replace(':id', String(f.conversationId))}`, admin, { clientId: clientId(), content }),
        ),
      );
    const answers = [...(await answerAll('One moment.')), ...(await answerAll('Found it: it is credited.'))];
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    for (const [i, s] of sockets.entries()) {
      const base = i === 0 ? 4 : 3;
      const got = [await s.nth(base + 1), await s.nth(base + 2)];
      expect(got.map((e) => e.type === 'support.message' && [e.message.author, e.message.content])).toEqual([
        ['operator', 'One moment.'],
        ['operator', 'Found it: it is credited.'],
      ]);
      const seqs = got.map((e) => (e.type === 'support.message' ? e.message.seq : 0));
      expect(seqs[1]).toBe((seqs[0] as number) + 1);
    }
  });
});
