/**
 * Checks one of our own draws in the browser, as the server made it (lottery.service.ts): the hash
 * published before the draw is SHA-256 of the seed's text (its 64 hex characters), and the result is
 * the package's `resultFromSeed(family, seed, HMAC-SHA256, issue)`. The HMAC is the package's plain
 * TypeScript one, the same bytes as node:crypto's, so nothing here depends on Web Crypto.
 */
import { HmacSha256, hashServerSeed } from '@platform/games/fair';
import { type GameCode, gameCodes, type HmacSha256 as Hmac, resultFromSeed } from '@platform/games/lottery';

const hmac: Hmac = (key, message) => new HmacSha256(key).digest(message);

export interface DrawCheck {
  /** SHA-256 of the revealed seed is the hash published before the draw. */
  hashMatches: boolean;
  /** The result the seed gives, null when the seed cannot give one (not hex, too short, unknown game). */
  computed: unknown;
  /** The seed gives the published result. */
  resultMatches: boolean;
  /** Both: the draw is what was committed to. */
  matches: boolean;
}

/** True when two results (JSON values) are equal, whatever order the database keeps an object's keys in. */
export function sameResult(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => sameResult(x, b[i]));
  }
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    return (
      ka.length === kb.length &&
      ka.every((k) => Object.hasOwn(b, k) && sameResult((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
    );
  }
  return a === b;
}

/** Recomputes a revealed draw of a game family from its seed and compares it with what was published. */
export function verifyDraw(family: string, draw: { issue: string; seed: string; seedHash: string; result: unknown }): DrawCheck {
  const hashMatches = hashServerSeed(draw.seed) === draw.seedHash.toLowerCase();
  let computed: unknown = null;
  if ((gameCodes as readonly string[]).includes(family)) {
    try {
      computed = resultFromSeed(family as GameCode, draw.seed, hmac, draw.issue);
    } catch {
      // A seed that is no hex of at least 16 bytes gives no result: the check fails below.
    }
  }
  const resultMatches = computed !== null && sameResult(computed, draw.result);
  return { hashMatches, computed, resultMatches, matches: hashMatches && resultMatches };
}
