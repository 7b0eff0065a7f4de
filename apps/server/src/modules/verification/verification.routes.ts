import multipart from '@fastify/multipart';
import {
  adminVerificationPageSchema,
  adminVerificationSchema,
  documentKindBodySchema,
  envelopeOf,
  verificationPaths as paths,
  verificationAdminDocumentParamsSchema,
  verificationDecisionBodySchema,
  verificationDocumentParamsSchema,
  verificationDocumentSchema,
  verificationMemberParamsSchema,
  verificationQueueQuerySchema,
  verificationSchema,
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
  decideVerification,
  memberDocument,
  memberVerification,
  merchantOfMember,
  myDocument,
  myVerification,
  submitVerification,
  uploadDocument,
  verificationPage,
} from './verification.service.ts';

const tags = ['verification'];
const admin = ['operator'];

/** Document bytes as a download that never runs as a page. */
function image(reply: FastifyReply, found: { bytes: Buffer; contentType: string }) {
  return reply
    .type(found.contentType)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'")
    .send(found.bytes);
}

const bad = (field: string, message: string, detail?: Record<string, unknown>) =>
  new AppError('APP_ERR_VALIDATION', [{ field, message }], detail);

/** Identity verification (KYC): the player's documents and request; the operators' queue and decision. */
export const verificationRoutes: FastifyPluginAsyncZod<{ db: Db; directory: MerchantDirectory }> = async (app, { db, directory }) => {
  // One byte more than allowed is read, so an oversize image is told at its field, not as a 413.
  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES + 1, files: 1, fields: 1, fieldSize: 32 } });

  app.get(
    paths.mine,
    {
      config: { auth: 'real' },
      schema: {
        tags,
        summary: 'My identity verification: state (none, pending, approved, rejected with a reason) and documents',
        response: { 200: envelopeOf(verificationSchema), ...failures(401) },
      },
    },
    async (request) => ok(await myVerification(db, request.merchant, memberOf(request))),
  );

  app.post(
    paths.documents,
    {
      config: { auth: 'real' },
      schema: {
        tags,
        summary: 'Upload a document: multipart `kind` (id_front, id_back, selfie, address) then one png/jpg `image` of at most 5 MB',
        response: { 200: envelopeOf(verificationDocumentSchema), ...failures(400, 401, 409, 429) },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw bad('image', 'validation.required');
      let kind = '';
      let bytes: Buffer | undefined;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'field' && part.fieldname === 'kind') kind = String(part.value);
          else if (part.type === 'file') bytes = await part.toBuffer();
        }
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw bad('image', 'validation.image_too_big', { max: 5 });
        throw bad('image', 'validation.invalid');
      }
      const parsed = documentKindBodySchema.safeParse({ kind });
      if (!parsed.success) throw bad('kind', 'validation.unknown_value');
      if (!bytes || bytes.length === 0) throw bad('image', 'validation.required');
      return ok(await uploadDocument(db, memberOf(request), parsed.data.kind, bytes));
    },
  );

  app.get(
    paths.document,
    {
      config: { auth: 'real' },
      schema: { tags, summary: 'One of my documents', params: verificationDocumentParamsSchema },
    },
    async (request, reply) => image(reply, await myDocument(db, memberOf(request), request.params.id)),
  );

  app.post(
    paths.submit,
    {
      config: { auth: 'real' },
      schema: {
        tags,
        summary: 'Send my documents for review (the ID front and back and a selfie are required; each missing one is told at its field)',
        response: { 200: envelopeOf(verificationSchema), ...failures(400, 401, 409) },
      },
    },
    async (request) => ok(await submitVerification(db, request.merchant, memberOf(request))),
  );

  // Operators

  const ofMember = async (request: { params: unknown }) =>
    merchantOfMember(db, Number((request.params as { memberId?: string }).memberId) || 0);

  app.get(
    paths.adminList,
    {
      preHandler: app.requireOperator('verifications.read', (request) => {
        const merchant = (request.query as { merchant?: string }).merchant;
        return merchant ? { code: merchant } : 'any';
      }),
      schema: {
        tags: admin,
        summary: 'Identity verifications of my merchants in a state: the pending queue oldest first',
        querystring: verificationQueueQuerySchema,
        response: { 200: envelopeOf(adminVerificationPageSchema), ...failures(400, 401, 403) },
      },
    },
    async (request) => ok(await verificationPage(db, directory, scopeOf(request), request.query)),
  );

  app.get(
    paths.adminMember,
    {
      preHandler: app.requireOperator('verifications.read', ofMember),
      schema: {
        tags: admin,
        summary: 'A member’s identity verification and documents',
        params: verificationMemberParamsSchema,
        response: { 200: envelopeOf(adminVerificationSchema), ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await memberVerification(db, directory, request.params.memberId)),
  );

  app.get(
    paths.adminDocument,
    {
      preHandler: app.requireOperator('verifications.read', ofMember),
      schema: { tags: admin, summary: 'A document a member uploaded', params: verificationAdminDocumentParamsSchema },
    },
    async (request, reply) => image(reply, await memberDocument(db, request.params.memberId, request.params.id)),
  );

  app.post(
    paths.adminDecision,
    {
      preHandler: app.requireOperator('verifications.review', ofMember),
      schema: {
        tags: admin,
        summary: 'Approve or reject (with a reason) a pending verification (audited; the player gets a message)',
        params: verificationMemberParamsSchema,
        body: verificationDecisionBodySchema,
        response: { 200: envelopeOf(adminVerificationSchema), ...failures(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ok(await decideVerification(db, directory, operatorOf(request), request.params.memberId, request.body)),
  );
};
