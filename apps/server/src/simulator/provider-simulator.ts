// A third-party game provider, as a separate process, driving our seamless-wallet API the way real
// providers do on a bad day: duplicated calls, retries, requests cut off by timeouts, rollbacks that
// overtake their bets, many rounds at once, and wins the wallet must refuse (after their bet was rolled
// back, on a round that never had a bet, racing a rollback). It keeps its own account of what each
// player should have and compares it with our balances at the end.
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
  /** Starts no more rounds once set (a chaos test runs the simulator for as long as its load lasts). */
  stop?: { now: boolean };
}

export interface SimulatorReport {
  rounds: number;
  bets: number;
  refusedBets: number;
  wins: number;
  rollbacks: number;
  rollbacksFirst: number;
  timeouts: number;
  /** Wins refused because their round had no live stake (no bet, or its bet rolled back). */
  refusedWins: number;
  /** Rollbacks of such refused wins, refused too. */
  refusedWinRollbacks: number;
  /** Rounds whose win and rollback were sent at once: a win of money and a refund never both go through. */
  races: number;
  duplicates: number;
  retries: number;
  mismatches: { playerId: string; expected: number; actual: number }[];
  /** Per round whose bet the wallet took: the stake still live and the wins answered 200, in cents, by the answers. */
  outcomes: Record<string, { playerId: string; stake: number; win: number }>;
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
    refusedWins: 0,
    refusedWinRollbacks: 0,
    races: 0,
    duplicates: 0,
    retries: 0,
    mismatches: [],
    outcomes: {},
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

  const winBody = (playerId: string, transactionId: string, roundId: string, amount: number) => ({
    playerId,
    transactionId,
    roundId,
    gameCode: o.gameCode,
    amount,
    currency: o.currency,
    roundClosed: true,
  });
  const refused = (answer: Answer, code: string) => answer.status !== 200 && answer.body?.code === code;

  /**
   * A win its round cannot owe: no bet of the round reached the wallet, or its bet was rolled back (the
   * provider timed out, rolled back, and still sent the win). It must be refused, and so must a
   * rollback of that win; nothing moves.
   */
  async function winWithoutStake(playerId: string, roundId: string, transactionId: string): Promise<void> {
    const win = winBody(playerId, transactionId, roundId, (1 + randomInt(500)) / 100);
    const answer = await maybeTwice('/seamless/v1/win', win);
    if (!refused(answer, 'APP_ERR_SEAMLESS_TRANSACTION_UNKNOWN')) {
      throw new Error(`a win without a live stake was not refused: ${JSON.stringify(answer.body)}`);
    }
    report.refusedWins++;
    // Providers retry wins: the repeat gets the same refusal.
    const again = await untilDone('/seamless/v1/win', win);
    if (JSON.stringify(again.body) !== JSON.stringify(answer.body))
      throw new Error(`a repeated refused win answered ${JSON.stringify(again.body)}`);
    if (chance(50)) {
      const undo = await maybeTwice('/seamless/v1/rollback', {
        playerId,
        transactionId: `rb-${transactionId}`,
        betTransactionId: transactionId,
        roundId,
        gameCode: o.gameCode,
      });
      if (!refused(undo, 'APP_ERR_SEAMLESS_TRANSACTION_UNKNOWN')) {
        throw new Error(`the rollback of a refused win was not refused: ${JSON.stringify(undo.body)}`);
      }
      report.refusedWinRollbacks++;
    }
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

    // A win for a round that never had a bet.
    if (chance(4)) {
      await winWithoutStake(player.playerId, roundId, `sim-${run}-w${n}`);
      return;
    }

    // The bet times out on our side of the wire: we do not know if it landed, so we roll it back; half
    // the time the game server sends the round's win all the same.
    if (chance(10)) {
      report.timeouts++;
      await send('/seamless/v1/bet', bet, 1 + randomInt(5));
      await rollback(player.playerId, roundId, betId);
      if (chance(50)) await winWithoutStake(player.playerId, roundId, `sim-${run}-w${n}`);
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
    const outcome = { playerId: player.playerId, stake: cents(stake), win: 0 };
    report.outcomes[roundId] = outcome;

    // Some rounds are abandoned by the game and refunded; a third of them get their win all the same.
    if (chance(10)) {
      await rollback(player.playerId, roundId, betId);
      expected.set(player.playerId, (expected.get(player.playerId) ?? 0) + cents(stake));
      outcome.stake = 0;
      if (chance(33)) await winWithoutStake(player.playerId, roundId, `sim-${run}-w${n}`);
      return;
    }

    const win = chance(40) ? Math.round(stake * (1 + randomInt(300) / 100) * 100) / 100 : 0;
    const winCall = winBody(player.playerId, `sim-${run}-w${n}`, roundId, win);

    // The win and a rollback of the bet sent at once (the game gave up on the round while it paid).
    if (chance(8)) {
      report.races++;
      const [paid, undone] = await Promise.all([
        untilDone('/seamless/v1/win', winCall),
        untilDone('/seamless/v1/rollback', {
          playerId: player.playerId,
          transactionId: `rb-${betId}`,
          betTransactionId: betId,
          roundId,
          gameCode: o.gameCode,
        }),
      ]);
      // A zero win settles nothing, so its bet may still be refunded; a win of money and a refund never both pass.
      const bothPass = paid.status === 200 && undone.status === 200;
      const oneRefused =
        (paid.status === 200 && refused(undone, 'APP_ERR_SEAMLESS_BET_SETTLED')) ||
        (undone.status === 200 && refused(paid, 'APP_ERR_SEAMLESS_TRANSACTION_UNKNOWN'));
      if (!(oneRefused || (bothPass && win === 0))) {
        throw new Error(`a win and a rollback racing answered ${JSON.stringify(paid.body)} / ${JSON.stringify(undone.body)}`);
      }
      if (paid.status === 200) {
        report.wins++;
        expected.set(player.playerId, (expected.get(player.playerId) ?? 0) + cents(win));
        outcome.win += cents(win);
      } else report.refusedWins++;
      if (undone.status === 200) {
        report.rollbacks++;
        expected.set(player.playerId, (expected.get(player.playerId) ?? 0) + cents(stake));
        outcome.stake = 0;
      }
      return;
    }

    const paid = await maybeTwice('/seamless/v1/win', winCall);
    if (paid.status !== 200) throw new Error(`win refused: ${JSON.stringify(paid.body)}`);
    report.wins++;
    expected.set(player.playerId, (expected.get(player.playerId) ?? 0) + cents(win));
    outcome.win += cents(win);
  }

  const before = new Map<string, number>();
  for (const p of o.players) before.set(p.playerId, await balance(p.playerId));

  let next = 0;
  await Promise.all(
    Array.from({ length: o.concurrency }, async () => {
      while (next < o.rounds && !o.stop?.now) await round(next++);
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
