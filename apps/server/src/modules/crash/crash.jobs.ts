import fp from 'fastify-plugin';
import type { Config } from '../../platform/config.ts';
import type { Db } from '../../platform/db.ts';
import { every } from '../../platform/jobs.ts';
import type { WalletCall } from '../inhouse/inhouse.service.ts';
import type { MerchantDirectory } from '../merchants/merchants.service.ts';
import { CrashGame } from './crash.service.ts';
import { CRASH_CHANNEL } from './crash.socket.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * One step of this node's crash clock: the next round once the last has crashed, the settlement
     * of crashed rounds, the state pushed to this node's sockets. The job runs it every 250 ms with
     * jobs on; with jobs off (tests) whoever needs rounds to move calls it.
     */
    crashClock: (now?: Date) => Promise<void>;
  }
}

/**
 * The crash clock, on every node: rounds are created and settled by whichever node gets there first
 * (a round's sequence is unique, a bet's settlement is claimed), and each node pushes the state to
 * its own sockets when it changes. Not encapsulated, so that the app exposes the step (`app.crashClock`).
 */
export const crashJobs = fp<{ db: Db; directory: MerchantDirectory; wallet: WalletCall; config: Pick<Config, 'jobs'> }>(
  async (app, { db, directory, wallet, config }) => {
    const game = new CrashGame(db, directory, wallet);
    const hub = app.realtime;
    let last = '';
    const broadcast = async () => {
      if (!hub.hasSubscribers(CRASH_CHANNEL)) return;
      const { serverTime: _, ...state } = await game.state();
      const key = JSON.stringify(state);
      if (key === last) return;
      last = key;
      hub.broadcast(CRASH_CHANNEL, { type: 'crash', value: { ...state, serverTime: new Date().toISOString() } });
    };
    const tick = async (now?: Date) => {
      await game.ensureRound(now);
      await game.settle(now);
      await broadcast();
    };
    app.decorate('crashClock', tick);
    if (config.jobs) every(app, 'crash-clock', 250, () => tick());
  },
  { name: 'crash-jobs' },
);
