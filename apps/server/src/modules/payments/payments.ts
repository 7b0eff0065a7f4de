import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../platform/config.ts';
import type { Db } from '../../platform/db.ts';
import { loadAuthConfig } from '../auth/auth.config.ts';
import { PasswordHasher } from '../auth/passwords.ts';
import { getOrCreateSecret } from '../auth/server-keys.ts';
import { type MessageSender, OutboxSender } from '../messaging/messaging.service.ts';
import { adjustmentsRoutes } from './adjustments.routes.ts';
import { adminRoutes } from './admin.routes.ts';
import { depositsRoutes } from './deposits.routes.ts';
import { ProviderRegistry } from './provider.ts';
import { SandboxProvider, type WebhookDelivery } from './sandbox.provider.ts';
import { sandboxRoutes } from './sandbox.routes.ts';
import type { WithdrawDeps } from './withdrawal-requests.service.ts';
import { withdrawalsRoutes } from './withdrawals.routes.ts';

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

/** What the payments routes and jobs share on a node: the providers and the money-out dependencies. */
export interface PaymentsWiring {
  sandbox: SandboxProvider;
  providers: ProviderRegistry;
  deps: WithdrawDeps;
}

/**
 * The payment providers of this app: the sandbox (when configured) delivering its webhooks through
 * the app's own router in-process, the same route, parser and checks as a remote call. Its pending
 * redeliveries stop when the app closes.
 */
export async function paymentsWiring(app: FastifyInstance, db: Db, config: Config, sender?: MessageSender): Promise<PaymentsWiring> {
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
    sender: sender ?? new OutboxSender(db),
    authConfig,
    payoutProvider: sandbox.code,
  };
  return { sandbox, providers, deps };
}

/** Deposits, withdrawals, the sandbox provider's pages and the operators' API with manual adjustments (the jobs are payments.jobs.ts). */
export const payments = fp(
  async (app: FastifyInstance, opts: { wiring: PaymentsWiring; config: Config }) => {
    const { sandbox, providers, deps } = opts.wiring;
    const { db } = deps;
    await app.register(depositsRoutes, { deps: { db, providers } });
    if (opts.config.paymentSandbox) await app.register(sandboxRoutes, { db, sandbox });
    await app.register(withdrawalsRoutes, { deps });
    await app.register(adminRoutes, { deps });
    await app.register(adjustmentsRoutes, { db });
  },
  { name: 'payments' },
);
