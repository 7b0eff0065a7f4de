import {
  apiPaths,
  depositBodySchema,
  depositChannelSchema,
  depositListQuerySchema,
  depositSchema,
  envelopeOf,
  pageOf,
  referenceParamsSchema,
} from '@platform/contract';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/errors.ts';
import { memberOf, ok } from '../../platform/http.ts';
import {
  admitWebhook,
  createDeposit,
  depositChannels,
  depositPage,
  handleWebhook,
  memberDeposit,
  type PaymentsDeps,
} from './deposits.service.ts';

const tags = ['deposits'];

/** The largest webhook body accepted, in bytes. */
export const WEBHOOK_BODY_LIMIT = 8 * 1024;

/** depositv2: channels, opening a deposit, its state; and the providers' signed webhooks. */
export const depositsRoutes: FastifyPluginAsyncZod<{ deps: PaymentsDeps }> = async (app, { deps }) => {
  const { db } = deps;
  app.get(
    apiPaths.depositChannels,
    {
      config: { auth: 'real' },
      schema: {
        tags,
        summary: "The merchant's deposit channels in its currency",
        response: { 200: envelopeOf(z.array(depositChannelSchema)) },
      },
    },
    async (request) => ok(await depositChannels(db, request.merchant, request.lang)),
  );

  app.post(
    apiPaths.deposits,
    {
      config: { auth: 'real' },
      schema: { tags, summary: 'Open a deposit through a channel', body: depositBodySchema, response: { 200: envelopeOf(depositSchema) } },
    },
    async (request) => ok(await createDeposit(deps, request.merchant, memberOf(request), request.body)),
  );

  app.get(
    apiPaths.deposits,
    {
      config: { auth: 'real' },
      schema: {
        tags,
        summary: "The member's deposits, newest first",
        querystring: depositListQuerySchema,
        response: { 200: envelopeOf(pageOf(depositSchema)) },
      },
    },
    async (request) => ok(await depositPage(db, memberOf(request), request.query)),
  );

  app.get(
    apiPaths.deposit,
    {
      config: { auth: 'real' },
      schema: { tags, summary: 'One deposit of the member', params: referenceParamsSchema, response: { 200: envelopeOf(depositSchema) } },
    },
    async (request) => ok(await memberDeposit(db, memberOf(request), request.params.reference)),
  );

  // Webhooks are verified over their exact bytes, so this scope keeps JSON bodies raw, and small: a
  // provider's result is a few hundred bytes, and a larger body is refused (413) before it is read whole.
  await app.register(async (scope) => {
    const hooks = scope.withTypeProvider<ZodTypeProvider>();
    // A rate limit per source, before the body is read.
    hooks.addHook('onRequest', async (request) => admitWebhook(db, request.ip));
    hooks.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_req, body, done) =>
      done(null, body),
    );
    hooks.post(
      apiPaths.paymentWebhook,
      {
        // A provider's result must land whatever the merchant's state or the caller's country.
        config: { openDuringMaintenance: true },
        schema: {
          tags,
          summary: "A payment provider's signed result",
          params: z.object({ provider: z.string().max(32) }),
          response: { 200: envelopeOf(z.object({ outcome: z.string() })) },
        },
      },
      async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.from(String(request.body ?? ''));
        const outcome = await handleWebhook(deps, request.params.provider, raw, request.headers).catch((err: unknown) => {
          // A forged or unsigned call is not stored: a line in the log says who tried.
          if (err instanceof AppError && err.code === 'APP_ERR_PAYMENT_WEBHOOK_SIGNATURE') {
            request.log.warn(
              { provider: request.params.provider, ip: request.ip, bytes: raw.length },
              'payment webhook with a bad signature',
            );
          }
          throw err;
        });
        request.log.info({ provider: request.params.provider, outcome }, 'payment webhook');
        return ok({ outcome });
      },
    );
  });
};
