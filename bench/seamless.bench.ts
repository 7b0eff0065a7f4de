// Seamless-wallet bet + win pairs per second and p99, through HTTP against the built server on a
// fresh PostgreSQL database, with signed calls as a provider sends them, in rounds alternating with
// the pgbench reference.
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { insertMember } from '../apps/server/src/modules/members/members.repository.ts';
import { listMerchants } from '../apps/server/src/modules/merchants/merchants.repository.ts';
import { insertProvider } from '../apps/server/src/modules/seamless/seamless.repository.ts';
import { openGameSession, signSeamless } from '../apps/server/src/modules/seamless/seamless.service.ts';
import { checkLedger } from '../apps/server/src/modules/wallet/ledger.service.ts';
import { fundMember } from '../apps/server/test/funds.ts';
import { forkServer, serverFlags, stopServer } from '../scripts/lib.mjs';
import type { Comparison, DatabaseFigureOptions } from './figure.ts';
import { freshDatabase } from './fresh-database.ts';
import { alternate, assertRunning } from './harness.mjs';

const players = 1000;

/** Pairs per second and p99 beside pgbench's TPS; undefined when PostgreSQL is not reachable. */
export async function seamlessPairs({
  seconds,
  rounds,
  connections,
  reference,
  onRound,
}: DatabaseFigureOptions): Promise<Comparison | undefined> {
  const SECRET = randomBytes(32).toString('hex');
  const fresh = await freshDatabase('bench_seamless');
  if (!fresh) return undefined;
  const { database, url } = fresh;
  const db = database.db;
  try {
    const merchant = (await listMerchants(db)).find((m) => m.code === 'BRAZIL');
    if (!merchant) throw new Error('no merchant');
    await insertProvider(db, { code: 'BENCHPROV', vendorCode: 'INHOUSE', secret: SECRET });
    const sessions: { playerId: string; token: string }[] = [];
    for (let i = 0; i < players; i++) {
      const member = await insertMember(db, { merchantId: merchant.id, account: `bench${i}`, language: 'EN' });
      await fundMember(db, merchant, member.id, 100_000_000);
      const { token } = await openGameSession(db, member, 'INHOUSE', 'jungle-gems');
      sessions.push({ playerId: String(member.id), token });
    }

    const server = await forkServer(
      { HOST: '127.0.0.1', DATABASE_URL: url, LOG_LEVEL: 'warn', DB_POOL_SIZE: '20' },
      { execArgv: [...serverFlags, ...(process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [])] },
    );
    try {
      type Call = { body: string; headers: Record<string, string> };
      const signed = (payload: unknown): Call => {
        const body = JSON.stringify(payload);
        return {
          body,
          headers: { 'content-type': 'application/json', 'x-provider': 'BENCHPROV', 'x-signature': signSeamless(SECRET, body) },
        };
      };
      let seq = 0;
      /** A round as a provider plays it: a bet, then its win (half of them zero), each body signed. */
      const round = (): { bet: Call; win: Call } => {
        const n = seq++;
        const s = sessions[n % players] as { playerId: string; token: string };
        const common = { playerId: s.playerId, roundId: `r${n}`, gameCode: 'jungle-gems', currency: merchant.currency };
        return {
          bet: signed({ ...common, token: s.token, transactionId: `b${n}`, amount: 1 }),
          win: signed({ ...common, transactionId: `wr${n}`, amount: n % 2 === 0 ? 1.9 : 0 }),
        };
      };
      /**
       * Rounds signed before a run (more than the run can use; it signs more if it ever runs out): the
       * load generator shares this machine's cores with the server and the database, so in the timed
       * window it only sends and reads.
       */
      const ready: ReturnType<typeof round>[] = [];
      let failed = 0;
      const run = async (duration: number) => {
        ready.length = 0;
        for (let i = 0; i < duration * 3_000; i++) ready.push(round());
        ready.reverse();
        const r = await autocannon({
          url: server.url,
          connections,
          duration,
          requests: [
            {
              method: 'POST',
              path: '/seamless/v1/bet',
              setupRequest: (req, ctx) => {
                const r = ready.pop() ?? round();
                ctx.round = r;
                return { ...req, ...r.bet };
              },
            },
            {
              method: 'POST',
              path: '/seamless/v1/win',
              setupRequest: (req, ctx) => ({ ...req, ...(ctx.round as ReturnType<typeof round>).win }),
            },
          ],
        });
        failed += r.non2xx + r.errors;
        assertRunning(server);
        if (r.requests.total === 0) throw new Error('no request was answered in the round');
        return { value: r.requests.average / 2, p99: r.latency.p99 };
      };
      // A warm-up first, as for every figure: each player's first call looks up what later calls find cached.
      await run(3);
      const comparison = await alternate({ rounds, figure: () => run(seconds), reference: () => reference.round(seconds), onRound });
      // How many calls each statement carried on average (the group writer's counts, over every round).
      const writes = await (await fetch(`${server.url}/metrics`)).text();
      const count = (name: string) => Number(new RegExp(`seamless_writes\\{count="${name}"\\} (\\d+)`).exec(writes)?.[1] ?? 0);
      return {
        ...comparison,
        callsPerStatement: count('items') / Math.max(1, count('batches')),
        failed,
        invariantsOk: (await checkLedger(db)).ok,
      };
    } finally {
      await stopServer(server);
    }
  } finally {
    await fresh.drop();
  }
}
