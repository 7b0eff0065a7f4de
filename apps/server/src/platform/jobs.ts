import type { FastifyInstance } from 'fastify';

/**
 * Runs `work` every `ms` on this node while the app is up, never two runs of one job at once. Jobs
 * must be safe on any number of nodes: each claims its rows with one conditional UPDATE (or a ledger
 * idempotency key), so a row is taken by exactly one node and a repeat changes nothing.
 *
 * With `atStart`, the first run starts as soon as the app is ready (recovery of what a stopped node
 * left half done) instead of one period later. Closing the app waits for a run under way, so a job
 * that moves money is never cut off by a graceful stop.
 */
export function every(
  app: FastifyInstance,
  name: string,
  ms: number,
  work: () => Promise<unknown>,
  opts: { atStart?: boolean } = {},
): void {
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  const run = () => {
    if (running || closed) return;
    running = work()
      .then(
        () => undefined,
        (err) => app.log.error({ err, job: name }, 'job failed'),
      )
      .finally(() => {
        running = undefined;
      });
  };
  app.addHook('onReady', async () => {
    timer = setInterval(run, ms);
    timer.unref();
    if (opts.atStart) run();
  });
  app.addHook('onClose', async () => {
    closed = true;
    clearInterval(timer);
    await running;
  });
}
