import { crashPaths } from '@platform/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../platform/db.ts';
import type { WalletCall } from '../inhouse/inhouse.service.ts';
import type { MerchantDirectory } from '../merchants/merchants.service.ts';
import { CrashGame } from './crash.service.ts';

/** The hub channel of the crash rounds' state. */
export const CRASH_CHANNEL = 'crash';

/**
 * The public crash channel at `/wps/inhouse/crash/live`: a socket gets the round state at once, then
 * whenever this node's clock (crash.jobs.ts) sees it change. Every node reads the same rounds from
 * the database, so players on any node see the same round.
 */
export const crashSocket: FastifyPluginAsync<{ db: Db; directory: MerchantDirectory; wallet: WalletCall }> = async (
  app,
  { db, directory, wallet },
) => {
  const game = new CrashGame(db, directory, wallet);
  app.realtime.channel(app, CRASH_CHANNEL, {
    path: crashPaths.live,
    access: 'public',
    greet: async () => ({ type: 'crash', value: await game.state() }),
  });
};
