import type { ErrorCode, FieldError } from '@platform/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors.ts';

/** An AppError whose envelope `value` carries more than field errors, e.g. `{ captchaRequired: true }`. */
export class DetailedError extends AppError {
  constructor(
    code: ErrorCode,
    readonly detail: Record<string, unknown>,
    fields?: FieldError[],
  ) {
    super(code, fields);
  }
}

/**
 * Sends a DetailedError's detail in the envelope; every other error goes on to the application's
 * error handler (Fastify passes an error thrown by a plugin's handler to its parent's).
 */
export function sendDetailedErrors(app: FastifyInstance): void {
  app.setErrorHandler((error, _request, reply) => {
    if (!(error instanceof DetailedError)) throw error;
    return reply.status(error.status).send({
      success: false,
      message: error.message,
      code: error.code,
      value: { ...error.detail, ...(error.fields ? { fields: error.fields } : {}) },
    });
  });
}
