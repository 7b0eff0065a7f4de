import { crashPaths, lotteryPaths } from '@platform/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { newPlayer, payDeposit } from '../../test/payments.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from './config.ts';
import { gracefulStop } from './graceful-stop.ts';

// Two apps on one database are two server nodes: their hubs know of each other only through NOTIFY.
let sut: TestApp;
let other: FastifyInstance;
beforeAll(async () => {
  sut = await buildTestApp();
  other = await buildApp({
    config: { ...loadConfig({}), webDist: undefined, merchantCacheSeconds: 0, sandboxRedeliverMs: 0, jobs: false },
    database: sut.database,
    logger: false,
  });
  await other.ready();
});
afterAll(async () => {
  await other.close();
  await sut.close();
});

type Event = { type: string; value: Record<string, unknown> };

/** A socket of `path` on `app`, with the messages it receives (from the first) and a way to wait for the n-th. */
async function connect(app: FastifyInstance, path: string) {
  let box: ReturnType<typeof inbox> | undefined;
  const ws = await app.injectWS(path, {}, { onInit: (socket) => (box = inbox(socket)) });
  if (!box) throw new Error('socket without inbox');
  return { ws, box };
}

function inbox(ws: WebSocket) {
  const messages: Event[] = [];
  const waiting: { n: number; ok: () => void }[] = [];
  ws.on('message', (data) => {
    messages.push(JSON.parse(String(data)));
    for (const w of waiting.filter((w) => messages.length >= w.n)) w.ok();
  });
  const closed = new Promise<number>((ok) => ws.on('close', (code) => ok(code)));
  const nth = (n: number) =>
    messages.length >= n
      ? Promise.resolve(messages[n - 1])
      : new Promise<void>((ok) => waiting.push({ n, ok })).then(() => messages[n - 1]);
  return { messages, nth, closed };
}

describe('the WebSocket hub', () => {
  it('pushes a balance to a member socket on one node when money moves through another', async () => {
    const p = await newPlayer(sut.app, sut.database.db);
    const { ws, box } = await connect(other, '/wps/v2/wallets/live');
    ws.send(JSON.stringify({ token: p.token }));
    expect(await box.nth(1)).toMatchObject({ type: 'balance', value: { sumBalance: 0 } });
    await payDeposit(sut.app, p, { channel: 'PIX', amount: 37 });
    expect(await box.nth(2)).toMatchObject({ type: 'balance', value: { sumBalance: 37 } });
    ws.terminate();
  });

  it('closes a member socket on one node (4401) when its session ends by logout on another', async () => {
    const p = await newPlayer(sut.app, sut.database.db);
    const { ws, box } = await connect(other, '/wps/v2/wallets/live');
    ws.send(JSON.stringify({ token: p.token }));
    await box.nth(1);
    expect((await p.call('DELETE', '/wps/session/logout')).statusCode).toBe(200);
    expect(await box.closed).toBe(4401);
    expect(box.messages).toHaveLength(1);
  });

  it('closes a member socket whose first message is not a login (4400), and one whose token is no session (4401)', async () => {
    const { ws: garbled, box: garbledBox } = await connect(sut.app, '/wps/v2/wallets/live');
    garbled.send('not json');
    expect(await garbledBox.closed).toBe(4400);
    const { ws: stranger, box: strangerBox } = await connect(sut.app, '/wps/v2/wallets/live');
    stranger.send(JSON.stringify({ token: 42 }));
    expect(await strangerBox.closed).toBe(4401);
    expect([...garbledBox.messages, ...strangerBox.messages]).toEqual([]);
  });

  it('opens public channels without a session: the crash state at once, and draws of any node', async () => {
    const { ws: crash, box: crashBox } = await connect(other, crashPaths.live);
    expect(await crashBox.nth(1)).toMatchObject({ type: 'crash' });
    crash.terminate();

    const { ws: lottery, box: lotteryBox } = await connect(other, lotteryPaths.live);
    const draw = { gameCode: 'HUB1', issue: '1', status: 'drawn' };
    // A draw changed on the first node: it NOTIFYs `lottery` in its transaction, as the lottery does.
    await sut.database.db.execute(sql`select pg_notify('lottery', ${JSON.stringify(draw)})`);
    expect(await lotteryBox.nth(1)).toEqual({ type: 'draw', value: draw });
    lottery.terminate();
  });

  it('stops a node with open sockets without waiting for them: they close with 1001 as the stop begins', async () => {
    const node = await buildApp({
      config: { ...loadConfig({}), webDist: undefined, merchantCacheSeconds: 0, sandboxRedeliverMs: 0, jobs: false },
      database: sut.database,
      logger: false,
    });
    const stop = gracefulStop(node, { graceMs: 8_000, lastMs: 10_000, after: async () => {} });
    const origin = await node.listen({ port: 0, host: '127.0.0.1' });
    const ws = new WebSocket(`${origin.replace('http', 'ws')}${crashPaths.live}`);
    const box = inbox(ws);
    await box.nth(1);
    const started = Date.now();
    await stop('SIGTERM');
    // Before, the socket counted as a request under way: the stop waited out both graces (18 s) and more.
    expect(Date.now() - started).toBeLessThan(8_000);
    expect(await box.closed).toBe(1001);
  });
});
