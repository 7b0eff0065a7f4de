import {
  apiPaths,
  approveWithdrawalBodySchema,
  auditQuerySchema,
  auditTrailSchema,
  backofficePaths,
  envelopeOf,
  memberIdParamsSchema,
  memberLedgerSchema,
  operatorWithdrawalSchema,
  pageQuerySchema,
  referenceParamsSchema,
  rejectWithdrawalBodySchema,
  withdrawalDetailSchema,
  withdrawalQueuePageQuerySchema,
  withdrawalQueuePageSchema,
  withdrawalQueueQuerySchema,
  withdrawalQueueSchema,
} from '@platform/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditTrail } from '../../platform/audit.ts';
import { AppError } from '../../platform/errors.ts';
import { failures, ok } from '../../platform/http.ts';
import { memberById } from '../members/members.service.ts';
import { MerchantDirectory, merchantByCode } from '../merchants/merchants.service.ts';
import { operatorOf, scopeOf } from '../operators/operators.guard.ts';
import { memberLedger, operatorWithdrawalView, withdrawalDetail, withdrawalQueue, withdrawalQueuePage } from './admin.service.ts';
import { withdrawalByReference } from './payments.repository.ts';
import type { WithdrawDeps } from './withdrawal-requests.service.ts';
import { approveWithdrawal, type Operator, rejectWithdrawal } from './withdrawal-review.service.ts';

const tags = ['operator'];
const refusals = failures(400, 401, 403, 404, 409);

/**
 * The operators' money API: withdrawals to review, a member's ledger (manual adjustments are
 * adjustments.routes.ts). Each route passes `requireOperator` (operator accounts: role and merchant scope),
 * never a player session; every action lands in the append-only audit log with who, what, when and why.
 */
