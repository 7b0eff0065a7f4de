// A third-party game provider, as a separate process, driving our seamless-wallet API the way real
// providers do on a bad day: duplicated calls, retries, requests cut off by timeouts, rollbacks that
// overtake their bets, many rounds at once. It keeps its own account of what each player should have
// and compares it with our balances at the end.
//
//   node --import tsx apps/server/src/simulator/provider-simulator.ts --url http://127.0.0.1:8080 \
//     --provider SIMULATOR --secret <secret> --players 12:token,13:token --rounds 200 --concurrency 8
//
// Prints one JSON report line; exits 1 when a balance differs from the simulator's account.
import { createHmac, randomInt } from 'node:crypto';
import { parseArgs } from 'node:util';

export interface SimulatorOptions {
  url: string;
  provider: string;
  secret: string;
  players: { playerId: string; token: string }[];
  currency: string;
  rounds: number;
  concurrency: number;
  gameCode: string;
}

export interface SimulatorReport {
  rounds: number;
  bets: number;
  refusedBets: number;
  wins: number;
  rollbacks: number;
  rollbacksFirst: number;
  timeouts: number;
  duplicates: number;
  retries: number;
  mismatches: { playerId: string; expected: number; actual: number }[];
}

interface Answer {
  status: number;
  body: { success: boolean; code?: string; value?: { balance?: number } } | undefined;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const chance = (percent: number) => randomInt(100) < percent;
const cents = (amount: number) => Math.round(amount * 100);

export async function runSimulator(o: SimulatorOptions): Promise<SimulatorReport> {
  const report: SimulatorReport = {
    rounds: 0,
    bets: 0,
    refusedBets: 0,
    wins: 0,
    rollbacks: 0,
    rollbacksFirst: 0,
    timeouts: 0,
    duplicates: 0,
    retries: 0,
    mismatches: [],
  };
  /** Cents each player should have gained or lost, by the answers we were given. */
  const expected = new Map<string, number>(o.players.map((p) => [p.playerId, 0]));
  const run = `${process.pid}-${Date.now()}`;

  /** One signed call; `timeoutMs` cuts it off like a provider whose patience ran out. */
  async function send(path: string, body: unknown, timeoutMs = 10_000): Promise<Answer | 'timeout'> {
    const raw = JSON.stringify(body);
    const signature = `sha256=${createHmac('sha256', o.secret).update(raw).digest('hex')}`;
    try {
      const res = await fetch(`${o.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-provider': o.provider, 'x-signature': signature },
        body: raw,
        signal: AbortSignal.timeout(timeoutMs),
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : undefined };
    } catch {
      return 'timeout';
    }
  }

  /** Wins and rollbacks are retried until they succeed, as providers do (with growing delays). */
  async function untilDone(path: string, body: unknown): Promise<Answer> {
    for (let attempt = 0; ; attempt++) {
      const answer = await send(path, body);
      if (answer !== 'timeout' && answer.status < 500) return answer;
      report.retries++;
      await sleep(Math.min(1000, 20 * 2 ** attempt));
    }
  }

  /** Sends a call, sometimes twice at once; both answers must agree. */
  async function maybeTwice(path: string, body: unknown): Promise<Answer> {
    if (!chance(20)) return untilDone(path, body);
    report.duplicates++;
    const [a, b] = await Promise.all([untilDone(path, body), untilDone(path, body)]);
    if (a.status === 200 && b.status === 200 && JSON.stringify(a.body) !== JSON.stringify(b.body)) {
      throw new Error(`a duplicated call got two answers: ${JSON.stringify(a.body)} / ${JSON.stringify(b.body)}`);
    }
    return a.status === 200 ? a : b;
  }

  async function rollback(playerId: string, roundId: string, betTransactionId: string): Promise<void> {
    const answer = await maybeTwice('/seamless/v1/rollback', {
      playerId,
      transactionId: `rb-${betTransactionId}`,
      betTransactionId,
      roundId,
      gameCode: o.gameCode,
    });
    if (answer.status !== 200) throw new Error(`rollback refused: ${JSON.stringify(answer.body)}`);
    report.rollbacks++;
  }

  async function round(n: number): Promise<void> {
    const player = o.players[n % o.players.length] as { playerId: string; token: string };
    const roundId = `sim-${run}-r${n}`;
    const betId = `sim-${run}-b${n}`;
    const stake = (1 + randomInt(500)) / 100;
    const bet = {
      playerId: player.playerId,
      token: player.token,
      transactionId: betId,
      roundId,
      gameCode: o.gameCode,
      amount: stake,
      currency: o.currency,
    };
    report.rounds++;

    // The rollback overtakes its bet: the bet, when it comes, must be refused.
    if (chance(10)) {
      report.rollbacksFirst++;
      await rollback(player.playerId, roundId, betId);
      const late = await send('/seamless/v1/bet', bet);
      if (late !== 'timeout' && late.status === 200) throw new Error('a bet arriving after its rollback was accepted');
      return;
    }

    // The bet times out on our side of the wire: we do not know if it landed, so we roll it back.
    if (chance(10)) {
      report.timeouts++;
      await send('/seamless/v1/bet', bet, 1 + randomInt(5));
      await rollback(player.playerId, roundId, betId);
      return;
    }

    const placed = await maybeTwice('/seamless/v1/bet', bet);
    report.bets++;
    if (placed.status !== 200) {
      report.refusedBets++;
      if (placed.body?.code !== 'APP_ERR_WALLET_INSUFFICIENT_FUNDS') throw new Error(`bet refused: ${JSON.stringify(placed.body)}`);
      return;
    }
    expected.set(player.playerId, (expected.get(player.playerId) ?? 0) - cents(stake));

    // Some rounds are abandoned by the game and refunded.
    if (chance(10)) {
      await rollback(player.playerId, roundId, betId);
      expected.set(player.playerId, (expected.get(player.playerId) ?? 0) + cents(stake));
      return;
    }

    const win = chance(40) ? Math.round(stake * (1 + randomInt(300) / 100) * 100) / 100 : 0;
    const paid = await maybeTwice('/seamless/v1/win', {
      playerId: player.playerId,
      transactionId: `sim-${run}-w${n}`,
      roundId,
      gameCode: o.gameCode,
      amount: win,
      currency: o.currency,
      roundClosed: true,
    });
    if (paid.status !== 200) throw new Error(`win refused: ${JSON.stringify(paid.body)}`);
    report.wins++;
    expected.set(player.playerId, (expected.get(player.playerId) ?? 0) + cents(win));
  }

  const before = new Map<string, number>();
  for (const p of o.players) before.set(p.playerId, await balance(p.playerId));

  let next = 0;
  await Promise.all(
    Array.from({ length: o.concurrency }, async () => {
      while (next < o.rounds) await round(next++);
    }),
  );

  for (const p of o.players) {
    const actual = await balance(p.playerId);
    const want = (before.get(p.playerId) ?? 0) + (expected.get(p.playerId) ?? 0);
    if (actual !== want) report.mismatches.push({ playerId: p.playerId, expected: want / 100, actual: actual / 100 });
  }
  return report;

  async function balance(playerId: string): Promise<number> {
    const answer = await untilDone('/seamless/v1/balance', { playerId });
    const value = answer.body?.value?.balance;
    if (typeof value !== 'number') throw new Error(`no balance: ${JSON.stringify(answer.body)}`);
    return cents(value);
  }
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop() ?? '')) {
  const { values } = parseArgs({
    options: {
      url: { type: 'string', default: 'http://127.0.0.1:8080' },
      provider: { type: 'string', default: 'SIMULATOR' },
      secret: { type: 'string', default: process.env.SIMULATOR_SECRET ?? '' },
      players: { type: 'string', default: '' },
      currency: { type: 'string', default: 'BRL' },
      rounds: { type: 'string', default: '200' },
      concurrency: { type: 'string', default: '8' },
      game: { type: 'string', default: 'sim-slot' },
    },
  });
  const players = (values.players ?? '')
    .split(',')
    .filter(Boolean)
    .map((pair) => {
      const [playerId = '', token = ''] = pair.split(':');
      return { playerId, token };
    });
  const report = await runSimulator({
    url: values.url ?? '',
    provider: values.provider ?? '',
    secret: values.secret ?? '',
    players,
    currency: values.currency ?? 'BRL',
    rounds: Number(values.rounds),
    concurrency: Number(values.concurrency),
    gameCode: values.game ?? 'sim-slot',
  });
  console.log(JSON.stringify(report));
  process.exit(report.mismatches.length === 0 ? 0 : 1);
}
