import { z } from 'zod';

/** The largest value of a PostgreSQL `integer` (int4) column, the type of every row id. */
export const INT4_MAX = 2_147_483_647;

/** A row id in a JSON body: an int4 the database can hold (1..2^31-1), never a larger number. */
export const idSchema = z.number({ error: 'validation.invalid' }).int().min(1).max(INT4_MAX);

/** A row id in a path or query string (text, read as a number), within the same int4 range. */
export const idParamSchema = z.coerce.number({ error: 'validation.invalid' }).int().min(1).max(INT4_MAX);

/** A member id written in decimal digits (the seamless wallet's playerId): up to 12 digits, within int4. */
export const digitIdSchema = z
  .string()
  .regex(/^\d{1,12}$/, 'validation.invalid')
  .refine((v) => Number(v) <= INT4_MAX, 'validation.invalid');

/** The latest instant a JavaScript Date holds (ms since the epoch); a later `from`/`to` is no date. */
export const MAX_EPOCH_MS = 8_640_000_000_000_000;

/** Milliseconds since the epoch in a query string: a real date or nothing. */
export const epochMsParamSchema = z.coerce.number({ error: 'validation.invalid' }).int().min(0).max(MAX_EPOCH_MS);

/** How deep a JSON value nests (a scalar is 0, `{}` is 1), counted without recursion so no input can overflow the stack. */
export function jsonDepth(value: unknown, stopAt = Number.POSITIVE_INFINITY): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop() as [unknown, number];
    if (v === null || typeof v !== 'object') continue;
    const inner = depth + 1;
    if (inner > deepest) deepest = inner;
    if (deepest > stopAt) return deepest;
    for (const child of Object.values(v)) stack.push([child, inner]);
  }
  return deepest;
}

/**
 * A free-form JSON object a caller stores with a row (a provider's round `detail`): an object of at
 * most `maxDepth` levels and `maxBytes` of JSON, so a hostile one can neither exhaust the stack nor bloat the table.
 */
export function freeJsonSchema(opts: { maxDepth: number; maxBytes: number }) {
  return z.record(z.string(), z.unknown()).superRefine((v, ctx) => {
    // Depth first: serialising a value nested thousands deep would itself overflow the stack.
    if (jsonDepth(v, opts.maxDepth) > opts.maxDepth || JSON.stringify(v).length > opts.maxBytes) {
      ctx.addIssue({ code: 'custom', message: 'validation.too_big' });
    }
  });
}
