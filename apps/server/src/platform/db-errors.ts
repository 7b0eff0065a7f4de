/** SQLSTATE codes the code acts on (PostgreSQL and PGlite report the same). */
export const sqlStates = {
  uniqueViolation: '23505',
  checkViolation: '23514',
  deadlock: '40P01',
  serializationFailure: '40001',
} as const;

/**
 * The SQLSTATE of a database error, looked for along the error's causes (drizzle wraps the driver's
 * error); undefined when the error did not come from the database.
 */
export function sqlState(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

/** The unique constraint a failed insert or update ran into, if that is why it failed. */
export function uniqueViolation(err: unknown): string | undefined {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: string; constraint?: string };
    if (code === sqlStates.uniqueViolation) return constraint ?? '';
  }
  return undefined;
}

/** Whether the statement failed only because of a deadlock or a serialization failure: nothing was written, trying again is safe. */
export function isRetryable(err: unknown): boolean {
  const state = sqlState(err);
  return state === sqlStates.deadlock || state === sqlStates.serializationFailure;
}
