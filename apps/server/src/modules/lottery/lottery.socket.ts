import { type LotteryEvent, lotteryPaths } from '@platform/contract';
import type { FastifyPluginAsync } from 'fastify';

/**
 * Live lottery news: the public `lottery` channel of the hub at `/lgw/lottery/live` (results are
 * public). Draws NOTIFY `lottery` when they change, on whichever node, and each node passes the change
 * to its own sockets, so a draw made or settled by any node reaches every page.
 */
export const lotterySocket: FastifyPluginAsync = async (app) => {
  const hub = app.realtime;
  hub.channel(app, 'lottery', { path: lotteryPaths.live, access: 'public' });
  await hub.listen('lottery', (payload) => {
    if (!hub.hasSubscribers('lottery')) return;
    let event: LotteryEvent;
    try {
      event = { type: 'draw', value: JSON.parse(payload) };
    } catch {
      return;
    }
    hub.broadcast('lottery', event);
  });
};
