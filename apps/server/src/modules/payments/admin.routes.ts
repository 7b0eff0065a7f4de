import { createHash, timingSafeEqual } from 'node:crypto';
import {
  amountSchema,
  apiPaths,
  envelopeOf,
  idParamSchema,
  pageQuerySchema,
  referenceParamsSchema,
  requestIdSchema,
} from '@platform/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditTrail } from '../../platform/audit.ts';
import { AppError } from '../../platform/errors.ts';
import { ok } from '../../platform/http.ts';
import { merchantByCode } from '../merchants/merchants.service.ts';
import { adjustBalance, memberLedger, operatorWithdrawalView, withdrawalQueue } from './admin.service.ts';
import { approveWithdrawal, type Operator, rejectWithdrawal, type WithdrawDeps } from './withdrawals.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    operator: Operator | null;
  }
}

const tags = ['operator'];
const reasonSchema = z.string().trim().min(1, 'validation.required').max(500, 'validation.too_big');

/** The operator of a bearer token among the configured ones, compared in constant time. */
export function operatorOf(tokens: { name: string; tokenHash: string }[], header: string | undefined): Operator | undefined {
  const m = /^Bearer\s+(\S{24,200})$/i.exec(header?.trim() ?? '');
  if (!m?.[1]) return undefined;
  const given = createHash('sha256').update(m[1]).digest();
  let found: Operator | undefined;
  for (const t of tokens) if (timingSafeEqual(given, Buffer.from(t.tokenHash, 'hex'))) found = { name: t.name };
  return found;
}

/**
 * The operators' money API until the back office exists: withdrawals to review, a member's ledger,
 * manual adjustments. Authenticated by operator tokens (OPERATOR_TOKENS), never by player sessions;
 * every action lands in the append-only audit log with who, what, when and why.
 */
export const adminRoutes: FastifyPluginAsyncZod<{ deps: WithdrawDeps; operatorTokens: { name: string; tokenHash: string }[] }> = async (
  app,
  { deps, operatorTokens },
) => {
  const { db } = deps;
  app.decorateRequest('operator', null);
  app.addHook('onRequest', async (request) => {
    const operator = operatorOf(operatorTokens, request.headers.authorization);
    if (!operator) throw new AppError('APP_ERR_OPERATOR_UNAUTHORIZED');
    request.operator = operator;
  });
  const operatorOfRequest = (request: FastifyRequest): Operator => {
    if (!request.operator) throw new AppError('APP_ERR_OPERATOR_UNAUTHORIZED');
    return request.operator;
  };

  app.get(
    apiPaths.adminWithdrawals,
    {
      schema: {
        tags,
        summary: 'Withdrawals by merchant and status (oldest first)',
        querystring: z.object({ merchant: z.string().max(32).optional(), status: z.string().max(100).optional() }),
      },
    },
    async (request) => {
      const merchant = request.query.merchant ? await merchantByCode(db, request.query.merchant) : undefined;
      if (request.query.merchant && !merchant) throw new AppError('APP_ERR_MERCHANT_UNKNOWN');
      const statuses = request.query.status ? request.query.status.split(',') : ['pending'];
      return ok(await withdrawalQueue(db, { merchantId: merchant?.id, statuses }));
    },
  );

  app.post(
    apiPaths.adminWithdrawalApprove,
    {
      schema: {
        tags,
        summary: 'Approve a pending withdrawal and pay it out',
        params: referenceParamsSchema,
        body: z.object({ reason: z.string().trim().max(500).default('') }).default({ reason: '' }),
      },
    },
    async (request) =>
      ok(operatorWithdrawalView(await approveWithdrawal(deps, operatorOfRequest(request), request.params.reference, request.body.reason))),
  );

  app.post(
    apiPaths.adminWithdrawalReject,
    {
      schema: {
        tags,
        summary: 'Reject a pending withdrawal with a reason (funds return to the player)',
        params: referenceParamsSchema,
        body: z.object({ reason: reasonSchema }),
      },
    },
    async (request) =>
      ok(operatorWithdrawalView(await rejectWithdrawal(db, operatorOfRequest(request), request.params.reference, request.body.reason))),
  );

  app.get(
    apiPaths.adminMemberLedger,
    {
      schema: {
        tags,
        summary: "A member's ledger entries, every wallet",
        params: z.object({ memberId: idParamSchema }),
        querystring: pageQuerySchema,
      },
    },
    async (request) => ok(await memberLedger(db, request.params.memberId, request.query.pageNo, request.query.pageSize)),
  );

  app.post(
    apiPaths.adminAdjustment,
    {
      schema: {
        tags,
        summary: "Adjust a member's main wallet with a reason (negative debits)",
        params: z.object({ memberId: idParamSchema }),
        body: z.object({
          amount: z.number().refine((v) => v !== 0 && amountSchema.safeParse(Math.abs(v)).success, 'validation.amount_invalid'),
          reason: reasonSchema,
          requestId: requestIdSchema,
        }),
        response: { 200: envelopeOf(z.object({ transactionId: z.number(), replayed: z.boolean() })) },
      },
    },
    async (request) => ok(await adjustBalance(db, operatorOfRequest(request), request.params.memberId, request.body)),
  );

  app.get(
    apiPaths.adminAudit,
    {
      schema: {
        tags,
        summary: 'The audit log, newest first',
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(500).default(100) }),
      },
    },
    async (request) => ok((await auditTrail(db, request.query.limit)).map((a) => ({ ...a, at: a.at.getTime() }))),
  );
};
