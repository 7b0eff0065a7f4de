import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { type ErrorCode, errorCatalogue, type FieldError, fieldMessages } from '@platform/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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

function envelope(code: ErrorCode, fields?: FieldError[], detail?: Record<string, unknown>) {
  return {
    success: false,
    message: errorCatalogue[code].message,
    code,
    value: fields || detail ? { ...detail, ...(fields ? { fields } : {}) } : null,
  };
}

function send(reply: FastifyReply, code: ErrorCode, fields?: FieldError[], detail?: Record<string, unknown>) {
  return reply.status(errorCatalogue[code].status).send(envelope(code, fields, detail));
}

/**
 * Fastify's refusals before any route is found (a URL whose percent-encoding does not decode, a
 * path parameter longer than maxParamLength): the envelope too, a 400 naming the URL.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const message = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? fieldMessages.tooBig : fieldMessages.invalid;
  void send(reply, 'APP_ERR_VALIDATION', [{ field: 'url', message }]);
}

/**
 * Node's refusals of a request it could not parse (headers over the size limit: 431; a client too
 * slow to send its headers: 408; bytes that are not HTTP: 400), written on the socket as the envelope.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  // A reset connection, or one already closed: there is no one to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const code: ErrorCode =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? 'APP_ERR_HEADERS_TOO_LARGE'
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? 'APP_ERR_REQUEST_TIMEOUT'
        : 'APP_ERR_VALIDATION';
  const { status } = errorCatalogue[code];
  const body = JSON.stringify(envelope(code));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
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
