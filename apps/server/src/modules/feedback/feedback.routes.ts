import multipart from '@fastify/multipart';
import {
  envelopeOf,
  FEEDBACK_MAX_IMAGE_MB,
  FEEDBACK_MAX_IMAGES,
  feedbackAnswerBodySchema,
  feedbackPageSchema,
  feedbackPaths,
  feedbackQuerySchema,
  feedbackSentSchema,
  idParamSchema,
} from '@platform/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../platform/db.ts';
import { AppError, failField } from '../../platform/errors.ts';
import { failures, memberOf, ok } from '../../platform/http.ts';
import type { MerchantDirectory } from '../merchants/merchants.service.ts';
import { operatorOf, scopeOf } from '../operators/operators.guard.ts';
import { answerFeedback, feedbackImage, feedbackPage, MAX_IMAGE_BYTES, merchantOfFeedback, submitFeedback } from './feedback.service.ts';

const tags = ['feedback'];
const admin = ['operator'];
const params = z.object({ id: idParamSchema });

/** The feedback dialog's PUT /wps/feedback, and the operators' list, images and answer. */
export const feedbackRoutes: FastifyPluginAsyncZod<{ db: Db; directory: MerchantDirectory }> = async (app, { db, directory }) => {
  // One more image and one byte more than allowed are read, so too many or too big is told at its field.
  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES + 1, files: FEEDBACK_MAX_IMAGES + 1, fields: 2, fieldSize: 4096 } });

  app.put(
    feedbackPaths.feedback,
    {
      config: { auth: 'member' },
      schema: {
        tags,
        summary: 'Send feedback: multipart `content` (≤140 characters, within the word bounds) and up to 3 png/jpg `images` of 5 MB',
        response: { 200: envelopeOf(feedbackSentSchema), ...failures(400, 401, 413, 429) },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw new AppError('APP_ERR_VALIDATION', [{ field: 'content', message: 'error.input_empty' }]);
      let content = '';
      const images: Buffer[] = [];
      try {
        for await (const part of request.parts()) {
          if (part.type === 'field' && part.fieldname === 'content') content = String(part.value);
          else if (part.type === 'file') {
            const bytes = await part.toBuffer();
            images.push(bytes);
          }
        }
      } catch (err) {
        const code = (err as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') failField('images', 'validation.image_too_big', { max: FEEDBACK_MAX_IMAGE_MB });
        if (code === 'FST_FILES_LIMIT') failField('images', 'validation.too_many_images', { max: FEEDBACK_MAX_IMAGES });
        throw new AppError('APP_ERR_VALIDATION', [{ field: 'content', message: 'validation.invalid' }]);
      }
      return ok({ id: await submitFeedback(db, memberOf(request), request.lang, content, images) });
    },
  );

  app.get(
    feedbackPaths.adminFeedback,
    {
      preHandler: app.requireOperator('feedback.read', (request) => {
        const merchant = (request.query as { merchant?: string }).merchant;
        return merchant ? { code: merchant } : 'any';
      }),
      schema: {
        tags: admin,
        summary: 'Feedback of my merchants, newest first',
        querystring: feedbackQuerySchema,
        response: { 200: envelopeOf(feedbackPageSchema), ...failures(400, 401, 403) },
      },
    },
    async (request) => ok(await feedbackPage(db, directory, scopeOf(request), request.query)),
  );

  const ofFeedback = async (request: { params: unknown }) => merchantOfFeedback(db, Number((request.params as { id?: string }).id) || 0);

  app.get(
    feedbackPaths.adminFeedbackImage,
    {
      preHandler: app.requireOperator('feedback.read', ofFeedback),
      schema: {
        tags: admin,
        summary: 'An image sent with a feedback',
        params: params.extend({
          n: z.coerce
            .number()
            .int()
            .min(0)
            .max(FEEDBACK_MAX_IMAGES - 1),
        }),
      },
    },
    async (request, reply) => {
      const image = await feedbackImage(db, request.params.id, request.params.n);
      return reply
        .type(image.contentType)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .send(image.bytes);
    },
  );

  app.post(
    feedbackPaths.adminFeedbackAnswer,
    {
      preHandler: app.requireOperator('feedback.answer', ofFeedback),
      schema: {
        tags: admin,
        summary: 'Answer a feedback: the player gets the answer as a platform message',
        params,
        body: feedbackAnswerBodySchema,
        response: { 200: envelopeOf(z.null()), ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await answerFeedback(db, operatorOf(request).account, request.params.id, request.body.answer);
      return ok(null);
    },
  );
};
