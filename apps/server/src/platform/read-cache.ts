import { LRUCache } from 'lru-cache';

/**
 * A per-node cache of read-mostly results (merchant content, catalogues), bounded in size and age.
 * A value is at most `ttlMs` old, so nodes stay stateless and agree within that time without any
 * cross-node invalidation. Concurrent misses of one key share a single load.
 *
 * Each value lives between three quarters of `ttlMs` and `ttlMs`, picked at random: values loaded
 * together (a thousand players' first calls after a restart) would otherwise expire together and
 * be read again all at once, every `ttlMs`, queueing in front of everything else on the database.
 */
export class ReadCache {
  private readonly cache: LRUCache<string, Promise<unknown>>;

  constructor(
    private readonly ttlMs: number,
    max = 5000,
  ) {
    this.cache = new LRUCache({ max, ttl: Math.max(1, ttlMs) });
    this.enabled = ttlMs > 0;
  }

  private readonly enabled: boolean;

  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (!this.enabled) return load();
    const hit = this.cache.get(key) as Promise<T> | undefined;
    if (hit) return hit;
    const pending = load();
    this.cache.set(key, pending, { ttl: Math.max(1, Math.round(this.ttlMs * (0.75 + Math.random() * 0.25))) });
    // A failed load must not be served from the cache.
    pending.catch(() => this.cache.delete(key));
    return pending;
  }

  clear(): void {
    this.cache.clear();
  }
}