export const adminRoutes: FastifyPluginAsyncZod<{ deps: WithdrawDeps }> = async (app, { deps }) => {
  const { db } = deps;
  // Only merchants' ids and codes are read here, which never change: a minute's cache is exact.
  const directory = new MerchantDirectory(db, 60_000);
  /** The operator as the withdrawal and ledger services record them: by account name. */
  const operatorOfRequest = (request: Parameters<typeof operatorOf>[0]): Operator => ({ name: operatorOf(request).account });
  // The merchant of the withdrawal or member a request names (null when there is none).
  const withdrawalMerchant = async (request: { params: unknown }) => ({
    id: (await withdrawalByReference(db, (request.params as { reference: string }).reference))?.merchantId ?? null,
  });
  const memberMerchant = async (request: { params: unknown }) => ({
    id: (await memberById(db, (request.params as { memberId: number }).memberId))?.merchantId ?? null,
  });

  app.get(
    apiPaths.adminWithdrawals,
    {
      preHandler: app.requireOperator('withdrawals.read', (request) => {
        const merchant = (request.query as { merchant?: string }).merchant;
        return merchant ? { code: merchant } : 'any';
      }),
      schema: {
        tags,
        summary: 'Withdrawals by merchant and status (oldest first)',
        querystring: withdrawalQueueQuerySchema,
        response: { 200: envelopeOf(withdrawalQueueSchema), ...refusals },
      },
    },
    async (request) => {
      const merchant = request.query.merchant ? await merchantByCode(db, request.query.merchant) : undefined;
      if (request.query.merchant && !merchant) throw new AppError('APP_ERR_MERCHANT_UNKNOWN');
      const statuses = request.query.status ? request.query.status.split(',') : ['pending'];
      const scope = scopeOf(request);
      if (merchant || !scope) return ok(await withdrawalQueue(db, { merchantId: merchant?.id, statuses }));
      // No merchant named by an operator of some merchants: theirs only, oldest first.
      const rows = (await Promise.all(scope.map((merchantId) => withdrawalQueue(db, { merchantId, statuses })))).flat();
      return ok(rows.sort((x, y) => x.createdAt - y.createdAt).slice(0, 100));
    },
  );

  app.get(
    backofficePaths.withdrawalQueue,
    {
      preHandler: app.requireOperator('withdrawals.read', (request) => {
        const merchant = (request.query as { merchant?: string }).merchant;
        return merchant ? { code: merchant } : 'any';
      }),
      schema: {
        tags,
        summary: 'A page of withdrawals in one status (pending: the review queue, oldest first) in the merchants the operator acts for',
        querystring: withdrawalQueuePageQuerySchema,
        response: { 200: envelopeOf(withdrawalQueuePageSchema), ...refusals },
      },
    },
    async (request) => {
      const scope = scopeOf(request);
      const named = request.query.merchant?.toUpperCase();
      const merchants = (await directory.list()).filter((m) => (!scope || scope.includes(m.id)) && (!named || m.code === named));
      if (named && merchants.length === 0) throw new AppError('APP_ERR_MERCHANT_UNKNOWN');
      return ok(await withdrawalQueuePage(db, merchants, request.query));
    },
  );

  app.get(
    backofficePaths.withdrawal,
    {
      preHandler: app.requireOperator('withdrawals.read', withdrawalMerchant),
      schema: {
        tags,
        summary: 'A withdrawal to review: the payee, the player and the risk flags',
        params: referenceParamsSchema,
        response: { 200: envelopeOf(withdrawalDetailSchema), ...refusals },
      },
    },
    async (request) => {
      const w = await withdrawalByReference(db, request.params.reference);
      if (!w) throw new AppError('APP_ERR_PAYMENT_NOT_FOUND');
      return ok(await withdrawalDetail(db, (await directory.byId(w.merchantId)).code, w.reference));
    },
  );

  app.post(
    apiPaths.adminWithdrawalApprove,
    {
      preHandler: app.requireOperator('withdrawals.review', withdrawalMerchant),
      schema: {
        tags,
        summary: 'Approve a pending withdrawal and pay it out',
        params: referenceParamsSchema,
        body: approveWithdrawalBodySchema,
        response: { 200: envelopeOf(operatorWithdrawalSchema), ...refusals },
      },
    },
    async (request) =>
      ok(operatorWithdrawalView(await approveWithdrawal(deps, operatorOfRequest(request), request.params.reference, request.body.reason))),
  );

  app.post(
    apiPaths.adminWithdrawalReject,
    {
      preHandler: app.requireOperator('withdrawals.review', withdrawalMerchant),
      schema: {
        tags,
        summary: 'Reject a pending withdrawal with a reason (funds return to the player)',
        params: referenceParamsSchema,
        body: rejectWithdrawalBodySchema,
        response: { 200: envelopeOf(operatorWithdrawalSchema), ...refusals },
      },
    },
    async (request) =>
      ok(operatorWithdrawalView(await rejectWithdrawal(db, operatorOfRequest(request), request.params.reference, request.body.reason))),
  );

  app.get(
    apiPaths.adminMemberLedger,
    {
      preHandler: app.requireOperator('ledger.read', memberMerchant),
      schema: {
        tags,
        summary: "A member's ledger entries, every wallet",
        params: memberIdParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: envelopeOf(memberLedgerSchema), ...refusals },
      },
    },
    async (request) => ok(await memberLedger(db, request.params.memberId, request.query.pageNo, request.query.pageSize)),
  );

  app.get(
    apiPaths.adminAudit,
    {
      // The log is not yet filtered by merchant, so only an operator of every merchant reads it.
      preHandler: app.requireOperator('audit.read', () => 'platform'),
      schema: {
        tags,
        summary: 'The audit log, newest first',
        querystring: auditQuerySchema,
        response: { 200: envelopeOf(auditTrailSchema), ...refusals },
      },
    },
    async (request) => ok((await auditTrail(db, request.query.limit)).map((a) => ({ ...a, at: a.at.getTime() }))),
  );
};
