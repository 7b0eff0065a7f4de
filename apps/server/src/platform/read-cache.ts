import { LRUCache } from 'lru-cache';

/**
 * A per-node cache of read-mostly results (merchant content, catalogues), bounded in size and age.
 * A value is at most `ttlMs` old, so nodes stay stateless and agree within that time without any
 * cross-node invalidation. Concurrent misses of one key share a single load.
 */
export class ReadCache {
  private readonly cache: LRUCache<string, Promise<unknown>>;

  constructor(ttlMs: number, max = 5000) {
    this.cache = new LRUCache({ max, ttl: Math.max(1, ttlMs) });
    this.enabled = ttlMs > 0;
  }

  private readonly enabled: boolean;

  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (!this.enabled) return load();
    const hit = this.cache.get(key) as Promise<T> | undefined;
    if (hit) return hit;
    const pending = load();
    this.cache.set(key, pending);
    // A failed load must not be served from the cache.
    pending.catch(() => this.cache.delete(key));
    return pending;
  }

  clear(): void {
    this.cache.clear();
  }
}
