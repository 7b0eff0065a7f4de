import type { FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db.ts';
import { sha256Hex } from '../../platform/digest.ts';
import { findGameSession } from './seamless.repository.ts';

/**
 * The merchant a game request acts on: its launch token's (in the body or the query), or undefined
 * for a request without a token (demo play) or with a token no session has (the route refuses it).
 */
export async function launchTokenMerchant(db: Db, request: FastifyRequest): Promise<number | undefined> {
  const token = (request.body as { token?: unknown } | undefined)?.token ?? (request.query as { token?: unknown } | undefined)?.token;
  if (typeof token !== 'string') return undefined;
  return (await findGameSession(db, sha256Hex(token)))?.merchantId;
}
