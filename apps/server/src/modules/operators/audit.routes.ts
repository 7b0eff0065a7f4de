import { adminPaths, auditLogQuerySchema, auditLogSchema, auditVerificationSchema, envelopeOf } from '@platform/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditPage, verifyAuditChain } from '../../platform/audit.ts';
import { AppError } from '../../platform/errors.ts';
import { failures, ok } from '../../platform/http.ts';
import { scopeOf } from './operators.guard.ts';
import type { OperatorDeps } from './operators.service.ts';

const tags = ['operator'];
const refusals = failures(400, 401, 403);

/**
 * The audit browser's API: pages of the hash-chained log, filtered (an operator of some merchants
 * reads their merchants' lines only), and the verification of the whole chain (decision 0021).
 */
export const auditRoutes: FastifyPluginAsyncZod<OperatorDeps> = async (app, { db, directory }) => {
  app.get(
    adminPaths.auditLog,
    {
      preHandler: app.requireOperator('audit.read', (request) => {
        const merchant = (request.query as { merchant?: string }).merchant;
        return merchant ? { code: merchant } : 'any';
      }),
      schema: {
        tags,
        summary: 'A page of the audit log (newest first), filtered by operator, action, merchant, target and time',
        querystring: auditLogQuerySchema,
        response: { 200: envelopeOf(auditLogSchema), ...refusals },
      },
    },
    async (request) => {
      const q = request.query;
      const merchants = await directory.list();
      const named = q.merchant ? merchants.find((m) => m.code === q.merchant?.toUpperCase()) : undefined;
      if (q.merchant && !named) throw new AppError('APP_ERR_MERCHANT_UNKNOWN');
      const scope = scopeOf(request);
      const merchantIds = named ? [named.id] : (scope ?? 'all');
      const page = await auditPage(
        db,
        {
          operator: q.operator,
          action: q.action,
          target: q.target,
          merchantIds,
          from: q.from === undefined ? undefined : new Date(q.from),
          to: q.to === undefined ? undefined : new Date(q.to),
        },
        q.page,
        q.pageSize,
        q.order === 'asc',
      );
      const codeOf = new Map(merchants.map((m) => [m.id, m.code]));
      return ok({
        total: page.total,
        list: page.rows.map((r) => ({
          ...r,
          at: r.at.getTime(),
          merchant: r.merchantId === null ? null : (codeOf.get(r.merchantId) ?? null),
        })),
      });
    },
  );

  app.post(
    adminPaths.auditVerify,
    {
      // The chain runs through every merchant's lines: only an operator of every merchant checks it.
      preHandler: app.requireOperator('audit.read', () => 'platform'),
      schema: {
        tags,
        summary: 'Verify the audit log end to end: an edited, deleted or inserted line breaks the chain where it is',
        response: { 200: envelopeOf(auditVerificationSchema), ...refusals },
      },
    },
    async () => ok({ ...(await verifyAuditChain(db)), checkedAt: Date.now() }),
  );
};
