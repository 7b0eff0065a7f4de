// Live support sockets for tests: a socket of a support channel logged in with a token, with the events it hears.
import type { SupportEvent } from '@platform/contract';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';

export interface LiveSocket {
  ws: WebSocket;
  events: SupportEvent[];
  /** The k-th event heard (1-based), waiting for it. */
  nth(k: number): Promise<SupportEvent>;
  /** The first event heard that matches, waiting for it. */
  until(match: (e: SupportEvent) => boolean): Promise<SupportEvent>;
}

/** A socket of `path` on `app`, logged in with `token` and greeted (`support.ready`). */
export async function liveSupport(app: FastifyInstance, path: string, token: string): Promise<LiveSocket> {
  const events: SupportEvent[] = [];
  const waiting = new Set<() => void>();
  const ws: WebSocket = await app.injectWS(path);
  ws.on('message', (data) => {
    events.push(JSON.parse(String(data)));
    for (const check of [...waiting]) check();
  });
  ws.send(JSON.stringify({ token }));
  const until = (match: (e: SupportEvent) => boolean) =>
    new Promise<SupportEvent>((ok) => {
      const check = () => {
        const found = events.find(match);
        if (!found) return;
        waiting.delete(check);
        ok(found);
      };
      waiting.add(check);
      check();
    });
  const nth = (k: number) =>
    new Promise<SupportEvent>((ok) => {
      const check = () => {
        if (events.length < k) return;
        waiting.delete(check);
        ok(events[k - 1] as SupportEvent);
      };
      waiting.add(check);
      check();
    });
  const first = await nth(1);
  if (first.type !== 'support.ready') throw new Error(`support socket greeted with ${first.type}`);
  return { ws, events, nth, until };
}
