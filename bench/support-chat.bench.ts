// Support chat fan-out: 1,000 players connected to the support channel of the built server on a fresh
// PostgreSQL database, each with a conversation an operator holds; the operator's answers are sent at
// a fixed rate over HTTP (POST .../messages: transaction, NOTIFY, the hub's forwarding) and each is
// timed until its player's socket has it. Beside it, in alternating rounds, the same number of
// clients on a bare WebSocket echo server (bench/bare-ws-server.mjs) at the same rate.
import { randomBytes } from 'node:crypto';
import { Agent, request } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import { WebSocket } from 'ws';
import { loadAuthConfig } from '../apps/server/src/modules/auth/auth.config.ts';
import { openSession } from '../apps/server/src/modules/auth/sessions.ts';
import { insertMember } from '../apps/server/src/modules/members/members.repository.ts';
import { MerchantDirectory } from '../apps/server/src/modules/merchants/merchants.service.ts';
import { insertApiKey, insertOperator } from '../apps/server/src/modules/operators/operators.repository.ts';
import { resolveOperator } from '../apps/server/src/modules/operators/operators.service.ts';
import { sendPlayerText, setSupportSettings, takeConversation } from '../apps/server/src/modules/support/support.service.ts';
import { sha256Hex } from '../apps/server/src/platform/digest.ts';
import { forkServer, stopServer } from '../scripts/lib.mjs';
import type { Comparison, Measure } from './figure.ts';
import { freshDatabase } from './fresh-database.ts';
import { alternate, assertRunning } from './harness.mjs';

/** The 99th percentile of latencies (ms). */
function p99(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] as number);
}

/** Opens a socket, sends `first` once open, and resolves when `ready` says the socket is in. */
function connect(url: string, first: string | undefined, ready: (data: string) => boolean, onData: (data: string) => void) {
  return new Promise<WebSocket>((resolve, reject) => {
    const socket = new WebSocket(url);
    let settled = false;
    socket.on('open', () => {
      if (first === undefined) {
        settled = true;
        resolve(socket);
      } else socket.send(first);
    });
    socket.on('message', (raw) => {
      const data = String(raw);
      if (!settled && ready(data)) {
        settled = true;
        resolve(socket);
        return;
      }
      onData(data);
    });
    socket.on('error', (err) => {
      if (!settled) reject(err);
    });
  });
}

/**
 * Sends `send(i)` at `rate` per second for `seconds` (ticks of 10 ms), then waits up to 3 s for the
 * last deliveries. At most `cap` may wait for delivery: beyond, sending waits (the side cannot keep
 * up, and an unbounded queue would only measure itself), so a side that falls behind is measured at
 * what it sustains. Delivered per second over the window and p99 of the latencies of what arrived.
 */
async function paced(
  rate: number,
  seconds: number,
  send: (i: number, done: (latencyMs: number) => void) => void,
  cap = 256,
): Promise<Measure & { sent: number; delivered: number }> {
  const latencies: number[] = [];
  let waiting = 0;
  let sent = 0;
  const done = (ms: number) => {
    waiting--;
    latencies.push(ms);
  };
  const started = performance.now();
  const end = started + seconds * 1000;
  while (performance.now() < end) {
    const due = Math.floor(((performance.now() - started) / 1000) * rate);
    while (sent < due && waiting < cap) {
      waiting++;
      send(sent++, done);
    }
    await delay(10);
  }
  const drain = performance.now() + 3_000;
  while (waiting > 0 && performance.now() < drain) await delay(20);
  return { value: latencies.length / seconds, p99: p99(latencies), sent, delivered: latencies.length };
}

