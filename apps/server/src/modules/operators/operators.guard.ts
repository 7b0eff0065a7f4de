import { adminPaths, type SignInStep } from '@platform/contract';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { MerchantDirectory } from '../merchants/merchants.service.ts';
import { type Action, interactiveOnly } from './operators.permissions.ts';
import { type ActingOperator, inScope, may, resolveOperator } from './operators.service.ts';

/**
 * The merchant an admin request acts on, as the route reads it from the request:
 * - `{ code }`: a merchant named by code (query, path);
 * - `{ id }`: the merchant of the resource the request names (null when it does not exist);
 * - `'platform'`: the action reaches every merchant (an official lottery result, the ledger check),
 *   so only an operator of every merchant may take it;
 * - `'any'`: no merchant is named; the route narrows what it shows to the operator's scope.
 */
export type MerchantTarget = { code: string } | { id: number | null } | 'platform' | 'any';
export type MerchantOf = (request: FastifyRequest) => MerchantTarget | Promise<MerchantTarget>;

export type RequireOperator = (action: Action | null, merchant?: MerchantOf) => preHandlerAsyncHookHandler;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The one access step of every admin route: resolves the operator (a signed-in session or an API
     * key), checks the permissions table for `action` (null: any signed-in operator) and the merchant
     * scope, and sets `request.operator`. 401 without a credential, 403 otherwise.
     */
    requireOperator: RequireOperator;
    /** For the sign-in's own steps: a session whose stage is one of `steps`. */
    requireSignInStep: (steps: readonly SignInStep[]) => preHandlerAsyncHookHandler;
  }
  interface FastifyRequest {
    operator: ActingOperator | null;
  }
}

function bearer(request: FastifyRequest): string | undefined {
  const m = /^Bearer\s+(op[sk]_[A-Za-z0-9_-]{40,60})$/i.exec(request.headers.authorization?.trim() ?? '');
  return m?.[1];
}

/** Whether the operator may act on the merchant the request names; an unknown merchant is outside every limited scope. */
async function merchantAllowed(directory: MerchantDirectory, op: ActingOperator, target: MerchantTarget): Promise<boolean> {
  if (target === 'any') return true;
  if (target === 'platform') return op.allMerchants;
  if ('id' in target) return inScope(op, target.id);
  const merchant = (await directory.list()).find((m) => m.code === target.code.toUpperCase());
  return inScope(op, merchant?.id ?? null);
}

const guarded = new WeakSet<object>();
const credentials = new WeakMap<FastifyRequest, ActingOperator>();

/** The credential of an admin request, read once by the onRequest hook. */
function credentialOf(request: FastifyRequest): ActingOperator {
  const op = credentials.get(request);
  if (!op) throw new AppError('APP_ERR_OPERATOR_UNAUTHORIZED');
  return op;
}

/**
 * Every API route under /admin/v1/ but the sign-in's password step needs an operator's credential: read in
 * onRequest (a call without one is refused 401 before its body is read), then checked by the
 * route's own `requireOperator` or `requireSignInStep`. A route under /admin/v1/ without one of those
 * stops the server at start, so no admin route can be left open by mistake.
 */
export const operatorGuard = fp(
  async (app: FastifyInstance, opts: { db: Db; directory: MerchantDirectory }) => {
    const open = new Set<string>([adminPaths.login]);
    const isAdmin = (url: string | undefined): url is string => url?.startsWith('/admin/v1/') === true && !open.has(url);
    app.decorateRequest('operator', null);
    app.addHook('onRoute', (route) => {
      if (!isAdmin(route.url)) return;
      const handlers = [route.preHandler].flat().filter(Boolean);
      if (!handlers.some((h) => guarded.has(h as object))) {
        throw new Error(`${route.method} ${route.url} is an admin route without requireOperator`);
      }
    });
    app.addHook('onRequest', async (request) => {
      if (!isAdmin(request.routeOptions.url)) return;
      const token = bearer(request);
      const op = token ? await resolveOperator(opts.db, token) : undefined;
      if (!op) throw new AppError('APP_ERR_OPERATOR_UNAUTHORIZED');
      credentials.set(request, op);
    });
    const requireOperator: RequireOperator = (action, merchantOf) => {
      const step: preHandlerAsyncHookHandler = async (request) => {
        const op = credentialOf(request);
        if (op.session && op.session.stage !== 'done') throw new AppError('APP_ERR_OPERATOR_STEP_REQUIRED');
        if (action && !may(op, action)) throw new AppError('APP_ERR_OPERATOR_FORBIDDEN');
        if (action && interactiveOnly.has(action) && op.via !== 'session') throw new AppError('APP_ERR_OPERATOR_FORBIDDEN');
        if (!(await merchantAllowed(opts.directory, op, merchantOf ? await merchantOf(request) : 'any'))) {
          throw new AppError('APP_ERR_OPERATOR_FORBIDDEN');
        }
        request.operator = op;
      };
      guarded.add(step);
      return step;
    };
    app.decorate('requireOperator', requireOperator);
    app.decorate('requireSignInStep', (steps: readonly SignInStep[]) => {
      const step: preHandlerAsyncHookHandler = async (request) => {
        const op = credentialOf(request);
        if (!op.session) throw new AppError('APP_ERR_OPERATOR_FORBIDDEN');
        if (!steps.includes(op.session.stage as SignInStep)) throw new AppError('APP_ERR_OPERATOR_STEP_REQUIRED');
        request.operator = op;
      };
      guarded.add(step);
      return step;
    });
  },
  { name: 'operator-guard' },
);

/** The operator a guarded route runs for (set by `requireOperator`). */
export function operatorOf(request: FastifyRequest): ActingOperator {
  if (!request.operator) throw new AppError('APP_ERR_OPERATOR_UNAUTHORIZED');
  return request.operator;
}

/** The merchants a guarded route may show the operator: undefined for every merchant. */
export function scopeOf(request: FastifyRequest): number[] | undefined {
  const op = operatorOf(request);
  return op.allMerchants ? undefined : op.merchantIds;
}
