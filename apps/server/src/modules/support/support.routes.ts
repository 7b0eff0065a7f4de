import multipart from '@fastify/multipart';
import {
  envelopeOf,
  supportClientIdSchema,
  supportConversationPageSchema,
  supportConversationSchema,
  supportConversationsQuerySchema,
  supportHistoryQuerySchema,
  supportHistorySchema,
  supportIdParamsSchema,
  supportImageParamsSchema,
  supportMessageSchema,
  supportPaths,
  supportPlayerImageParamsSchema,
  supportTextBodySchema,
} from '@platform/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { failures, memberOf, ok } from '../../platform/http.ts';
import { MAX_IMAGE_BYTES } from '../feedback/feedback.service.ts';
import type { MerchantDirectory } from '../merchants/merchants.service.ts';
import { operatorOf, scopeOf } from '../operators/operators.guard.ts';
import {
  closeConversation,
  conversationPage,
  merchantOfConversation,
  operatorHistory,
  operatorImage,
  playerHistory,
  playerImage,
  SupportAnswers,
  sendPlayerImage,
  sendPlayerText,
  takeConversation,
} from './support.service.ts';

const tags = ['support'];
const admin = ['operator'];

/** Image bytes as a download that never runs as a page. */
function image(reply: FastifyReply, found: { bytes: Buffer; contentType: string }) {
  return reply
    .type(found.contentType)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'")
    .send(found.bytes);
}

/** The customer-service chat: the player's history, messages and images; the operators' console API. */
export const supportRoutes: FastifyPluginAsyncZod<{ db: Db; directory: MerchantDirectory }> = async (app, { db, directory }) => {
  // One byte more than allowed is read, so an oversize image is told at its field, not as a 413.
  const answers = new SupportAnswers(db, directory);
  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES + 1, files: 1, fields: 1, fieldSize: 128 } });

  app.get(
    supportPaths.messages,
    {
      config: { auth: 'real' },
      schema: {
        tags,
        summary: 'My current (or latest) support conversation and a page of its messages: `before` a number, or all `after` one',
        querystring: supportHistoryQuerySchema,
        response: { 200: envelopeOf(supportHistorySchema), ...failures(400, 401, 403) },
      },
    },
    async (request) => ok(await playerHistory(db, directory, memberOf(request), request.query)),
  );

  app.post(
    supportPaths.messages,
    {
      config: { auth: 'real' },
      schema: {
        tags,
        summary: 'Write to support (plain text, at most 1,000 characters); a new conversation waits in the queue',
        body: supportTextBodySchema,
        response: { 200: envelopeOf(supportMessageSchema), ...failures(400, 401, 403, 429) },
      },
    },
    async (request) => ok(await sendPlayerText(db, directory, memberOf(request), request.body)),
  );

  app.post(
    supportPaths.images,
    {
      config: { auth: 'real' },
      schema: {
        tags,
        summary: 'Send support an image: multipart `clientId` then one png/jpg `image` of at most 5 MB',
        response: { 200: envelopeOf(supportMessageSchema), ...failures(400, 401, 403, 413, 429) },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw new AppError('APP_ERR_VALIDATION', [{ field: 'image', message: 'validation.required' }]);
      let clientId = '';
      let bytes: Buffer | undefined;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'field' && part.fieldname === 'clientId') clientId = String(part.value);
          else if (part.type === 'file') bytes = await part.toBuffer();
        }
      } catch (err) {
        const code = (err as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE')
          throw new AppError('APP_ERR_VALIDATION', [{ field: 'image', message: 'validation.image_too_big' }], { max: 5 });
        throw new AppError('APP_ERR_VALIDATION', [{ field: 'image', message: 'validation.invalid' }]);
      }
      if (!supportClientIdSchema.safeParse(clientId).success)
        throw new AppError('APP_ERR_VALIDATION', [{ field: 'clientId', message: 'validation.invalid' }]);
      if (!bytes || bytes.length === 0) throw new AppError('APP_ERR_VALIDATION', [{ field: 'image', message: 'validation.required' }]);
      return ok(await sendPlayerImage(db, directory, memberOf(request), clientId, bytes));
    },
  );

  app.get(
    supportPaths.image,
    {
      config: { auth: 'real' },
      schema: { tags, summary: 'An image of my support conversation', params: supportPlayerImageParamsSchema },
    },
    async (request, reply) => image(reply, await playerImage(db, memberOf(request), request.params.conversationId, request.params.seq)),
  );

  // Operators

  const ofConversation = async (request: { params: unknown }) =>
    merchantOfConversation(db, Number((request.params as { id?: string }).id) || 0);

  app.get(
    supportPaths.adminConversations,
    {
      preHandler: app.requireOperator('support.chat', (request) => {
        const merchant = (request.query as { merchant?: string }).merchant;
        return merchant ? { code: merchant } : 'any';
      }),
      schema: {
        tags: admin,
        summary: 'Support conversations of my merchants in a state: the waiting queue oldest first',
        querystring: supportConversationsQuerySchema,
        response: { 200: envelopeOf(supportConversationPageSchema), ...failures(400, 401, 403) },
      },
    },
    async (request) => ok(await conversationPage(db, directory, scopeOf(request), request.query)),
  );

  app.get(
    supportPaths.adminConversation,
    {
      preHandler: app.requireOperator('support.chat', ofConversation),
      schema: {
        tags: admin,
        summary: 'A support conversation and a page of its messages',
        params: supportIdParamsSchema,
        querystring: supportHistoryQuerySchema,
        response: { 200: envelopeOf(supportHistorySchema), ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await operatorHistory(db, directory, request.params.id, request.query)),
  );

  app.post(
    supportPaths.adminTake,
    {
      preHandler: app.requireOperator('support.chat', ofConversation),
      schema: {
        tags: admin,
        summary: 'Take a waiting conversation (audited)',
        params: supportIdParamsSchema,
        response: { 200: envelopeOf(supportConversationSchema), ...failures(401, 403, 404, 409) },
      },
    },
    async (request) => ok(await takeConversation(db, directory, operatorOf(request), request.params.id)),
  );

  app.post(
    supportPaths.adminMessages,
    {
      preHandler: app.requireOperator('support.chat', ofConversation),
      schema: {
        tags: admin,
        summary: 'Answer in a conversation I hold',
        params: supportIdParamsSchema,
        body: supportTextBodySchema,
        response: { 200: envelopeOf(supportMessageSchema), ...failures(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ok(await answers.answer(operatorOf(request), request.params.id, request.body)),
  );

  app.post(
    supportPaths.adminClose,
    {
      preHandler: app.requireOperator('support.chat', ofConversation),
      schema: {
        tags: admin,
        summary: 'Close a conversation that waits or that I hold (audited)',
        params: supportIdParamsSchema,
        response: { 200: envelopeOf(supportConversationSchema), ...failures(401, 403, 404, 409) },
      },
    },
    async (request) => ok(await closeConversation(db, directory, operatorOf(request), request.params.id)),
  );

  app.get(
    supportPaths.adminImage,
    {
      preHandler: app.requireOperator('support.chat', ofConversation),
      schema: { tags: admin, summary: 'An image a player sent', params: supportImageParamsSchema },
    },
    async (request, reply) => image(reply, await operatorImage(db, request.params.id, request.params.seq)),
  );
};
