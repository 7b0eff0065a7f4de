import { sha256 } from './sha256.ts';

/**
 * Provably fair seed pairs.
 *
 * The server seed is 32 bytes from a CSPRNG written as 64 lowercase hex characters; the caller
 * generates it (this package stays pure). Before any bet the player sees only its SHA-256
 * (`serverSeedHash`), which commits the server to it; the player picks the client seed. Every bet
 * under the pair takes the current nonce (0, 1, 2, ...) and advances it, so no two bets share
 * outcome bytes. Rotation is the only way to change either seed: it reveals the old server seed
 * (the player can now check its hash and recompute every bet made under it) and starts a new pair
 * at nonce 0 with a fresh, unrevealed server seed. A server seed is never revealed while it can
 * still decide a bet, and the client seed cannot change under a committed server seed.
 */

/** The secret half of a pair as the server keeps it. */
export interface SeedPair {
  serverSeed: string;
  /** SHA-256 hex of serverSeed, shown to the player before play. */
  serverSeedHash: string;
  clientSeed: string;
  /** The nonce the next bet will use; also the number of bets made under this pair. */
  nonce: number;
}

/** What the player sees of the active pair. */
export interface PublicSeedPair {
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
}

/** A retired pair with its server seed revealed; its bets used nonces 0 .. betCount - 1. */
export interface RevealedSeedPair {
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  betCount: number;
}

/** Everything that decides one bet's outcome bytes. */
export interface RoundSeeds {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
}

const SERVER_SEED = /^[0-9a-f]{64}$/;
// Printable ASCII without ':', which separates the HMAC message's fields: with it, client seed
// 'a:1' at nonce 2 and client seed 'a' at nonce 1, cursor 2 would share a message.
const CLIENT_SEED = /^[\x20-\x39\x3b-\x7e]{1,64}$/;

/** SHA-256 hex of the server seed's UTF-8 bytes: the commitment shown before play. */
export function hashServerSeed(serverSeed: string): string {
  return toHex(sha256(new TextEncoder().encode(serverSeed)));
}

/** Lowercase hex of bytes. */
export function toHex(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += b.toString(16).padStart(2, '0');
  return out;
}

/** True when a revealed server seed matches the hash that was shown before play. */
export function serverSeedMatchesHash(serverSeed: string, serverSeedHash: string): boolean {
  return hashServerSeed(serverSeed) === serverSeedHash.toLowerCase();
}

/** True for a well-formed server seed: 64 lowercase hex characters (32 random bytes). */
export function isServerSeed(seed: string): boolean {
  return SERVER_SEED.test(seed);
}

/** True for an acceptable client seed: 1 to 64 printable ASCII characters, no ':'. */
export function isClientSeed(seed: string): boolean {
  return CLIENT_SEED.test(seed);
}

/** Throws unless the seeds can derive outcome bytes (any non-empty server seed, a valid client seed, a safe nonce ≥ 0). */
export function assertRoundSeeds(seeds: RoundSeeds): void {
  if (typeof seeds.serverSeed !== 'string' || seeds.serverSeed.length === 0) throw new RangeError('seeds: empty server seed');
  if (!isClientSeed(seeds.clientSeed)) throw new RangeError('seeds: client seed must be 1-64 printable ASCII characters without ":"');
  if (!Number.isSafeInteger(seeds.nonce) || seeds.nonce < 0) throw new RangeError('seeds: nonce must be a safe integer >= 0');
}

/** Starts a pair at nonce 0 from a freshly generated server seed and the player's client seed. */
export function createSeedPair(serverSeed: string, clientSeed: string): SeedPair {
  if (!isServerSeed(serverSeed)) throw new RangeError('seeds: server seed must be 64 lowercase hex characters');
  if (!isClientSeed(clientSeed)) throw new RangeError('seeds: client seed must be 1-64 printable ASCII characters without ":"');
  return { serverSeed, serverSeedHash: hashServerSeed(serverSeed), clientSeed, nonce: 0 };
}

/** The player's view of a pair: never the server seed. */
export function publicSeedPair(pair: SeedPair): PublicSeedPair {
  return { serverSeedHash: pair.serverSeedHash, clientSeed: pair.clientSeed, nonce: pair.nonce };
}

/**
 * Takes the seeds of the next bet and the pair to store afterwards (nonce + 1). Store `next` in the
 * same transaction as the bet so a nonce is never used twice.
 */
export function takeNonce(pair: SeedPair): { seeds: RoundSeeds; next: SeedPair } {
  return {
    seeds: { serverSeed: pair.serverSeed, clientSeed: pair.clientSeed, nonce: pair.nonce },
    next: { ...pair, nonce: pair.nonce + 1 },
  };
}

/**
 * Retires a pair: reveals its server seed and starts a new pair at nonce 0 with a new server seed
 * and the new (or the same) client seed. Refuses to reuse the retiring server seed.
 */
export function rotateSeedPair(
  pair: SeedPair,
  nextServerSeed: string,
  nextClientSeed: string = pair.clientSeed,
): { revealed: RevealedSeedPair; next: SeedPair } {
  if (nextServerSeed === pair.serverSeed) throw new RangeError('seeds: a revealed server seed cannot be used again');
  return {
    revealed: { serverSeed: pair.serverSeed, serverSeedHash: pair.serverSeedHash, clientSeed: pair.clientSeed, betCount: pair.nonce },
    next: createSeedPair(nextServerSeed, nextClientSeed),
  };
}
