// Seamless-wallet bet + win pairs per second and p99, through HTTP against the built server on a
// fresh PostgreSQL database, with signed calls as a provider sends them: in rounds alternating with
// the pgbench reference, and (the seams' cost) with the same server staking without the stake gate
// and without its jobs.
import { randomBytes } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { insertMember } from '../apps/server/src/modules/members/members.repository.ts';
import { listMerchants } from '../apps/server/src/modules/merchants/merchants.repository.ts';
import { insertProvider } from '../apps/server/src/modules/seamless/seamless.repository.ts';
import { openGameSession, signSeamless } from '../apps/server/src/modules/seamless/seamless.service.ts';
import { checkLedger } from '../apps/server/src/modules/wallet/ledger.service.ts';
import { type Db, queryRows } from '../apps/server/src/platform/db.ts';
import { fundMember } from '../apps/server/test/funds.ts';
import { forkServer, serverFlags, stopServer } from '../scripts/lib.mjs';
import type { Comparison, DatabaseFigureOptions } from './figure.ts';
import { freshDatabase } from './fresh-database.ts';
import { alternate, assertRunning } from './harness.mjs';

const players = 1000;

type Call = { body: string; headers: Record<string, string> };
type Round = { bet: Call; win: Call };
type ServerProcess = Awaited<ReturnType<typeof forkServer>>;

/**
 * A fresh PostgreSQL database with 1,000 funded players, each with a game session of a provider the
 * bench signs for, and the load a provider sends: bet + win pairs over HTTP, signed before the timed
 * window. Undefined when PostgreSQL is not reachable.
 */
async function seamlessSetup() {
  const SECRET = randomBytes(32).toString('hex');
  const fresh = await freshDatabase('bench_seamless');
  if (!fresh) return undefined;
  const db = fresh.database.db;
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
  const signed = (payload: unknown): Call => {
    const body = JSON.stringify(payload);
    return { body, headers: { 'content-type': 'application/json', 'x-provider': 'BENCHPROV', 'x-signature': signSeamless(SECRET, body) } };
  };
  let seq = 0;
  /** A round as a provider plays it: a bet, then its win (half of them zero), each body signed. */
  const round = (): Round => {
    const n = seq++;
    const s = sessions[n % players] as { playerId: string; token: string };
    const common = { playerId: s.playerId, roundId: `r${n}`, gameCode: 'jungle-gems', currency: merchant.currency };
    return {
      bet: signed({ ...common, token: s.token, transactionId: `b${n}`, amount: 1 }),
      win: signed({ ...common, transactionId: `wr${n}`, amount: n % 2 === 0 ? 1.9 : 0 }),
    };
  };
  let failed = 0;
  /**
   * Pairs per second and p99 of `duration` seconds of load on `server`. Rounds are signed before the
   * run (more than it can use; it signs more if it ever runs out): the load generator shares this
   * machine's cores with the server and the database, so in the timed window it only sends and reads.
   */
  const load = async (server: ServerProcess, duration: number, connections: number) => {
    const ready: Round[] = [];
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
            const next = ready.pop() ?? round();
            ctx.round = next;
            return { ...req, ...next.bet };
          },
        },
        { method: 'POST', path: '/seamless/v1/win', setupRequest: (req, ctx) => ({ ...req, ...(ctx.round as Round).win }) },
      ],
    });
    failed += r.non2xx + r.errors;
    assertRunning(server);
    if (r.requests.total === 0) throw new Error('no request was answered in the round');
    return { value: r.requests.average / 2, p99: r.latency.p99 };
  };
  const start = (env: Record<string, string> = {}) =>
    forkServer(
      { HOST: '127.0.0.1', DATABASE_URL: fresh.url, LOG_LEVEL: 'warn', DB_POOL_SIZE: '20', ...env },
      { execArgv: [...serverFlags, ...(process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [])] },
    );
  return { fresh, db, load, start, failed: () => failed };
}

/** Pairs per second and p99 beside pgbench's TPS; undefined when PostgreSQL is not reachable. */
export async function seamlessPairs({
  seconds,
  rounds,
  connections,
  reference,
  onRound,
}: DatabaseFigureOptions): Promise<Comparison | undefined> {
  const setup = await seamlessSetup();
  if (!setup) return undefined;
  try {
    const server = await setup.start();
    try {
      // A warm-up first, as for every figure: each player's first call looks up what later calls find cached.
      await setup.load(server, 3, connections);
      const comparison = await alternate({
        rounds,
        figure: () => setup.load(server, seconds, connections),
        reference: () => reference.round(seconds),
        onRound,
      });
      // How many calls each statement carried on average (the group writer's counts, over every round).
      const writes = await (await fetch(`${server.url}/metrics`)).text();
      const count = (name: string) => Number(new RegExp(`seamless_writes\\{count="${name}"\\} (\\d+)`).exec(writes)?.[1] ?? 0);
      return {
        ...comparison,
        callsPerStatement: count('items') / Math.max(1, count('batches')),
        failed: setup.failed(),
        invariantsOk: (await checkLedger(setup.db)).ok,
      };
    } finally {
      await stopServer(server);
    }
  } finally {
    await setup.fresh.drop();
  }
}

/** The statistics consumer's cursor: the feed consumer the drain waits for. */
const laggingConsumer = 'daily-statistics';

/** Counts per upper bound (seconds, cumulative as Prometheus keeps them) of the server's feed-lag histogram. */
async function feedLagBuckets(server: ServerProcess): Promise<Map<number, number>> {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  const buckets = new Map<number, number>();
  for (const m of text.matchAll(/^ledger_feed_lag_seconds_bucket\{le="([^"]+)"\} (\d+)$/gm)) {
    buckets.set(m[1] === '+Inf' ? Number.POSITIVE_INFINITY : Number(m[1]), Number(m[2]));
  }
  return buckets;
}

