// Operators made straight in the database, and codes of their authenticator. Never imported by the application.
import { randomBytes } from 'node:crypto';
import type { OperatorRole } from '@platform/contract';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import type { AdminClient } from '../src/cli.ts';
import { merchants } from '../src/modules/merchants/merchants.tables.ts';
import { insertApiKey, insertOperator, insertSession } from '../src/modules/operators/operators.repository.ts';
import { operatorSessionLimits } from '../src/modules/operators/operators.service.ts';
import { operatorSessions } from '../src/modules/operators/operators.tables.ts';
import type { Db } from '../src/platform/db.ts';
import { sha256Hex } from '../src/platform/digest.ts';

export interface TestOperator {
  id: number;
  account: string;
  /** A personal API key of the operator, for `Authorization: Bearer`. */
  key: string;
  totpSecret: string;
}

/**
 * An operator already signed up (password changed, authenticator enrolled) with an API key: the
 * fastest way for a test to call admin routes as a given role and scope.
 */
export async function makeOperator(
  db: Db,
  opts: { account: string; role: OperatorRole; merchants?: 'all' | string[]; passwordHash?: string },
): Promise<TestOperator> {
  const scope = opts.merchants ?? 'all';
  const ids =
    scope === 'all' ? [] : (await db.select({ id: merchants.id }).from(merchants).where(inArray(merchants.code, scope))).map((m) => m.id);
  const totpSecret = new Secret({ size: 20 }).base32;
  const row = await insertOperator(db, {
    account: opts.account,
    name: opts.account,
    role: opts.role,
    allMerchants: scope === 'all',
    merchantIds: ids,
    passwordHash: opts.passwordHash ?? 'not-a-hash',
    mustChangePassword: false,
    totpSecret,
    totpEnabledAt: new Date(),
  });
  if (!row) throw new Error(`operator ${opts.account} exists`);
  const key = `opk_${randomBytes(32).toString('base64url')}`;
  await insertApiKey(db, { operatorId: row.id, name: 'test', prefix: key.slice(0, 10), keyHash: sha256Hex(key) });
  return { id: row.id, account: row.account, key, totpSecret };
}

/** The authenticator's code for `secret` at `at` (a later 30-second step: `at` = now + 30 s). */
export function totpCode(secret: string, at = Date.now()): string {
  return new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: at });
}

/** Makes a signed-in session look idle past the operators' idle timeout. */
export async function idleSessionForTest(db: Db, operatorId: number): Promise<void> {
  await db
    .update(operatorSessions)
    .set({ lastSeenAt: new Date(Date.now() - operatorSessionLimits.idleMs - 1000) })
    .where(eq(operatorSessions.operatorId, operatorId));
}

/**
 * The command line's admin client in process: requests go through `app.inject` with the API key of
 * an owner made on first use (account `cli`).
 */
export function cliClient(t: { app: FastifyInstance; database: { db: Db } }): AdminClient {
  let key: Promise<string> | undefined;
  return {
    async request(method, url, body) {
      key ??= makeOperator(t.database.db, { account: `cli-${randomBytes(3).toString('hex')}`, role: 'owner' }).then((o) => o.key);
      const res = await t.app.inject({ method, url, headers: { authorization: `Bearer ${await key}` }, payload: body as object });
      return { status: res.statusCode, body: res.json() };
    },
  };
}

/** A signed-in session of the operator (as if password and code were shown), for `Authorization: Bearer`. */
export async function sessionFor(db: Db, operatorId: number): Promise<string> {
  const token = `ops_${randomBytes(32).toString('base64url')}`;
  const now = new Date();
  await insertSession(db, {
    tokenHash: sha256Hex(token),
    operatorId,
    stage: 'done',
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + operatorSessionLimits.ttlMs),
  });
  return token;
}
