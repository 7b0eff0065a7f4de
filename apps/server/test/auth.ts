// Helpers for the tests of accounts: they answer the bot check and the captcha the way a person
// would, and read codes from the outbox. Never imported by the application.
import type { verify as argon2Verify } from '@node-rs/argon2';
import { solveChallenge } from 'altcha-lib/v1';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { MockedFunction } from 'vitest';
import { setCaptchaAnswerForTest } from '../src/modules/auth/auth.repository.ts';
import { captchaAnswerHash } from '../src/modules/auth/bot-check.ts';
import { outbox } from '../src/modules/messaging/messaging.tables.ts';
import type { Db } from '../src/platform/db.ts';

export type Headers = Record<string, string>;

/** Solves a fresh ALTCHA challenge of the server, as the browser widget does. */
export async function solveAltcha(app: FastifyInstance, headers: Headers = {}): Promise<string> {
  const challenge = (await app.inject({ method: 'GET', url: '/wps/altcha/challenge', headers })).json().value;
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
  if (!solution) throw new Error('challenge not solved');
  const payload = {
    algorithm: challenge.algorithm,
    challenge: challenge.challenge,
    number: solution.number,
    salt: challenge.salt,
    signature: challenge.signature,
  };
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

/** Fetches a captcha and gives it the answer 'TEST' in the database (the image cannot be read by a test). */
export async function captchaAnswered(
  app: FastifyInstance,
  db: Db,
  headers: Headers = {},
): Promise<{ captchaId: string; captcha: string }> {
  const { captchaId } = (await app.inject({ method: 'GET', url: '/wps/captcha', headers, remoteAddress: freshIp() })).json().value;
  await setCaptchaAnswerForTest(db, captchaId, captchaAnswerHash('TEST'));
  return { captchaId, captcha: 'test' };
}

/** The 6-digit code of the latest message to a number or address. */
export async function lastCode(db: Db, to: string): Promise<string> {
  const [row] = await db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, to)))
    .orderBy(desc(outbox.id))
    .limit(1);
  const code = row?.body.match(/\b\d{6}\b/)?.[0];
  if (!code) throw new Error(`no code sent to ${to}`);
  return code;
}

/** The body of the latest message to a number or address ('' when none). */
export async function lastMessage(db: Db, to: string): Promise<string> {
  const [row] = await db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.id)).limit(1);
  return row?.body ?? '';
}

export async function outboxCount(db: Db, to: string): Promise<number> {
  return (await db.select().from(outbox).where(eq(outbox.to, to))).length;
}

/** Logs in by username and password with a solved bot check; returns the raw response. */
export async function loginRequest(
  app: FastifyInstance,
  body: Record<string, unknown>,
  opts: { headers?: Headers; remoteAddress?: string; altcha?: string } = {},
) {
  const altcha = opts.altcha ?? (await solveAltcha(app, opts.headers));
  return app.inject({
    method: 'POST',
    url: '/wps/session/login',
    headers: opts.headers,
    remoteAddress: opts.remoteAddress,
    payload: { type: 'username', altcha, ...body },
  });
}

/** A session token of an account (the login must succeed). */
export async function tokenOf(app: FastifyInstance, username: string, password: string, headers: Headers = {}): Promise<string> {
  const res = await loginRequest(app, { username, password }, { headers });
  if (res.statusCode !== 200) throw new Error(`login of ${username} failed: ${res.body}`);
  return res.json().value.token;
}

/** Sends an SMS code through the API (from its own IP, so the per-IP throttle never interferes) and returns it. */
let nextIp = 1;
export async function smsCode(
  app: FastifyInstance,
  db: Db,
  url: string,
  countryDialingCode: string,
  mobileNum: string,
  opts: { headers?: Headers; token?: string } = {},
): Promise<string> {
  const headers = { ...opts.headers, ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}) };
  const altcha = url.endsWith('/bind') ? undefined : await solveAltcha(app, opts.headers);
  const res = await app.inject({
    method: 'POST',
    url,
    headers,
    remoteAddress: freshIp(),
    payload: { countryDialingCode, mobileNum, altcha },
  });
  if (res.statusCode !== 200) throw new Error(`sms code failed: ${res.body}`);
  return lastCode(db, `${countryDialingCode}${mobileNum.replace(/^0+/, '')}`);
}

/** A test-only client address, different each call. */
export function freshIp(): string {
  nextIp++;
  return `10.9.${Math.floor(nextIp / 250)}.${(nextIp % 250) + 1}`;
}

/**
 * Holds every argon2id verification of a password starting with `prefix` until `open()`, and resolves
 * `entered(n)` once n of them are waiting: a test can then act while exactly those are in flight. The
 * test file spies on `verify` (vi.mock of @node-rs/argon2) and passes the spy and the real function.
 */
export function holdVerifications(
  spy: MockedFunction<typeof argon2Verify>,
  realVerify: typeof argon2Verify,
  prefix: string,
): { open: () => void; entered: (n: number) => Promise<void> } {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  const waiters: { n: number; resolve: () => void }[] = [];
  let inside = 0;
  spy.mockImplementation(async (hash, password, ...rest) => {
    if (String(password).startsWith(prefix)) {
      inside++;
      for (const w of waiters) if (w.n === inside) w.resolve();
      await gate;
    }
    return realVerify(hash, password, ...rest);
  });
  return {
    open,
    entered: (n: number) => new Promise<void>((resolve) => (inside >= n ? resolve() : waiters.push({ n, resolve }))),
  };
}
