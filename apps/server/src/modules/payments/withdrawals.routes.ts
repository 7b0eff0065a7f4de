import multipart from '@fastify/multipart';
import {
  apiPaths,
  bindWithdrawalAccountBodySchema,
  codeSentSchema,
  confirmWithdrawalBodySchema,
  envelopeOf,
  idParamSchema,
  pageOf,
  paymentPasswordBodySchema,
  referenceParamsSchema,
  withdrawalAccountSchema,
  withdrawalListQuerySchema,
  withdrawalSchema,
  withdrawBodySchema,
  withdrawInfoSchema,
} from '@platform/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, failField } from '../../platform/errors.ts';
import { memberOf, ok } from '../../platform/http.ts';
import { changePaymentPassword } from '../wallet/wallet.service.ts';
import { bindWithdrawalAccount, removeAccount, sendWithdrawAccountCode } from './withdrawal-accounts.service.ts';
import {
  confirmWithdrawal,
  MAX_PROOF_BYTES,
  memberWithdrawal,
  proofOf,
  requestWithdrawal,
  uploadProof,
  type WithdrawDeps,
  withdrawalPage,
  withdrawInfo,
} from './withdrawal-requests.service.ts';

const tags = ['withdrawals'];
const done = envelopeOf(z.null());

/** withdraw: accounts bound with a code, payment password, requests, confirmation with a proof image. */
export const withdrawalsRoutes: FastifyPluginAsyncZod<{ deps: WithdrawDeps }> = async (app, { deps }) => {
  const { db } = deps;
  await app.register(multipart, { limits: { fileSize: MAX_PROOF_BYTES + 1, files: 1, fields: 4 } });

  app.put(
    apiPaths.paymentPassword,
    {
      config: { auth: 'real' },
      schema: {
        tags,
        summary: 'Set the payment password, or change it with the old one',
        body: paymentPasswordBodySchema,
        response: { 200: done },
      },
    },
    async (request) => {
      await changePaymentPassword(db, deps.hasher, memberOf(request), request.body);
      return ok(null);
    },
  );

  app.get(
    apiPaths.withdrawInfo,
    {
      config: { auth: 'real' },
      schema: { tags, summary: 'Balance, limits, turnover owed and accounts', response: { 200: envelopeOf(withdrawInfoSchema) } },
    },
    async (request) => ok(await withdrawInfo(db, request.merchant, memberOf(request))),
  );

  app.post(
    apiPaths.withdrawAccountCode,
    {
      config: { auth: 'real' },
      schema: {
        tags,
        summary: "Send a code to the member's own phone (or email) to bind a withdrawal account",
        response: { 200: envelopeOf(codeSentSchema) },
      },
    },
    async (request) => ok(await sendWithdrawAccountCode(deps, request.merchant, memberOf(request), { ip: request.ip, lang: request.lang })),
  );

  app.post(
    apiPaths.withdrawAccounts,
    {
      config: { auth: 'real' },
      schema: {
        tags,
        summary: 'Bind a withdrawal account with the code',
        body: bindWithdrawalAccountBodySchema,
        response: { 200: envelopeOf(withdrawalAccountSchema) },
      },
    },
    async (request) => ok(await bindWithdrawalAccount(deps, request.merchant, memberOf(request), request.body)),
  );

  app.get(
    apiPaths.withdrawAccounts,
    {
      config: { auth: 'real' },
      schema: { tags, summary: 'The bound withdrawal accounts', response: { 200: envelopeOf(z.array(withdrawalAccountSchema)) } },
    },
    async (request) => ok((await withdrawInfo(db, request.merchant, memberOf(request))).accounts),
  );

  app.delete(
    apiPaths.withdrawAccount,
    {
      config: { auth: 'real' },
      schema: {
        tags,
        summary: 'Remove a withdrawal account',
        params: z.object({ id: idParamSchema }),
        response: { 200: done },
      },
    },
    async (request) => {
      await removeAccount(db, memberOf(request), request.params.id);
      return ok(null);
    },
  );

  app.post(
    apiPaths.withdrawals,
    {
      config: { auth: 'real' },
      schema: {
        tags,
        summary: 'Request a withdrawal: the amount is held at once',
        body: withdrawBodySchema,
        response: { 200: envelopeOf(withdrawalSchema) },
      },
    },
    async (request) => ok(await requestWithdrawal(deps, request.merchant, memberOf(request), request.body)),
  );

  app.get(
    apiPaths.withdrawals,
    {
      config: { auth: 'real' },
      schema: {
        tags,
        summary: "The member's withdrawals, newest first",
        querystring: withdrawalListQuerySchema,
        response: { 200: envelopeOf(pageOf(withdrawalSchema)) },
      },
    },
    async (request) => ok(await withdrawalPage(db, memberOf(request), request.query)),
  );

  app.get(
    apiPaths.withdrawal,
    {
      config: { auth: 'real' },
      schema: { tags, summary: 'One withdrawal', params: referenceParamsSchema, response: { 200: envelopeOf(withdrawalSchema) } },
    },
    async (request) => ok(await memberWithdrawal(db, memberOf(request), request.params.reference)),
  );

  app.post(
    apiPaths.withdrawalProof,
    {
      config: { auth: 'real' },
      schema: {
        tags,
        summary: 'Upload the proof image (png or jpg, 5 MB) of a partly received withdrawal',
        params: referenceParamsSchema,
        response: { 200: done },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw new AppError('APP_ERR_VALIDATION', [{ field: 'proof', message: 'validation.required' }]);
      const file = await request.file();
      if (!file) throw new AppError('APP_ERR_VALIDATION', [{ field: 'proof', message: 'validation.required' }]);
      const bytes = await file.toBuffer().catch(() => {
        failField('proof', 'validation.image_too_big', { max: 5 });
      });
      await uploadProof(db, memberOf(request), request.params.reference, bytes);
      return ok(null);
    },
  );

  app.get(
    apiPaths.withdrawalProof,
    { config: { auth: 'real' }, schema: { tags, summary: 'The uploaded proof image', params: referenceParamsSchema } },
    async (request, reply) => {
      const proof = await proofOf(db, memberOf(request), request.params.reference);
      return reply
        .type(proof.contentType)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(proof.bytes);
    },
  );

  app.post(
    apiPaths.withdrawalConfirm,
    {
      config: { auth: 'real' },
      schema: {
        tags,
        summary: 'Confirm a paid withdrawal: received, not received, or partly received',
        params: referenceParamsSchema,
        body: confirmWithdrawalBodySchema,
        response: { 200: envelopeOf(withdrawalSchema) },
      },
    },
    async (request) => ok(await confirmWithdrawal(db, memberOf(request), request.params.reference, request.body)),
  );
};
