// Seamless-wallet bet + win pairs per second and p99, through HTTP against the built server on a
// fresh PostgreSQL database, with signed calls as a provider sends them. Prints one JSON line for
// scripts/bench.mjs (nothing when PostgreSQL is not reachable).
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { insertMember } from '../apps/server/src/modules/members/members.repository.ts';
import { listMerchants } from '../apps/server/src/modules/merchants/merchants.repository.ts';
import { insertProvider } from '../apps/server/src/modules/seamless/seamless.repository.ts';
import { openGameSession, signSeamless } from '../apps/server/src/modules/seamless/seamless.service.ts';
import { checkLedger, houseAccount, memberAccount, post } from '../apps/server/src/modules/wallet/ledger.service.ts';
import { forkServer, serverFlags } from '../scripts/lib.mjs';
import { freshDatabase } from './fresh-database.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const players = 1000;
const SECRET = randomBytes(32).toString('hex');

const fresh = await freshDatabase('bench_seamless');
if (!fresh) process.exit(0);
const { database, url } = fresh;
const db = database.db;
const merchant = (await listMerchants(db)).find((m) => m.code === 'BRAZIL');
if (!merchant) throw new Error('no merchant');
await insertProvider(db, { code: 'BENCHPROV', vendorCode: 'INHOUSE', secret: SECRET });
const cashIn = await houseAccount(db, merchant.id, 'cash_in', merchant.currency);
const sessions: { playerId: string; token: string }[] = [];
for (let i = 0; i < players; i++) {
  const member = await insertMember(db, { merchantId: merchant.id, account: `bench${i}`, language: 'EN' });
  const main = await memberAccount(db, merchant.id, member.id, 'main', merchant.currency);
  await post(db, {
    merchantId: merchant.id,
    type: 'deposit',
    postings: [
      { accountId: cashIn, amount: -100_000_000 },
      { accountId: main, amount: 100_000_000 },
    ],
  });
  const { token } = await openGameSession(db, member, 'INHOUSE', 'jungle-gems');
  sessions.push({ playerId: String(member.id), token });
}

const port = 18083;
const server = await forkServer(
  {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: url,
    LOG_LEVEL: 'warn',
    DB_POOL_SIZE: '20',
  },
  { execArgv: [...serverFlags, ...(process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [])] },
);

type Call = { body: string; headers: Record<string, string> };
const signed = (payload: unknown): Call => {
  const body = JSON.stringify(payload);
  return { body, headers: { 'content-type': 'application/json', 'x-provider': 'BENCHPROV', 'x-signature': signSeamless(SECRET, body) } };
};
let seq = 0;
/** A round as a provider plays it: a bet, then its win (half of them zero), each body signed. */
function round(): { bet: Call; win: Call } {
  const n = seq++;
  const s = sessions[n % players] as { playerId: string; token: string };
  const common = { playerId: s.playerId, roundId: `r${n}`, gameCode: 'jungle-gems', currency: merchant?.currency };
  return {
    bet: signed({ ...common, token: s.token, transactionId: `b${n}`, amount: 1 }),
    win: signed({ ...common, transactionId: `wr${n}`, amount: n % 2 === 0 ? 1.9 : 0 }),
  };
}
/**
 * Rounds signed before a run (more than the run can use; it signs more if it ever runs out): the
 * load generator shares this machine's cores with the server and the database, so in the timed
 * window it only sends and reads.
 */
const ready: ReturnType<typeof round>[] = [];
const run = (duration: number) => {
  ready.length = 0;
  for (let i = 0; i < duration * 3_000; i++) ready.push(round());
  ready.reverse();
  return autocannon({
    url: `http://127.0.0.1:${port}`,
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
};
// A warm-up first, as for every figure: each player's first call looks up what later calls find cached.
const warmUp = await run(3);
// Three runs, the median reported: this machine's speed swings from one minute to the next.
const runs: Awaited<ReturnType<typeof run>>[] = [];
for (let i = 0; i < Number(process.env.BENCH_SEAMLESS_RUNS ?? 3); i++) runs.push(await run(seconds));
const byThroughput = [...runs].sort((a, b) => a.requests.average - b.requests.average);
const result = byThroughput[Math.floor(byThroughput.length / 2)] as (typeof runs)[number];
// How many calls each statement carried on average (the group writer's counts, over every run).
const writes = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
const count = (name: string) => Number(new RegExp(`seamless_writes\\{count="${name}"\\} (\\d+)`).exec(writes)?.[1] ?? 0);
server.kill('SIGTERM');
await new Promise((r) => server.once('exit', r));
const invariants = await checkLedger(db);
await fresh.drop();

const failed = [warmUp, ...runs].reduce((n, r) => n + r.non2xx + r.errors, 0);
console.log(
  JSON.stringify({
    scenario: 'seamless',
    pairsPerSecond: result.requests.average / 2,
    p99: result.latency.p99,
    runs: runs.map((r) => ({ pairsPerSecond: r.requests.average / 2, p99: r.latency.p99 })),
    callsPerStatement: count('items') / Math.max(1, count('batches')),
    failed,
    invariantsOk: invariants.ok,
  }),
);
