import { Socket } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';

export interface GracefulStopOptions {
  /** How long requests under way may take to finish before the connections still open are closed. */
  graceMs: number;
  /** How long handlers still running after that may take (their answers can no longer be delivered) before the process exits anyway. */
  lastMs: number;
  /** Closes what the app does not own (the database), after the app. */
  after: () => Promise<void>;
}

/**
 * A stop that never cuts a money operation in half. On a signal the node stops listening, answers
 * the requests it has (each with `connection: close`, so a client asks nothing more on its socket),
 * and waits for them up to `graceMs`; then it closes every connection still open (slow and idle
 * clients, which could otherwise hold the stop forever) and waits for the handlers still running;
 * only then does the app close (its jobs finish their run first, see jobs.ts) and the process exit.
 * The in-house games call the wallet through the app itself, so the app must stay open until the
 * last handler is done: a closed app answers those calls 503 and leaves a round half played.
 *
 * Requests are counted from their handler's start to its answer: a client still sending its request
 * has started no work and is cut at the end of the grace. A WebSocket is no request under way (it
 * never answers, and the server would wait for it forever): the hub's sockets are closed as the stop
 * begins, so their clients reconnect to another node at once.
 */
export function gracefulStop(app: FastifyInstance, opts: GracefulStopOptions): (signal: string) => Promise<void> {
  const running = new Set<FastifyRequest>();
  let draining = false;
  let drained: (() => void) | undefined;
  const done = (request: FastifyRequest) => {
    if (running.delete(request) && running.size === 0) drained?.();
  };
  // Only requests on a real connection: the app's own calls (app.inject) are part of a request counted already.
  const external = (request: FastifyRequest) => request.raw.socket instanceof Socket;
  app.addHook('onRequest', async (request, reply) => {
    if (draining && external(request)) reply.header('connection', 'close');
  });
  app.addHook('preHandler', async (request) => {
    if (external(request) && !request.ws) running.add(request);
  });
  app.addHook('onSend', async (request) => done(request));
  app.addHook('onResponse', async (request) => done(request));

  const settle = (ms: number) =>
    new Promise<boolean>((resolve) => {
      if (running.size === 0) return resolve(true);
      const timer = setTimeout(() => resolve(false), ms);
      drained = () => {
        clearTimeout(timer);
        resolve(true);
      };
    });

  let stopping: Promise<void> | undefined;
  return (signal) => {
    stopping ??= (async () => {
      draining = true;
      app.log.info(
        { signal, running: running.size, graceMs: opts.graceMs },
        'stopping: no new connections; requests under way finish within the grace, then open connections are closed',
      );
      const listening = new Promise<void>((resolve) => app.server.close(() => resolve()));
      if (app.hasDecorator('realtime')) app.realtime.closeSockets();
      const finished = await settle(opts.graceMs);
      // Slow and idle clients: their sockets go now; a handler still running goes on to its end.
      app.server.closeAllConnections();
      const last = finished || (await settle(opts.lastMs));
      await listening;
      if (!last) app.log.error({ running: running.size }, 'stopping with handlers still running');
      await app.close();
      await opts.after();
      app.log.info({ signal }, 'stopped');
    })();
    return stopping;
  };
}
