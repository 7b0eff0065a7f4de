import type { Db } from '../../platform/db.ts';
import type { SocketSessions } from '../../platform/realtime.ts';
import type { AuthConfig } from './auth.config.ts';
import { findSessionByHash } from './auth.repository.ts';
import { isSessionLive, resolveSession, tokenHash } from './sessions.ts';

/**
 * Member sessions as the WebSocket hub checks them: a token opens a socket while its session is live
 * (of the session's own merchant: a socket names no merchant), and the socket lives as long as the
 * session does. Logout and revocation NOTIFY `session_end` with the member's id.
 */
export function socketSessions(db: Db, config: AuthConfig): SocketSessions {
  return {
    endedChannel: 'session_end',
    async open(token) {
      const session = await findSessionByHash(db, tokenHash(token));
      const found = session ? await resolveSession(db, config, token, session.merchantId) : undefined;
      if (!found) return undefined;
      return { member: { id: found.member.id, merchantId: found.member.merchantId }, session: found.session.tokenHash };
    },
    async isLive(hash) {
      const session = await findSessionByHash(db, hash);
      return session !== undefined && isSessionLive(config, session);
    },
  };
}
