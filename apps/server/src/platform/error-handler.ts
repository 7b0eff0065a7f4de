import { type ErrorCode, errorCatalogue, type FieldError, fieldMessages } from '@platform/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './errors.ts';

function issueMessage(issue: { code?: string; message?: string }): string {
  // A schema that names its own translation key (e.g. a format rule's) is taken at its word.
  if (issue.message?.startsWith('validation.')) return issue.message;
  switch (issue.code) {
    case 'invalid_type':
      return fieldMessages.invalid;
    case 'too_small':
      return fieldMessages.tooSmall;
    case 'too_big':
      return fieldMessages.tooBig;
    case 'invalid_value':
    case 'invalid_enum_value':
      return fieldMessages.unknownValue;
    case 'custom':
      return issue.message?.startsWith('validation.') ? issue.message : fieldMessages.invalid;
    default:
      return fieldMessages.invalid;
  }
}

function send(reply: import('fastify').FastifyReply, code: ErrorCode, fields?: FieldError[], detail?: Record<string, unknown>) {
  const entry = errorCatalogue[code];
  return reply.status(entry.status).send({
    success: false,
    message: entry.message,
    code,
    value: fields || detail ? { ...detail, ...(fields ? { fields } : {}) } : null,
  });
}

/** Turns every failure into the envelope with a stable code and an honest status. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) return send(reply, error.code, error.fields, error.detail);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = error.validation.map((v) => {
        const field = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
        return { field, message: issueMessage({ code: v.keyword, message: v.message }) };
      });
      return send(reply, 'APP_ERR_VALIDATION', fields);
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return send(reply, 'APP_ERR_BAD_JSON');
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return send(reply, 'APP_ERR_PAYLOAD_TOO_LARGE');
    if (error.statusCode === 429) return send(reply, 'APP_ERR_RATE_LIMITED');
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return send(reply, 'APP_ERR_VALIDATION');
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 'APP_ERR_INTERNAL');
  });
}
