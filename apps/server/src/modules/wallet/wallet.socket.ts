import websocket from '@fastify/websocket';
import { apiPaths, type BalanceEvent } from '@platform/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { WebSocket } from 'ws';
import type { Database } from '../../platform/db.ts';
import type { AuthConfig } from '../auth/auth.config.ts';
import { findSessionByHash } from '../auth/auth.repository.ts';
import { isSessionLive, resolveSession, tokenHash } from '../auth/sessions.ts';
import type { MerchantDirectory } from '../merchants/merchants.service.ts';
import { walletBalance } from './wallet.service.ts';

const AUTH_TIMEOUT_MS = 10_000;
const PING_MS = 30_000;
/** Notifications for one member within this window become one push. */
const COALESCE_MS = 30;

interface Listener {
  socket: WebSocket;
  member: { id: number; merchantId: number };
  currency: string;
  /** The session that opened the socket: the socket lives as long as it does. */
  tokenHash: string;
}

/**
 * Live balance over WebSocket. The site opens `/wps/v2/wallets/live` and sends `{"token": "..."}`
 * first (browsers cannot set headers on a WebSocket, and a token in the URL would land in access
 * logs); the server answers with the balance and then pushes it whenever it changes. Changes reach
 * every node through the database's NOTIFY on channel `balance` (LISTEN on one connection per node
 * on PostgreSQL; in-process on PGlite), so a player connected to any node hears about money moved
 * by any other. A socket closes (4401) when its session ends: at once on logout or revocation (NOTIFY
 * on channel `session_end`), and at the next ping once it has expired.
 */
export const balanceSocket = fp(
  async (app: FastifyInstance, opts: { database: Database; authConfig: AuthConfig; directory: MerchantDirectory }) => {
    const { db } = opts.database;
    const byMember = new Map<number, Set<Listener>>();
    const due = new Map<number, NodeJS.Timeout>();

    const push = async (memberId: number) => {
      due.delete(memberId);
      const listeners = byMember.get(memberId);
      const first = listeners?.values().next().value;
      if (!listeners || !first) return;
      const event: BalanceEvent = { type: 'balance', value: await walletBalance(db, first.member, first.currency) };
      const text = JSON.stringify(event);
      for (const l of listeners) if (l.socket.readyState === l.socket.OPEN) l.socket.send(text);
    };
    const schedule = (memberId: number) => {
      if (!byMember.has(memberId) || due.has(memberId)) return;
      const timer = setTimeout(() => {
        push(memberId).catch((err) => app.log.warn({ err }, 'balance push failed'));
      }, COALESCE_MS);
      timer.unref();
      due.set(memberId, timer);
    };
    const stopListening = await opts.database.listen('balance', (payload) => {
      for (const id of payload.split(',')) schedule(Number(id));
    });
    const closeIfEnded = async (l: Listener) => {
      const session = await findSessionByHash(db, l.tokenHash);
      if (!session || !isSessionLive(opts.authConfig, session)) l.socket.close(4401, 'session ended');
    };
    const checkMember = (memberId: number) => {
      for (const l of byMember.get(memberId) ?? []) closeIfEnded(l).catch((err) => app.log.warn({ err }, 'session check failed'));
    };
    const stopSessionEnds = await opts.database.listen('session_end', (payload) => checkMember(Number(payload)));
    const ping = setInterval(() => {
      for (const [memberId, set] of byMember) {
        for (const l of set) l.socket.ping();
        checkMember(memberId);
      }
    }, PING_MS);
    ping.unref();
    app.addHook('onClose', async () => {
      clearInterval(ping);
      for (const t of due.values()) clearTimeout(t);
      await stopListening();
      await stopSessionEnds();
      for (const set of byMember.values()) for (const l of set) l.socket.close(1001, 'server closing');
    });

    await app.register(websocket, { options: { maxPayload: 4096 } });
    app.get(apiPaths.balanceSocket, { websocket: true, schema: { hide: true } }, (socket) => {
      let listener: Listener | undefined;
      const timeout = setTimeout(() => socket.close(4401, 'not logged in'), AUTH_TIMEOUT_MS);
      socket.on('message', async (data) => {
        if (listener) return;
        clearTimeout(timeout);
        try {
          const { token } = JSON.parse(String(data)) as { token?: unknown };
          const session = typeof token === 'string' ? await findSessionByHash(db, tokenHash(token)) : undefined;
          const found =
            session && typeof token === 'string' ? await resolveSession(db, opts.authConfig, token, session.merchantId) : undefined;
          if (!found) {
            socket.close(4401, 'not logged in');
            return;
          }
          const merchant = (await opts.directory.list()).find((m) => m.id === found.member.merchantId);
          if (!merchant) throw new Error('merchant of a session vanished');
          const currency = merchant.currency;
          listener = { socket, member: found.member, currency, tokenHash: found.session.tokenHash };
          let set = byMember.get(found.member.id);
          if (!set) {
            set = new Set();
            byMember.set(found.member.id, set);
          }
          set.add(listener);
          const event: BalanceEvent = { type: 'balance', value: await walletBalance(db, found.member, currency) };
          socket.send(JSON.stringify(event));
        } catch {
          socket.close(4400, 'bad message');
        }
      });
      socket.on('close', () => {
        clearTimeout(timeout);
        if (!listener) return;
        const set = byMember.get(listener.member.id);
        set?.delete(listener);
        if (set?.size === 0) byMember.delete(listener.member.id);
      });
    });
  },
  { name: 'balance-socket' },
);
