import { type FieldError, fieldMessages } from '@platform/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

/** No request body or query nests deeper than this; the deepest the API reads is a handful of levels. */
export const MAX_INPUT_DEPTH = 32;

/**
 * The first part of a request's input no route may receive: a string (or key) with a NUL character,
 * which PostgreSQL cannot store in text, or a value nested deeper than MAX_INPUT_DEPTH. Walked
 * without recursion, so even a body nested a million deep cannot overflow the stack.
 */
export function refusedInput(input: unknown): FieldError | undefined {
  const stack: [unknown, string, number][] = [[input, '', 0]];
  while (stack.length > 0) {
    const [value, path, depth] = stack.pop() as [unknown, string, number];
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return { field: path, message: fieldMessages.invalid };
      continue;
    }
    if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) continue;
    if (depth >= MAX_INPUT_DEPTH) return { field: path, message: fieldMessages.tooBig };
    for (const [key, child] of Object.entries(value)) {
      const field = path ? `${path}.${key}` : key;
      if (key.includes('\u0000')) return { field: field.replaceAll('\u0000', '\\0'), message: fieldMessages.invalid };
      stack.push([child, field, depth + 1]);
    }
  }
  return undefined;
}

/**
 * Refuses, before any schema or handler sees it, input that no route can take (see refusedInput):
 * a 400 envelope naming the field, on every route at once.
 */
export function guardInput(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    const problem = refusedInput(request.params) ?? refusedInput(request.query) ?? refusedInput(request.body);
    done(problem ? new AppError('APP_ERR_VALIDATION', [problem]) : undefined);
  });
}