/**
 * The feed lag of `during`, as the server measured it (ledger_feed_lag_seconds: each batch's oldest
 * movement, from its transaction to the consumers' commit): the histogram's counts after minus before,
 * added to `into`. No query of the bench's own competes with the load.
 */
async function measureLag<T>(server: ServerProcess, into: Map<number, number>, during: () => Promise<T>): Promise<T> {
  const before = await feedLagBuckets(server);
  const result = await during();
  for (const [le, n] of await feedLagBuckets(server)) into.set(le, (into.get(le) ?? 0) + n - (before.get(le) ?? 0));
  return result;
}

/** A quantile of cumulative histogram counts, interpolated within its bucket as Prometheus's histogram_quantile does, in ms. */
function lagQuantile(buckets: Map<number, number>, q: number): number {
  const bounds = [...buckets.keys()].sort((a, b) => a - b);
  const total = buckets.get(Number.POSITIVE_INFINITY) ?? 0;
  if (total === 0) return 0;
  const rank = q * total;
  let lower = 0;
  let below = 0;
  for (const le of bounds) {
    const n = buckets.get(le) ?? 0;
    if (n >= rank) {
      if (le === Number.POSITIVE_INFINITY) return Math.round(lower * 1000);
      return Math.round((lower + ((le - lower) * (rank - below)) / Math.max(1, n - below)) * 1000);
    }
    lower = le;
    below = n;
  }
  return Math.round(lower * 1000);
}

/** Waits until the consumers have every movement committed so far (a round starts with no backlog). */
async function feedDrained(db: Db, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await queryRows<{ behind: boolean }>(
      db,
      sql`select exists (select 1 from ledger_feed_cursors c join ledger_transactions t on (t.xact, t.id) > (c.xact, c.transaction_id)
                          where c.consumer = ${laggingConsumer}) as behind`,
    );
    if (!row?.behind) return;
    if (Date.now() > deadline) throw new Error('the feed consumers did not drain the backlog');
    await delay(50);
  }
}

/**
 * The seams' cost on the seamless path: bet + win pairs through the stake gate with the ledger feed's
 * consumers running, beside the same build staking without the gate and with no consumer
 * (BENCH_WITHOUT_STAKE_GATE=1, BENCH_WITHOUT_FEED=1), every other job running on both sides, on the
 * same database, in alternating rounds. Each round starts its own server; a gated round first lets
 * its consumers take what the reference round left, then warms up, so each side pays only for its
 * own round. The feed's lag is the server's own histogram over the gated rounds' timed windows.
 */
export async function seamlessSeams({
  seconds,
  rounds,
  connections,
  onRound,
}: Omit<DatabaseFigureOptions, 'reference'>): Promise<Comparison | undefined> {
  const setup = await seamlessSetup();
  if (!setup) return undefined;
  const lags = new Map<number, number>();
  const measured = async (env: Record<string, string>, sample: boolean) => {
    const server = await setup.start(env);
    try {
      if (sample) await feedDrained(setup.db);
      await setup.load(server, 2, connections);
      if (!sample) return await setup.load(server, seconds, connections);
      return await measureLag(server, lags, () => setup.load(server, seconds, connections));
    } finally {
      await stopServer(server);
    }
  };
  try {
    const comparison = await alternate({
      rounds,
      figure: () => measured({}, true),
      reference: () => measured({ BENCH_WITHOUT_STAKE_GATE: '1', BENCH_WITHOUT_FEED: '1' }, false),
      onRound,
    });
    return {
      ...comparison,
      feedLag: {
        p50: lagQuantile(lags, 0.5),
        p99: lagQuantile(lags, 0.99),
        max: lagQuantile(lags, 1),
        samples: lags.get(Number.POSITIVE_INFINITY) ?? 0,
      },
      failed: setup.failed(),
      invariantsOk: (await checkLedger(setup.db)).ok,
    };
  } finally {
    await setup.fresh.drop();
  }
}

/**
 * Responsible gaming's cost: the same server (stake gate and jobs on, the loss limits' feed consumer
 * among them) with every player under a loss and a wager limit of each period (set high enough never
 * to refuse: the gate still checks and reserves all six counters), against the same players with no
 * limit row, alternating on one server and one database.
 */
export async function seamlessLimits({
  seconds,
  rounds,
  connections,
  onRound,
}: Omit<DatabaseFigureOptions, 'reference'>): Promise<Comparison | undefined> {
  const setup = await seamlessSetup();
  if (!setup) return undefined;
  const server = await setup.start({});
  const high = 1_000_000_000_000;
  const limits = (on: boolean) =>
    on
      ? setup.db.execute(sql`insert into stake_limits (member_id, wager_day_limit, wager_week_limit, wager_month_limit,
                               loss_day_limit, loss_week_limit, loss_month_limit)
                             select id, ${high}, ${high}, ${high}, ${high}, ${high}, ${high} from members where account like 'bench%'
                             on conflict (member_id) do nothing`)
      : setup.db.execute(sql`delete from stake_limits`);
  try {
    await setup.load(server, 2, connections);
    const comparison = await alternate({
      rounds,
      figure: async () => {
        await limits(true);
        return setup.load(server, seconds, connections);
      },
      reference: async () => {
        await limits(false);
        return setup.load(server, seconds, connections);
      },
      onRound,
    });
    return { ...comparison, failed: setup.failed(), invariantsOk: (await checkLedger(setup.db)).ok };
  } finally {
    await stopServer(server);
    await setup.fresh.drop();
  }
}
