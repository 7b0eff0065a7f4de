import type { FastifyInstance } from 'fastify';

/**
 * Runs `work` every `ms` on this node while the app is up, never two runs of one job at once. Jobs
 * must be safe on any number of nodes: each claims its rows with one conditional UPDATE (or a ledger
 * idempotency key), so a row is taken by exactly one node and a repeat changes nothing.
 */
export function every(app: FastifyInstance, name: string, ms: number, work: () => Promise<unknown>): void {
  let running = false;
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      if (running) return;
      running = true;
      work()
        .catch((err) => app.log.error({ err, job: name }, 'job failed'))
        .finally(() => {
          running = false;
        });
    }, ms);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
