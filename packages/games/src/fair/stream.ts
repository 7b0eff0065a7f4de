import { assertRoundSeeds, type RoundSeeds } from './seeds.ts';
import { HmacSha256 } from './sha256.ts';

/**
 * The outcome byte stream of one bet, the rule published on the verify page:
 *
 *   block(c) = HMAC-SHA256(key = serverSeed, message = c === 0 ? `${clientSeed}:${nonce}` : `${clientSeed}:${nonce}:${c}`)
 *
 * (key and message as UTF-8). The stream is block(0) ‖ block(1) ‖ ... read front to back; a game
 * takes what it needs in order and never reuses a byte. Numbers come out of it as:
 * - `nextUint32`: 4 bytes, big-endian.
 * - `nextFloat`: 4 bytes b0..b3 as b0/256 + b1/256² + b2/256³ + b3/256⁴ = uint32 / 2^32, in [0, 1).
 * - `nextUint52`: the first 52 bits of the next 7 bytes (13 hex digits), for [0, 1) at 2^-52 steps
 *   (`nextFloat52`) or for exact integer formulas such as the crash point.
 * - `nextInt(n)`: unbiased in [0, n): each attempt reads the fewest whole bytes k with 256^k ≥ n as a
 *   big-endian v, and is accepted when v < 256^k - (256^k mod n), giving v mod n; otherwise the next
 *   k bytes are tried. Every accepted residue has exactly floor(256^k / n) preimages, so no bias.
 * - `nextBits(n)`: n ≤ 32 bits, most significant first, from the next ceil(n/8) bytes (spare bits dropped).
 */

/** Writes the 32 bytes of block `cursor` of bet `nonce` under one (server seed, client seed). */
export interface BlockSource {
  fill(nonce: number, cursor: number, out: Uint8Array): void;
}

/** The HMAC message of block `cursor` of a bet. */
export function blockMessage(clientSeed: string, nonce: number, cursor: number): string {
  return cursor === 0 ? `${clientSeed}:${nonce}` : `${clientSeed}:${nonce}:${cursor}`;
}

const encoder = new TextEncoder();

// Pure TypeScript (no node:crypto) so the site's verify page derives the very same bytes in the
// browser; the tests hold both derivations byte-for-byte equal to node:crypto.

/** Block `cursor` (default 0) of a bet's outcome bytes: the reference derivation, one HMAC per call. */
export function outcomeBytes(serverSeed: string, clientSeed: string, nonce: number, cursor = 0): Uint8Array {
  return new HmacSha256(encoder.encode(serverSeed)).digest(encoder.encode(blockMessage(clientSeed, nonce, cursor)));
}

/** Blocks by the reference derivation, for playing and verifying bets. */
export function hmacBlockSource(serverSeed: string, clientSeed: string): BlockSource {
  const hmac = new HmacSha256(encoder.encode(serverSeed));
  return {
    fill(nonce, cursor, out) {
      out.set(hmac.digest(encoder.encode(blockMessage(clientSeed, nonce, cursor))));
    },
  };
}

/** Writes the decimal digits of a non-negative safe integer at `pos`; returns the position after them. */
function writeDecimal(buf: Uint8Array, pos: number, value: number): number {
  let digits = 1;
  for (let v = value; v >= 10; v = Math.floor(v / 10)) digits++;
  let v = value;
  for (let i = pos + digits - 1; i >= pos; i--) {
    buf[i] = 48 + (v % 10);
    v = Math.floor(v / 10);
  }
  return pos + digits;
}

/** The same blocks as `hmacBlockSource` from the allocation-free HMAC, for simulations. */
export function fastBlockSource(serverSeed: string, clientSeed: string): BlockSource {
  const hmac = new HmacSha256(encoder.encode(serverSeed));
  const prefix = encoder.encode(`${clientSeed}:`);
  const message = new Uint8Array(prefix.length + 34);
  message.set(prefix);
  const words = new Uint32Array(8);
  return {
    fill(nonce, cursor, out) {
      let end = writeDecimal(message, prefix.length, nonce);
      if (cursor !== 0) {
        message[end++] = 58; // ':'
        end = writeDecimal(message, end, cursor);
      }
      hmac.digestWords(message, end, words);
      for (let i = 0; i < 8; i++) {
        const v = words[i] as number;
        out[i * 4] = v >>> 24;
        out[i * 4 + 1] = v >>> 16;
        out[i * 4 + 2] = v >>> 8;
        out[i * 4 + 3] = v;
      }
    },
  };
}