export async function chatFanout({
  seconds,
  rounds,
  clients = 1_000,
  rate = 1_000,
  onRound,
}: {
  seconds: number;
  rounds: number;
  clients?: number;
  rate?: number;
  onRound?: (round: number, figure: Measure, reference: Measure) => void;
}): Promise<(Comparison & Record<string, unknown>) | undefined> {
  const fresh = await freshDatabase('bench_chat');
  if (!fresh) return undefined;
  const db = fresh.database.db;
  const directory = new MerchantDirectory(db, 60_000);
  const merchant = (await directory.list()).find((m) => m.code === 'BRAZIL');
  if (!merchant) throw new Error('no merchant');

  // Players with a session and a conversation the bench operator holds, made through the services.
  const auth = loadAuthConfig();
  const op = await insertOperator(db, {
    account: `bench-chat-${randomBytes(3).toString('hex')}`,
    name: 'bench',
    role: 'support',
    allMerchants: false,
    merchantIds: [merchant.id],
    passwordHash: 'not-a-hash',
    mustChangePassword: false,
    totpSecret: 'JBSWY3DPEHPK3PXP',
    totpEnabledAt: new Date(),
  });
  if (!op) throw new Error('bench operator not created');
  const key = `opk_${randomBytes(32).toString('base64url')}`;
  await insertApiKey(db, { operatorId: op.id, name: 'bench', prefix: key.slice(0, 10), keyHash: sha256Hex(key) });
  const acting = await resolveOperator(db, key);
  if (!acting) throw new Error('bench operator key refused');
  // The bench operator holds every player's conversation: far more than a merchant's default capacity (decision 0049).
  await setSupportSettings(db, directory, acting, merchant.code, clients);
  const players: { token: string; conversation: number; memberId: number }[] = [];
  for (let i = 0; i < clients; i++) {
    const member = await insertMember(db, { merchantId: merchant.id, account: `chat${i}`, language: 'EN' });
    const { token } = await openSession(db, auth, member, { kind: 'password', ip: '127.0.0.1', userAgent: 'bench' });
    const first = await sendPlayerText(db, directory, member, { clientId: `bench-first-${i}`, content: 'Hello, I need help' });
    await takeConversation(db, directory, acting, first.conversationId);
    players.push({ token, conversation: first.conversationId, memberId: member.id });
  }

  const server = await forkServer({ HOST: '127.0.0.1', DATABASE_URL: fresh.url, LOG_LEVEL: 'warn', DB_POOL_SIZE: '20', JOBS: '0' });
  const echo = await forkServer({}, { script: 'bench/bare-ws-server.mjs', readyPath: '/healthz', execArgv: [] });
  const sockets: WebSocket[] = [];
  try {
    // The figure's clients: every player on the support channel, and the operator's console socket.
    const pending = new Map<string, { at: number; done: (ms: number) => void }>();
    const arrived = (data: string) => {
      const event = JSON.parse(data) as { type: string; message?: { clientId: string; author: string } };
      if (event.type !== 'support.message' || event.message?.author !== 'operator') return;
      const p = pending.get(event.message.clientId);
      if (!p) return;
      pending.delete(event.message.clientId);
      p.done(performance.now() - p.at);
    };
    const ws = server.url.replace('http', 'ws');
    let operatorHeard = 0;
    const isReady = (data: string) => data.includes('"support.ready"');
    for (let i = 0; i < players.length; i += 100)
      sockets.push(
        ...(await Promise.all(
          players.slice(i, i + 100).map((p) => connect(`${ws}/wps/support/live`, JSON.stringify({ token: p.token }), isReady, arrived)),
        )),
      );
    sockets.push(
      await connect(`${ws}/admin-live/support`, JSON.stringify({ token: key }), isReady, () => {
        operatorHeard++;
      }),
    );

    // The reference's clients: as many sockets on the echo server.
    const echoPending = new Map<number, { at: number; done: (ms: number) => void }>();
    const echoed = (data: string) => {
      const id = Number(data.slice(0, data.indexOf(':')));
      const p = echoPending.get(id);
      if (!p) return;
      echoPending.delete(id);
      p.done(performance.now() - p.at);
    };
    const echoSockets: WebSocket[] = [];
    for (let i = 0; i < clients; i += 100)
      echoSockets.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(100, clients - i) }, () =>
            connect(`${echo.url.replace('http', 'ws')}/echo`, undefined, () => false, echoed),
          ),
        )),
      );
    sockets.push(...echoSockets);

    // The operators' consoles: 64 kept-alive connections; answers beyond them wait their turn here,
    // and that wait counts in their delivery time.
    const agent = new Agent({ keepAlive: true, maxSockets: 64 });
    const refusals: Record<string, number> = {};
    const refused = (why: string) => {
      refusals[why] = (refusals[why] ?? 0) + 1;
    };
    const target = new URL(server.url);
    const answer = (i: number, done: (ms: number) => void) => {
      const p = players[i % players.length] as (typeof players)[number];
      const clientId = `bench-${i}-${randomBytes(4).toString('hex')}`;
      pending.set(clientId, { at: performance.now(), done });
      const body = JSON.stringify({ clientId, content: `Answer number ${i}: your deposit is on its way.` });
      const req = request(
        {
          agent,
          host: target.hostname,
          port: target.port,
          method: 'POST',
          path: `/admin/v1/support/conversations/${p.conversation}/messages`,
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          res.resume();
          if (res.statusCode !== 200) refused(String(res.statusCode));
        },
      );
      req.on('error', (err) => refused((err as NodeJS.ErrnoException).code ?? 'error'));
      req.end(body);
    };
    let echoSeq = 0;
    const ping = (i: number, done: (ms: number) => void) => {
      const id = echoSeq++;
      echoPending.set(id, { at: performance.now(), done });
      (echoSockets[i % echoSockets.length] as WebSocket).send(`${id}:Answer number ${i}: your deposit is on its way.`);
    };

    await paced(rate, 2, answer);
    await paced(rate, 2, ping);
    const details = { sent: [] as number[], delivered: [] as number[] };
    const result = await alternate({
      rounds,
      figure: async () => {
        const r = await paced(rate, seconds, answer);
        assertRunning(server);
        details.sent.push(r.sent);
        details.delivered.push(r.delivered);
        return { value: r.value, p99: r.p99 };
      },
      reference: async () => {
        const r = await paced(rate, seconds, ping);
        return { value: r.value, p99: r.p99 };
      },
      onRound,
    });
    agent.destroy();
    const failedRequests = Object.values(refusals).reduce((a, b) => a + b, 0);
    return { ...result, clients, rate, failedRequests, refusals, operatorEvents: operatorHeard, ...details };
  } finally {
    for (const s of sockets) s.terminate();
    await stopServer(server);
    await stopServer(echo);
    await fresh.drop();
  }
}
