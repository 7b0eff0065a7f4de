import { randomBytes } from 'node:crypto';
import { loadAuthConfig } from '../modules/auth/auth.config.ts';
import { PasswordHasher } from '../modules/auth/passwords.ts';
import { countOperators, insertOperator, operatorByAccount } from '../modules/operators/operators.repository.ts';
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

/** The demo's maker of an adjustment request (decision 0047): a finance operator nobody signs in as. */
export const DEMO_MAKER = { account: 'demo.finance', name: 'Demo finance (seeded)' } as const;

/**
 * Seeds the demo maker, a finance operator of one merchant, disabled and with a random password that
 * is never shown, so the demo's pending adjustment request was asked by an operator other than the
 * owner, who can approve it. An owner who wants to act as them sets a new first password and enables
 * them. Returns the operator (the existing one when seeded before).
 */
export async function seedDemoMaker(db: Db, merchantId: number): Promise<{ id: number; account: string }> {
  const hasher = new PasswordHasher(loadAuthConfig().passwordHash);
  const row =
    (await insertOperator(db, {
      account: DEMO_MAKER.account,
      name: DEMO_MAKER.name,
      role: 'finance',
      merchantIds: [merchantId],
      passwordHash: await hasher.hash(randomBytes(24).toString('base64url')),
      mustChangePassword: true,
      disabledAt: new Date(),
    })) ?? (await operatorByAccount(db, DEMO_MAKER.account));
  if (!row) throw new Error('demo maker neither seeded nor found');
  return { id: row.id, account: row.account };
}
