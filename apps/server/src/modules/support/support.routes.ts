import multipart from '@fastify/multipart';
import {
  envelopeOf,
  supportCannedBodySchema,
  supportCannedListSchema,
  supportCannedQuerySchema,
  supportCannedSchema,
  supportCannedUpdateSchema,
  supportClientIdSchema,
  supportConversationPageSchema,
  supportConversationSchema,
  supportConversationsQuerySchema,
  supportHistoryQuerySchema,
  supportHistorySchema,
  supportIdParamsSchema,
  supportImageParamsSchema,
  supportMerchantParamsSchema,
  supportMessageSchema,
  supportNoteBodySchema,
  supportNoteSchema,
  supportNotesSchema,
  supportOperatorReadBodySchema,
  supportPaths,
  supportPlayerImageParamsSchema,
  supportRatingBodySchema,
  supportReadBodySchema,
  supportReadSchema,
  supportSettingsBodySchema,
  supportSettingsSchema,
  supportTextBodySchema,
  supportTranscriptParamsSchema,
  supportTransferBodySchema,
  supportTransferTargetsSchema,
  supportTypingSchema,
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
  addNote,
  cannedList,
  changeCanned,
  closeConversation,
  conversationPage,
  createCanned,
  merchantOfCanned,
  merchantOfConversation,
  notesOf,
  operatorHistory,
  operatorImage,
  operatorRead,
  operatorTyping,
  playerHistory,
  playerImage,
  playerRead,
  playerTyping,
  rateConversation,
  SupportAnswers,
  sendPlayerImage,
  sendPlayerText,
  setSupportSettings,
  supportSettingsOf,
  takeConversation,
  transcript,
  transferConversation,
  transferTargets,
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

  app.post(
    supportPaths.read,
    {
      config: { auth: 'real' },
      schema: {
        tags,
        summary: 'I have seen my conversation up to `seq` (idempotent; the mark only moves forward and is pushed to support live)',
        body: supportReadBodySchema,
        response: { 200: envelopeOf(supportReadSchema), ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await playerRead(db, memberOf(request), request.body.conversationId, request.body.seq)),
  );

  app.post(
    supportPaths.typing,
    {
      config: { auth: 'real' },
      schema: {
        tags,
        summary: 'I am typing: support sees it live for a few seconds (nothing stored; one signal per 2 s, 40 calls a minute)',
        response: { 200: envelopeOf(supportTypingSchema), ...failures(401, 403, 429) },
      },
    },
    async (request) => ok(await playerTyping(db, memberOf(request))),
  );

  app.post(
    supportPaths.rating,
    {
      config: { auth: 'real' },
      schema: {
        tags,
        summary: 'Rate one of my closed conversations, once: 1 to 5 and an optional comment (plain text, 500 characters)',
        body: supportRatingBodySchema,
        response: { 200: envelopeOf(supportConversationSchema), ...failures(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ok(await rateConversation(db, directory, memberOf(request), request.body)),
  );

  app.get(
    supportPaths.transcript,
    {
      config: { auth: 'real' },
      schema: {
        tags,
        summary: 'The transcript of one of my conversations, as a plain-text file (times in UTC, authors; no private notes)',
        params: supportTranscriptParamsSchema,
      },
    },
    async (request, reply) => {
      const file = await transcript(db, directory, memberOf(request), request.params.conversationId);
      return reply
        .type('text/plain; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.text);
    },
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

  app.post(
    supportPaths.adminRead,
    {
      preHandler: app.requireOperator('support.chat', ofConversation),
      schema: {
        tags: admin,
        summary: 'Support has seen the conversation up to `seq` (idempotent, only forward, pushed to the player live)',
        params: supportIdParamsSchema,
        body: supportOperatorReadBodySchema,
        response: { 200: envelopeOf(supportReadSchema), ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await operatorRead(db, request.params.id, request.body.seq)),
  );

  app.post(
    supportPaths.adminTyping,
    {
      preHandler: app.requireOperator('support.chat', ofConversation),
      schema: {
        tags: admin,
        summary: 'I am typing an answer in a conversation I hold (nothing stored; one signal per 2 s, 40 calls a minute)',
        params: supportIdParamsSchema,
        response: { 200: envelopeOf(supportTypingSchema), ...failures(401, 403, 404, 409, 429) },
      },
    },
    async (request) => ok(await operatorTyping(db, operatorOf(request), request.params.id)),
  );

  app.get(
    supportPaths.adminNotes,
    {
      preHandler: app.requireOperator('support.chat', ofConversation),
      schema: {
        tags: admin,
        summary: 'The private notes of a conversation (never shown to the player)',
        params: supportIdParamsSchema,
        response: { 200: envelopeOf(supportNotesSchema), ...failures(401, 403, 404) },
      },
    },
    async (request) => ok(await notesOf(db, request.params.id)),
  );

  app.post(
    supportPaths.adminNotes,
    {
      preHandler: app.requireOperator('support.chat', ofConversation),
      schema: {
        tags: admin,
        summary: 'Add a private note to a conversation (operators only, plain text)',
        params: supportIdParamsSchema,
        body: supportNoteBodySchema,
        response: { 200: envelopeOf(supportNoteSchema), ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await addNote(db, operatorOf(request), request.params.id, request.body.content)),
  );

  app.get(
    supportPaths.adminTransferTargets,
    {
      preHandler: app.requireOperator('support.chat', ofConversation),
      schema: {
        tags: admin,
        summary: 'The operators a conversation can be handed to, with what they hold',
        params: supportIdParamsSchema,
        response: { 200: envelopeOf(supportTransferTargetsSchema), ...failures(401, 403, 404) },
      },
    },
    async (request) => ok(await transferTargets(db, operatorOf(request), request.params.id)),
  );

  app.post(
    supportPaths.adminTransfer,
    {
      preHandler: app.requireOperator('support.chat', ofConversation),
      schema: {
        tags: admin,
        summary: 'Hand a conversation I hold to another operator of its merchant, or back to the queue (audited)',
        params: supportIdParamsSchema,
        body: supportTransferBodySchema,
        response: { 200: envelopeOf(supportConversationSchema), ...failures(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ok(await transferConversation(db, directory, operatorOf(request), request.params.id, request.body.operatorId)),
  );

  app.get(
    supportPaths.adminCanned,
    {
      preHandler: app.requireOperator('support.chat', (request) => {
        const merchant = (request.query as { merchant?: string }).merchant;
        return merchant ? { code: merchant } : 'any';
      }),
      schema: {
        tags: admin,
        summary: 'Canned answers of a merchant, or of all my merchants',
        querystring: supportCannedQuerySchema,
        response: { 200: envelopeOf(supportCannedListSchema), ...failures(400, 401, 403) },
      },
    },
    async (request) => ok(await cannedList(db, directory, scopeOf(request), request.query.merchant)),
  );

  app.post(
    supportPaths.adminCanned,
    {
      preHandler: app.requireOperator('support.chat', (request) => ({
        code: String((request.body as { merchant?: unknown }).merchant ?? ''),
      })),
      schema: {
        tags: admin,
        summary: 'Add a canned answer for a merchant (audited)',
        body: supportCannedBodySchema,
        response: { 200: envelopeOf(supportCannedSchema), ...failures(400, 401, 403) },
      },
    },
    async (request) => ok(await createCanned(db, directory, operatorOf(request), request.body)),
  );

  const ofCanned = async (request: { params: unknown }) => merchantOfCanned(db, Number((request.params as { id?: string }).id) || 0);

  app.put(
    supportPaths.adminCannedOne,
    {
      preHandler: app.requireOperator('support.chat', ofCanned),
      schema: {
        tags: admin,
        summary: 'Change a canned answer (audited)',
        params: supportIdParamsSchema,
        body: supportCannedUpdateSchema,
        response: { 200: envelopeOf(supportCannedSchema), ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await changeCanned(db, directory, operatorOf(request), request.params.id, request.body)),
  );

  app.delete(
    supportPaths.adminCannedOne,
    {
      preHandler: app.requireOperator('support.chat', ofCanned),
      schema: {
        tags: admin,
        summary: 'Delete a canned answer (audited)',
        params: supportIdParamsSchema,
        response: { 200: envelopeOf(supportCannedSchema), ...failures(401, 403, 404) },
      },
    },
    async (request) => ok(await changeCanned(db, directory, operatorOf(request), request.params.id, null)),
  );

  const ofCode = (request: { params: unknown }) => ({ code: String((request.params as { code?: string }).code ?? '') });

  app.get(
    supportPaths.adminSettings,
    {
      preHandler: app.requireOperator('support.chat', ofCode),
      schema: {
        tags: admin,
        summary: 'A merchant’s support settings: open conversations per operator',
        params: supportMerchantParamsSchema,
        response: { 200: envelopeOf(supportSettingsSchema), ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await supportSettingsOf(db, directory, request.params.code)),
  );

  app.put(
    supportPaths.adminSettings,
    {
      preHandler: app.requireOperator('merchants.manage', ofCode),
      schema: {
        tags: admin,
        summary: 'Set a merchant’s open conversations per operator, 1 to 50 (audited)',
        params: supportMerchantParamsSchema,
        body: supportSettingsBodySchema,
        response: { 200: envelopeOf(supportSettingsSchema), ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await setSupportSettings(db, directory, operatorOf(request), request.params.code, request.body.capacity)),
  );
};
