import fp from 'fastify-plugin';
import type { Config } from '../../platform/config.ts';
import type { Db } from '../../platform/db.ts';
import { every } from '../../platform/jobs.ts';
import type { MerchantDirectory } from '../merchants/merchants.service.ts';
import { InhouseGames, type WalletCall } from './inhouse.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Pays the in-house rounds left open (stake taken, win never sent) from their stored outcomes;
     * the rounds closed. The job runs it at start and every RECOVERY_EVERY_MS with jobs on; with jobs
     * off (tests) whoever needs it calls it.
     */
    inhouseRecovery: (now?: Date, minAgeMs?: number) => Promise<number>;
  }
}

/** How often a node looks for in-house rounds left open. */
export const RECOVERY_EVERY_MS = 15_000;

/**
 * The in-house provider's recovery: rounds whose node died between the bet and the win are paid at
 * start and then periodically, on any number of nodes (the win's transaction id makes every node's
 * call one call). Not encapsulated, so that the app exposes the step (`app.inhouseRecovery`).
 */
export const inhouseJobs = fp<{ db: Db; directory: MerchantDirectory; wallet: WalletCall; config: Pick<Config, 'jobs'> }>(
  async (app, { db, directory, wallet, config }) => {
    const games = new InhouseGames(db, directory, wallet);
    app.decorate('inhouseRecovery', (now?: Date, minAgeMs?: number) => games.recover(now, minAgeMs));
    if (!config.jobs) return;
    // At start, every open round is taken whatever its age: a round this node was playing died with
    // it, and one another node is still playing gets the very call it is about to send.
    let atStart = true;
    const recover = async () => {
      const closed = await games.recover(new Date(), atStart ? 0 : undefined);
      atStart = false;
      if (closed > 0) app.log.warn({ closed }, 'in-house rounds left open were paid from their stored outcomes');
    };
    every(app, 'inhouse-recovery', RECOVERY_EVERY_MS, recover, { atStart: true });
  },
  { name: 'inhouse-jobs' },
);
