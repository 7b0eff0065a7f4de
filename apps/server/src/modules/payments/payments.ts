import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../platform/config.ts';
import type { Db } from '../../platform/db.ts';
import { every } from '../../platform/jobs.ts';
import { loadAuthConfig } from '../auth/auth.config.ts';
import { getOrCreateSecret } from '../auth/auth.repository.ts';
import { PasswordHasher } from '../auth/passwords.ts';
import { type MessageSender, OutboxSender } from '../messaging/messaging.service.ts';
import { adminRoutes } from './admin.routes.ts';
import { depositsRoutes } from './deposits.routes.ts';
import { reconcileOverdueDeposits } from './deposits.service.ts';
import { autoConfirmWithdrawals } from './payments.repository.ts';
import { ProviderRegistry } from './provider.ts';
import { SandboxProvider, type WebhookDelivery } from './sandbox.provider.ts';
import { sandboxRoutes } from './sandbox.routes.ts';
import { withdrawalsRoutes } from './withdrawals.routes.ts';
import { finishPayingWithdrawals, type WithdrawDeps } from './withdrawals.service.ts';

/** The sandbox provider with its HMAC key shared by every node through the database. */
export async function sandboxProvider(db: Db, config: Pick<Config, 'publicOrigin' | 'sandboxRedeliverMs'>, deliver?: WebhookDelivery) {
  const secret = await getOrCreateSecret(db, 'sandbox-payments-hmac', async () => randomBytes(32).toString('base64url'));
  return new SandboxProvider(db, secret, config.publicOrigin, deliver, config.sandboxRedeliverMs);
}

/** The money-out dependencies outside HTTP (the operator CLI uses the same services). */
export async function withdrawDeps(
  db: Db,
  config: Pick<Config, 'publicOrigin' | 'sandboxRedeliverMs'>,
  sender?: MessageSender,
): Promise<WithdrawDeps> {
  const authConfig = loadAuthConfig();
  const sandbox = await sandboxProvider(db, config);
  return {
    db,
    providers: new ProviderRegistry([sandbox]),
    hasher: new PasswordHasher(authConfig.passwordHash),
    sender: sender ?? new OutboxSender(db),
    authConfig,
    payoutProvider: sandbox.code,
  };
}

/**
 * Deposits, withdrawals, the sandbox provider's pages, the operators' API and the jobs that settle
 * what webhooks missed and count unconfirmed withdrawals as received.
 */
export const payments = fp(
  async (app: FastifyInstance, opts: { db: Db; config: Config; sender?: MessageSender }) => {
    const { db, config } = opts;
    // The sandbox "calls" our webhook through the router in-process: the same route, parser and checks as a remote call.
    const deliver: WebhookDelivery = async (path, body, headers) => {
      await app.inject({ method: 'POST', url: path, payload: body, headers });
    };
    const sandbox = await sandboxProvider(db, config, deliver);
    app.addHook('onClose', async () => sandbox.close());
    // Without the sandbox no provider is configured yet: deposits answer 502 until a real one is added.
    const providers = new ProviderRegistry(config.paymentSandbox ? [sandbox] : []);
    const authConfig = loadAuthConfig();
    const deps: WithdrawDeps = {
      db,
      providers,
      hasher: new PasswordHasher(authConfig.passwordHash),
      sender: opts.sender ?? new OutboxSender(db),
      authConfig,
      payoutProvider: sandbox.code,
    };
    await app.register(depositsRoutes, { deps: { db, providers } });
    if (config.paymentSandbox) await app.register(sandboxRoutes, { db, sandbox });
    await app.register(withdrawalsRoutes, { deps });
    await app.register(adminRoutes, { deps, operatorTokens: config.operatorTokens });
    if (config.jobs) {
      every(app, 'reconcile-deposits', 30_000, () => reconcileOverdueDeposits({ db, providers }));
      every(app, 'auto-confirm-withdrawals', 60_000, () => autoConfirmWithdrawals(db, new Date()));
      every(app, 'finish-paying-withdrawals', 60_000, () => finishPayingWithdrawals(deps), { atStart: true });
    }
  },
  { name: 'payments' },
);
