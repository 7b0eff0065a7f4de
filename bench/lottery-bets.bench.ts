// Lottery bet placement through HTTP on PostgreSQL: logged-in players sending one-bet slips to the
// built server, each with its own request id, in rounds alternating with the pgbench reference.
import { randomBytes } from 'node:crypto';
import { lottery } from '@platform/games';
import autocannon from 'autocannon';
import { loadAuthConfig } from '../apps/server/src/modules/auth/auth.config.ts';
import { openSession } from '../apps/server/src/modules/auth/sessions.ts';
import { setCaps } from '../apps/server/src/modules/lottery/lottery.limits.ts';
import { lotteryTick } from '../apps/server/src/modules/lottery/lottery.service.ts';
import { lotteryGames } from '../apps/server/src/modules/lottery/lottery.tables.ts';
import { insertMember } from '../apps/server/src/modules/members/members.repository.ts';
import { listMerchants } from '../apps/server/src/modules/merchants/merchants.repository.ts';
import { checkLedger } from '../apps/server/src/modules/wallet/ledger.service.ts';
import { fundMember } from '../apps/server/test/funds.ts';
import { forkServer, stopServer } from '../scripts/lib.mjs';
import type { Comparison, DatabaseFigureOptions } from './figure.ts';
import { freshDatabase } from './fresh-database.ts';
import { alternate, assertRunning } from './harness.mjs';

const players = 200;

/** Slips per second and p99 beside pgbench's TPS; undefined when PostgreSQL is not reachable. */
export async function lotterySlips({
  seconds,
  rounds,
  connections,
  reference,
  onRound,
}: DatabaseFigureOptions): Promise<Comparison | undefined> {
  const fresh = await freshDatabase('bench_bets');
  if (!fresh) return undefined;
  const { database, url } = fresh;
  const db = database.db;
  try {
    const merchant = (await listMerchants(db)).find((m) => m.code === 'BRAZIL');
    if (!merchant) throw new Error('no merchant');
    // Thousands of slips on one issue: caps high enough that the bench measures placement (the liability
    // lines are still written and checked for every slip), not refusals.
    await setCaps(db, merchant.id, { numberCap: 1e14, drawCap: 1e14 });
    // A game drawn hourly, so the bench never runs into a betting close.
    await db.insert(lotteryGames).values({
      code: 'BENCH',
      family: 'SSC',
      name: { EN: 'Bench SSC' },
      schedule: { kind: 'interval', seconds: 3600, utcOffsetMinutes: 0 },
      closeSeconds: 5,
      resultSource: 'rng',
    });
    await lotteryTick(db, new Date());
    const issue = (
      await db.execute<{ issue: string }>(
        `select issue from lottery_draws where game_code = 'BENCH' and closes_at > now() order by draw_at limit 1`,
      )
    ).rows[0]?.issue;
    const authConfig = loadAuthConfig();
    const tokens: string[] = [];
    for (let i = 0; i < players; i++) {
      const member = await insertMember(db, { merchantId: merchant.id, account: `bettor${i}`, language: 'EN' });
      await fundMember(db, merchant, member.id, 100_000_000);
      tokens.push((await openSession(db, authConfig, member, { kind: 'password', ip: '127.0.0.1', userAgent: 'bench' })).token);
    }

    const server = await forkServer({ HOST: '127.0.0.1', DATABASE_URL: url, LOG_LEVEL: 'warn', JOBS: '0', DB_POOL_SIZE: '20' });
    const play = lottery.findPlayType('SSC_5_DIRECT') as lottery.PlayType;
    let seq = 0;
    let failed = 0;
    const slips = async (duration: number) => {
      const r = await autocannon({
        url: server.url,
        connections,
        duration,
        requests: [
          {
            method: 'POST',
            path: '/lgw/lottery/bets',
            setupRequest: (req: Record<string, unknown>) => {
              const n = seq++;
              const selection = play.quickPick((k) => new Uint8Array(randomBytes(k)));
              const body = JSON.stringify({
                requestId: `bench-${n}-${process.pid}`,
                gameCode: 'BENCH',
                issue,
                bets: [{ playType: play.id, selection, unit: 100, multiple: 1, betCount: play.betCount(selection) }],
              });
              return { ...req, headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[n % players]}` }, body };
            },
          },
        ],
      });
      failed += r.non2xx + r.errors;
      assertRunning(server);
      if (r.requests.total === 0) throw new Error('no request was answered in the round');
      return { value: r.requests.average, p99: r.latency.p99 };
    };
    try {
      await slips(2);
      const comparison = await alternate({ rounds, figure: () => slips(seconds), reference: () => reference.round(seconds), onRound });
      return { ...comparison, failed, invariantsOk: (await checkLedger(db)).ok };
    } finally {
      await stopServer(server);
    }
  } finally {
    await fresh.drop();
  }
}
