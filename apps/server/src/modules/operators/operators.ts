import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { operatorGuard } from './operators.guard.ts';
import { operatorsRoutes } from './operators.routes.ts';
import type { OperatorDeps } from './operators.service.ts';
import { platformAdminRoutes } from './platform-admin.routes.ts';

/**
 * The operators module: the guard every admin route passes (`app.requireOperator`, decorated on the
 * root so other modules' admin routes use it), the sign-in, operator accounts and API keys, and the
 * platform settings the CLI calls. Register it before any module with admin routes.
 */
export const operators = fp(
  async (app: FastifyInstance, deps: OperatorDeps) => {
    await app.register(operatorGuard, { db: deps.db, directory: deps.directory });
    await app.register(operatorsRoutes, deps);
    await app.register(platformAdminRoutes, { db: deps.db, directory: deps.directory });
  },
  { name: 'operators' },
);