/** Reads a bet's outcome bytes in order; see the file comment for each conversion. */
export class FairStream {
  private readonly block = new Uint8Array(32);
  private pos = 32;
  private cursor = -1;
  private nonceValue: number;

  constructor(
    private readonly source: BlockSource,
    nonce: number,
  ) {
    this.nonceValue = nonce;
  }

  /** The bet this stream reads. */
  get nonce(): number {
    return this.nonceValue;
  }

  /** Bytes consumed so far. */
  get bytesRead(): number {
    return this.cursor * 32 + this.pos;
  }

  /** Restarts at byte 0 of another bet under the same seeds. */
  reset(nonce: number): void {
    this.nonceValue = nonce;
    this.cursor = -1;
    this.pos = 32;
  }

  /** The next byte. */
  nextByte(): number {
    if (this.pos === 32) {
      this.cursor++;
      this.source.fill(this.nonceValue, this.cursor, this.block);
      this.pos = 0;
    }
    return this.block[this.pos++] as number;
  }

  /** The next 4 bytes as a big-endian unsigned integer. */
  nextUint32(): number {
    return this.nextByte() * 0x1000000 + ((this.nextByte() << 16) | (this.nextByte() << 8) | this.nextByte());
  }

  /** The first 52 bits of the next 7 bytes. */
  nextUint52(): number {
    const high = (this.nextByte() << 16) | (this.nextByte() << 8) | this.nextByte();
    return high * 2 ** 28 + Math.floor(this.nextUint32() / 16);
  }

  /** Uniform in [0, 1) at 2^-32 steps, from 4 bytes. */
  nextFloat(): number {
    return this.nextUint32() / 2 ** 32;
  }

  /** Uniform in [0, 1) at 2^-52 steps, from 7 bytes. */
  nextFloat52(): number {
    return this.nextUint52() / 2 ** 52;
  }

  /** Unbiased integer in [0, n), 1 ≤ n ≤ 2^32, by rejection on the fewest whole bytes. */
  nextInt(n: number): number {
    if (n <= 0x100 && n >= 1 && (n | 0) === n) {
      const limit = 0x100 - (0x100 % n);
      for (;;) {
        const v = this.nextByte();
        if (v < limit) return v % n;
      }
    }
    if (!Number.isInteger(n) || n < 1 || n > 2 ** 32) throw new RangeError('nextInt: n must be an integer in 1..2^32');
    const bytes = n <= 0x10000 ? 2 : n <= 0x1000000 ? 3 : 4;
    const range = 2 ** (8 * bytes);
    const limit = range - (range % n);
    for (;;) {
      let v = 0;
      for (let i = 0; i < bytes; i++) v = v * 256 + this.nextByte();
      if (v < limit) return v % n;
    }
  }

  /** `count` (0..32) bits, most significant first, from the next ceil(count / 8) bytes. */
  nextBits(count: number): number[] {
    if (!Number.isInteger(count) || count < 0 || count > 32) throw new RangeError('nextBits: count must be 0..32');
    const bits: number[] = [];
    let byte = 0;
    for (let i = 0; i < count; i++) {
      if (i % 8 === 0) byte = this.nextByte();
      bits.push((byte >> (7 - (i % 8))) & 1);
    }
    return bits;
  }
}

/** The outcome stream of one bet. */
export function fairStream(seeds: RoundSeeds): FairStream {
  assertRoundSeeds(seeds);
  return new FairStream(hmacBlockSource(seeds.serverSeed, seeds.clientSeed), seeds.nonce);
}

/** The same stream from the allocation-free HMAC; `reset(nonce)` moves it to another bet cheaply. */
export function fastFairStream(seeds: RoundSeeds): FairStream {
  assertRoundSeeds(seeds);
  return new FairStream(fastBlockSource(seeds.serverSeed, seeds.clientSeed), seeds.nonce);
}
