import fp from 'fastify-plugin';
import type { Config } from '../../platform/config.ts';
import type { Db } from '../../platform/db.ts';
import { every } from '../../platform/jobs.ts';
import { publishBalances } from '../wallet/wallet.service.ts';
import { type Paid, REFRESH_MS, refreshAll, runLeaderboardPayouts } from './leaderboards.service.ts';

/**
 * Leaderboards with jobs on, on every node: each minute the ended periods of every board are paid (a
 * period job per board: each period once across nodes), and every REFRESH_MS each board's snapshot is
 * rebuilt (one node per board at a time). With jobs off (tests), call `runLeaderboardPayouts`.
 */
export const leaderboardsJobs = fp<{ db: Db; config: Pick<Config, 'jobs'> }>(
  async (app, { db, config }) => {
    if (!config.jobs) return;
    every(
      app,
      'leaderboards-payout',
      60_000,
      async () => {
        const paid: Paid = { members: [] };
        for (const o of await runLeaderboardPayouts(db, undefined, paid))
          if (o.outcome === 'failed') app.log.error({ period: o.period, error: o.error }, 'leaderboard payout failed');
        if (paid.members.length) await publishBalances(db, [...new Set(paid.members)]);
      },
      { atStart: true },
    );
    every(app, 'leaderboards-refresh', REFRESH_MS, () => refreshAll(db));
  },
  { name: 'leaderboards-jobs' },
);
