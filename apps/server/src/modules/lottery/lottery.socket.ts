import { type LotteryEvent, lotteryPaths } from '@platform/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { WebSocket } from 'ws';
import type { Database } from '../../platform/db.ts';

const PING_MS = 30_000;

/**
 * Live lottery news over WebSocket (`/lgw/lottery/live`, public: results are public). Every node
 * LISTENs on the database channel `lottery` and passes each draw change to its open sockets, so a
 * draw made or settled by any node reaches every page.
 */
export const lotterySocket: FastifyPluginAsync<{ database: Database }> = async (app, { database }) => {
  const sockets = new Set<WebSocket>();
  const stop = await database.listen('lottery', (payload) => {
    let event: LotteryEvent;
    try {
      event = { type: 'draw', value: JSON.parse(payload) };
    } catch {
      return;
    }
    const text = JSON.stringify(event);
    for (const s of sockets) if (s.readyState === s.OPEN) s.send(text);
  });
  const ping = setInterval(() => {
    for (const s of sockets) s.ping();
  }, PING_MS);
  ping.unref();
  app.addHook('onClose', async () => {
    clearInterval(ping);
    await stop();
    for (const s of sockets) s.close(1001, 'server closing');
  });
  app.get(lotteryPaths.live, { websocket: true, schema: { hide: true } }, (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
};
