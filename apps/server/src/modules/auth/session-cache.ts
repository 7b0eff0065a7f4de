import { LRUCache } from 'lru-cache';
import type { Db } from '../../platform/db.ts';
import type { MemberRow } from '../members/members.service.ts';
import type { SessionRow } from './auth.repository.ts';

/**
 * The node's copy of recently used sessions and their members, by token hash: a logged-in call reads
 * its session from memory instead of a round trip to the database (decision 0026: that round trip was
 * 95% of a logged-in read's cost).
 *
 * What keeps it right:
 * - only live sessions are kept, and a kept one is still checked against the clock (absolute end, idle
 *   timeout) at every call; a session the copy finds dead is read again from the database;
 * - on this node, every revocation (logout, password change, revocation of other sessions) and every
 *   change of a member row forgets that member's entries before its call answers: a revoked token is
 *   refused by the very next call;
 * - other nodes hear of it through the database's NOTIFY (`session_end`, `member_changed`, delivered
 *   at commit) and forget them too;
 * - an entry lives at most `ttlMs` (30 s), the bound if a notification were ever lost (a dropped
 *   listening connection).
 */
export class SessionCache {
  private readonly entries: LRUCache<string, { session: SessionRow; member: MemberRow }>;
  /** Token hashes by member, to forget a member's entries without a scan. */
  private readonly byMember = new Map<number, Set<string>>();

  constructor(ttlMs = 30_000, max = 50_000) {
    this.entries = new LRUCache({
      max,
      ttl: ttlMs,
      dispose: (value, hash) => {
        const hashes = this.byMember.get(value.member.id);
        hashes?.delete(hash);
        if (hashes?.size === 0) this.byMember.delete(value.member.id);
      },
    });
  }

  get(hash: string): { session: SessionRow; member: MemberRow } | undefined {
    return this.entries.get(hash);
  }

  set(hash: string, found: { session: SessionRow; member: MemberRow }): void {
    this.entries.set(hash, found);
    let hashes = this.byMember.get(found.member.id);
    if (!hashes) {
      hashes = new Set();
      this.byMember.set(found.member.id, hashes);
    }
    hashes.add(hash);
  }

  forget(hash: string): void {
    this.entries.delete(hash);
  }

  forgetMember(memberId: number): void {
    const hashes = this.byMember.get(memberId);
    if (!hashes) return;
    for (const hash of [...hashes]) this.entries.delete(hash);
  }

  clear(): void {
    this.entries.clear();
  }
}

/** One cache per database handle (one per app; tests build many apps in one process). */
const caches = new WeakMap<Db, SessionCache>();
/** Every live cache of the process: a change made through a transaction's handle (another Db) must reach them too. */
const all = new Set<WeakRef<SessionCache>>();

export function sessionCache(db: Db): SessionCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new SessionCache();
    caches.set(db, cache);
    all.add(new WeakRef(cache));
  }
  return cache;
}

/**
 * The member's sessions or member row changed on this node: its cached entries go at once, in every
 * cache of the process (the change may come through a transaction's handle, which is not the app's).
 * A read racing a change still in its transaction may cache the old row again: the NOTIFY the change
 * sends at its commit forgets it once more.
 */
export function forgetMemberSessions(_db: Db, memberId: number): void {
  for (const ref of all) {
    const cache = ref.deref();
    if (cache) cache.forgetMember(memberId);
    else all.delete(ref);
  }
}
