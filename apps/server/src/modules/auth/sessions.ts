import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../platform/db.ts';
import { sha256Hex } from '../../platform/digest.ts';
import { AppError } from '../../platform/errors.ts';
import type { MemberRow } from '../members/members.service.ts';
import type { AuthConfig } from './auth.config.ts';
import {
  announceSessionsEnded,
  findSessionWithMember,
  insertSession,
  revokeMemberSessions,
  revokeSession,
  type SessionRow,
  touchSession,
} from './auth.repository.ts';
import { forgetMemberSessions, sessionCache } from './session-cache.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in member, on routes whose config asks for `auth`; null otherwise. */
    member: MemberRow | null;
    session: SessionRow | null;
  }
  interface FastifyContextConfig {
    /**
     * 'optional' reads a session when one is sent; 'member' requires one (401 otherwise); 'real'
     * also refuses trial accounts (403 please_create_real_account).
     */
    auth?: 'optional' | 'member' | 'real';
  }
}

/** SHA-256 of a token: what the sessions table keeps. */
export function tokenHash(token: string): string {
  return sha256Hex(token);
}

export interface NewSession {
  token: string;
  session: SessionRow;
}

/** Opens a session: 32 random bytes as the token (base64url), only its hash stored. */
export async function openSession(
  db: Db,
  config: AuthConfig,
  member: MemberRow,
  how: { kind: string; ip: string; userAgent: string },
  now = new Date(),
): Promise<NewSession> {
  const token = randomBytes(32).toString('base64url');
  const session = await insertSession(db, {
    tokenHash: tokenHash(token),
    memberId: member.id,
    merchantId: member.merchantId,
    kind: how.kind,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + config.sessionTtlMs),
    ip: how.ip,
    userAgent: how.userAgent.slice(0, 256),
  });
  return { token, session };
}

/** Ends a session; the member's live sockets on every node hear of it and close. */
export async function closeSession(db: Db, session: SessionRow, now = new Date()): Promise<void> {
  await revokeSession(db, session.id, now);
  forgetMemberSessions(db, session.memberId);
  await announceSessionsEnded(db, session.memberId);
}

/**
 * Ends every other session of the member (after a password change), keeping the caller's (none: every
 * session, as an operator's forced logout does); returns how many were still open.
 */
export async function closeOtherSessions(db: Db, memberId: number, keep: SessionRow | null, now = new Date()): Promise<number> {
  const ended = await revokeMemberSessions(db, memberId, now, keep?.id);
  forgetMemberSessions(db, memberId);
  await announceSessionsEnded(db, memberId);
  return ended;
}

/**
 * A session is live while not revoked, before its absolute end and within its idle timeout (the
 * platform's, or the market's shorter inactivity logout: Brazil ends a session after 30 idle minutes).
 */
export function isSessionLive(config: AuthConfig, session: SessionRow, now = new Date(), idleMs = config.sessionIdleMs): boolean {
  return !session.revokedAt && session.expiresAt > now && session.lastSeenAt.getTime() + idleMs > now.getTime();
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const m = /^Bearer\s+([A-Za-z0-9_-]{20,100})$/i.exec(header.trim());
  return m?.[1];
}

/**
 * The live session of a token for the merchant of the request: not revoked, before its absolute
 * end and its idle timeout, and of this merchant (a token of another merchant is no session here).
 * Its last-seen time moves forward at most once a minute. A live session comes from the node's
 * session cache when it is there (see session-cache.ts for why that stays right); one the cache
 * holds as dead or does not hold is read from the database.
 */
export async function resolveSession(
  db: Db,
  config: AuthConfig,
  token: string,
  merchantId: number,
  now = new Date(),
  inactivityMinutes: number | null = null,
): Promise<{ session: SessionRow; member: MemberRow } | undefined> {
  const hash = tokenHash(token);
  const cache = sessionCache(db);
  const idleMs = inactivityMinutes ? Math.min(config.sessionIdleMs, inactivityMinutes * 60_000) : config.sessionIdleMs;
  let found = cache.get(hash);
  if (!found || !isSessionLive(config, found.session, now, idleMs)) {
    found = await findSessionWithMember(db, hash);
    if (!found || !isSessionLive(config, found.session, now, idleMs)) {
      cache.forget(hash);
      return undefined;
    }
    cache.set(hash, found);
  }
  const { session, member } = found;
  if (session.merchantId !== merchantId) return undefined;
  if (now.getTime() - session.lastSeenAt.getTime() >= config.sessionTouchMs) {
    // The cached row moves with it: the next calls within the minute write nothing.
    session.lastSeenAt = now;
    await touchSession(db, session.id, now);
  }
  return { session, member };
}

/**
 * Reads `Authorization: Bearer <token>` on routes that ask for it (route config `auth`) and decorates
 * request.member and request.session. Routes without `auth` never touch the sessions table.
 */
export const memberSessions = fp(
  async (app: FastifyInstance, opts: { db: Db; config: AuthConfig }) => {
    app.decorateRequest('member', null);
    app.decorateRequest('session', null);
    // Revocations and member changes made on other nodes reach this node's session cache by NOTIFY.
    app.addHook('onReady', async () => {
      const hub = (app as Partial<FastifyInstance>).realtime;
      if (!hub) return;
      const cache = sessionCache(opts.db);
      const forget = (payload: string) => cache.forgetMember(Number(payload));
      await hub.listen('session_end', forget);
      await hub.listen('member_changed', forget);
    });
    // onRequest, after the merchant context: a call without a valid session is refused before its body is read.
    app.addHook('onRequest', async (request) => {
      const mode = request.routeOptions.config?.auth;
      if (!mode) return;
      await authenticate(opts.db, opts.config, request, mode);
    });
  },
  { name: 'member-sessions' },
);

async function authenticate(db: Db, config: AuthConfig, request: FastifyRequest, mode: 'optional' | 'member' | 'real') {
  const token = bearerToken(request);
  const found =
    token && request.merchant
      ? await resolveSession(db, config, token, request.merchant.id, new Date(), request.merchant.market.inactivityLogoutMinutes)
      : undefined;
  if (found) {
    request.member = found.member;
    request.session = found.session;
  }
  if (mode === 'optional') return;
  if (!request.member) throw new AppError('APP_ERR_AUTH_NOT_LOGGED_IN');
  if (mode === 'real' && request.member.type === 4) throw new AppError('APP_ERR_MEMBER_TRIAL');
}

/**
 * A preHandler for other modules' routes that need a logged-in member (use after `memberSessions`
 * with route config `auth: 'optional'`, or simply set `auth: 'member'`).
 */
export async function requireMember(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!request.member) throw new AppError('APP_ERR_AUTH_NOT_LOGGED_IN');
}
