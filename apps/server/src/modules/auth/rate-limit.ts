import type { ErrorCode } from '@platform/contract';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { hitCounter } from './auth.repository.ts';

/**
 * Counts a hit of `key` and refuses it once more than `limit` fall in the window. The counters live
 * in the database, so the limit holds across every node behind the load balancer.
 */
export async function throttle(
  db: Db,
  key: string,
  opts: { windowMs: number; limit: number; code?: ErrorCode },
  now = new Date(),
): Promise<void> {
  const { count } = await hitCounter(db, key, opts.windowMs, now);
  if (count > opts.limit) throw new AppError(opts.code ?? 'APP_ERR_RATE_LIMITED');
}
