import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../platform/db.ts';
import { membersRoutes } from '../members/members.routes.ts';
import { devOutboxRoutes } from '../messaging/messaging.routes.ts';
import { type MessageSender, OutboxSender } from '../messaging/messaging.service.ts';
import type { AuthDeps } from './account-rules.ts';
import { loadAuthConfig } from './auth.config.ts';
import { authRoutes } from './auth.routes.ts';
import { PasswordHasher } from './passwords.ts';
import { loadServerKeys } from './server-keys.ts';
import { memberSessions } from './sessions.ts';

/**
 * Accounts and sessions: the session hook (request.member on routes with `auth`), login,
 * registration, codes, passwords, the member's own routes and, when `outbox` is on (development and
 * demo modes), the page that shows every SMS and e-mail sent.
 */
export const accounts = fp(
  async (app: FastifyInstance, opts: { db: Db; outbox: boolean; env?: NodeJS.ProcessEnv; sender?: MessageSender }) => {
    const env = opts.env ?? process.env;
    const config = loadAuthConfig(env);
    const deps: AuthDeps = {
      db: opts.db,
      config,
      keys: await loadServerKeys(opts.db),
      hasher: new PasswordHasher(config.passwordHash),
      sender: opts.sender ?? new OutboxSender(opts.db),
    };
    await app.register(memberSessions, { db: opts.db, config });
    await app.register(authRoutes, { deps });
    await app.register(membersRoutes, { db: opts.db });
    if (opts.outbox) await app.register(devOutboxRoutes, { db: opts.db });
  },
  { name: 'accounts' },
);
