import { randomBytes } from 'node:crypto';
import { loadAuthConfig } from '../modules/auth/auth.config.ts';
import { PasswordHasher } from '../modules/auth/passwords.ts';
import { countOperators, insertOperator } from '../modules/operators/operators.repository.ts';
import { loadConfig } from '../platform/config.ts';
import type { Db } from '../platform/db.ts';

/** The first owner's account and, outside production, first password (README: "Operators"). */
export const FIRST_OWNER = { account: 'owner', password: 'change-me-at-first-sign-in' } as const;

/**
 * Seeds the first owner into a database without any operator: every merchant, a first password that
 * the first sign-in must change, and no authenticator yet (enrolled at that sign-in). The password is
 * OPERATOR_OWNER_PASSWORD when set; else the documented one, except in production, where a random one
 * is made and printed once (a documented password on a public server could be used before its owner).
 */
export async function seedFirstOwner(db: Db, env: NodeJS.ProcessEnv = process.env): Promise<boolean> {
  if ((await countOperators(db)) > 0) return false;
  const production = loadConfig(env).mode === 'production';
  const given = env.OPERATOR_OWNER_PASSWORD;
  const password = given || (production ? randomBytes(12).toString('base64url') : FIRST_OWNER.password);
  const hasher = new PasswordHasher(loadAuthConfig(env).passwordHash);
  const row = await insertOperator(db, {
    account: FIRST_OWNER.account,
    name: 'Owner',
    role: 'owner',
    allMerchants: true,
    passwordHash: await hasher.hash(password),
    mustChangePassword: true,
  });
  if (row && production && !given) {
    console.warn(`first back-office owner seeded: sign in as "${FIRST_OWNER.account}" with "${password}" (it must be changed at once)`);
  }
  return row !== undefined;
}
