// Password logins through HTTP beside the raw argon2id rate of this machine at the server's own
// parameters (the server's PasswordHasher and auth config), in alternating rounds: what login costs
// besides the hash is the gap between the two.
import { availableParallelism } from 'node:os';
import { setTimeout as delay } from 'node:timers/promises';
import { solveChallenge } from 'altcha-lib/v1';
import autocannon from 'autocannon';
import { loadAuthConfig } from '../apps/server/src/modules/auth/auth.config.ts';
import { PasswordHasher } from '../apps/server/src/modules/auth/passwords.ts';
import { insertMember } from '../apps/server/src/modules/members/members.repository.ts';
import { listMerchants } from '../apps/server/src/modules/merchants/merchants.repository.ts';
import { openDatabase } from '../apps/server/src/platform/db.ts';
import type { Comparison, Measure } from './figure.ts';
import { alternate } from './harness.mjs';

/** One solved ALTCHA payload of the server at `base` (each serves one login). */
export async function solvedChallenge(base: string): Promise<string> {
  const c = (await (await fetch(`${base}/wps/altcha/challenge`)).json()).value;
  const solution = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
  const payload = { algorithm: c.algorithm, challenge: c.challenge, number: solution?.number, salt: c.salt, signature: c.signature };
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

/** argon2id verifications per second for `seconds`, as many at once as the server's thread pool runs. */
async function rawArgon2(hasher: PasswordHasher, stored: string, seconds: number): Promise<Measure> {
  const end = performance.now() + seconds * 1000;
  let count = 0;
  const worker = async () => {
    while (performance.now() < end) {
      if (!(await hasher.verify(stored, 'Demo1234'))) throw new Error('argon2id verify failed');
      count++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: Math.max(availableParallelism(), Number(process.env.UV_THREADPOOL_SIZE ?? 4)) }, worker));
  return { value: count / ((performance.now() - started) / 1000) };
}

const players = 200;

/**
 * Logins per second of `players` players, each from its own address (the server trusts the bench's
 * X-Forwarded-For: a burst from one address or on one account is asked for a captcha, as it should
 * be), each with its own solved bot check (solved before the round for several times the logins the
 * round can make at the raw argon2id rate), beside raw argon2id, `rounds` of each. The players are
 * added to the server's PostgreSQL database at `databaseUrl`.
 */
export async function loginFigure(
  base: string,
  databaseUrl: string,
  { seconds, rounds, connections, onRound }: { seconds: number; rounds: number; connections: number; onRound?: (...a: unknown[]) => void },
): Promise<Comparison> {
  const { passwordHash } = loadAuthConfig({});
  const hasher = new PasswordHasher(passwordHash);
  const stored = await hasher.hash('Demo1234');
  const database = await openDatabase({ url: databaseUrl, dataDir: '' });
  try {
    const merchant = (await listMerchants(database.db)).find((m) => m.code === 'BRAZIL');
    if (!merchant) throw new Error('no merchant');
    for (let i = 0; i < players; i++) {
      await insertMember(database.db, {
        merchantId: merchant.id,
        account: `loginbench${i}`,
        language: 'EN',
        passwordHash: stored,
        passwordChangedAt: new Date(),
      });
    }
  } finally {
    await database.close();
  }
  let expected = (await rawArgon2(hasher, stored, 1)).value;
  const logins = async (): Promise<Measure> => {
    const payloads: string[] = [];
    let short = 0;
    let refusal = '';
    const wanted = Math.ceil(expected * seconds * 4) + 100;
    while (payloads.length < wanted) payloads.push(...(await Promise.all(Array.from({ length: 20 }, () => solvedChallenge(base)))));
    let next = 0;
    const r = await autocannon({
      url: base,
      connections,
      duration: seconds,
      requests: [
        {
          method: 'POST',
          path: '/wps/session/login',
          setupRequest: (req: Record<string, unknown>) => {
            const n = next++;
            const altcha = payloads[n];
            if (!altcha) short++;
            const player = n % players;
            return {
              ...req,
              headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.77.${player >> 8}.${player & 255}` },
              body: JSON.stringify({ type: 'username', username: `loginbench${player}`, password: 'Demo1234', altcha }),
            };
          },
          onResponse: (status: number, body: string) => {
            if (status >= 300 && !refusal) refusal = `${status} ${body.slice(0, 300)}`;
          },
        },
      ],
    });
    if (r.non2xx > 0 || r.errors > 0) throw new Error(`login: ${r.non2xx} non-2xx (first: ${refusal}), ${r.errors} errors`);
    if (short > 0) throw new Error(`login: ${short} of ${r.requests.total} logins had no solved challenge left`);
    expected = Math.max(expected, r.requests.average);
    // Logins the load generator left in flight still hash on the server's pool: let them end before
    // the raw round, or they would be charged to it.
    await delay(Math.min(5_000, (connections / Math.max(1, r.requests.average)) * 1000));
    return { value: r.requests.average, p99: r.latency.p99 };
  };
  return {
    ...(await alternate({ rounds, figure: logins, reference: () => rawArgon2(hasher, stored, seconds), onRound })),
    parameters: { ...passwordHash, parallelism: 1 },
  };
}
