/**
 * SHA-256 and HMAC-SHA256 in plain TypeScript: the server plays bets with it and the site's verify
 * page recomputes them in the browser, where node:crypto does not exist. It is also fast in hot loops
 * (the slot simulation derives one HMAC per round; node:crypto's createHmac costs ~5 µs a call).
 * The key's inner and outer pad blocks are compressed once per key, so a short message costs two
 * compressions. Tests hold it byte-for-byte equal to node:crypto.
 */

const K = new Int32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be,
  0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa,
  0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85,
  0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3,
  0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f,
  0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

const INITIAL = new Int32Array([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);

/** Compresses the 64-byte block at `bytes[offset..]` into `state` (8 words); `w` is 16 words of scratch. */
function compress(state: Int32Array, bytes: Uint8Array, offset: number, w: Int32Array): void {
  for (let i = 0; i < 16; i++) {
    const j = offset + i * 4;
    w[i] = ((bytes[j] as number) << 24) | ((bytes[j + 1] as number) << 16) | ((bytes[j + 2] as number) << 8) | (bytes[j + 3] as number);
  }
  compressWords(state, w);
}

/** Compresses the block loaded in w[0..15], expanding the message schedule in place (w is overwritten). */
function compressWords(state: Int32Array, w: Int32Array): void {
  let a = state[0] as number;
  let b = state[1] as number;
  let c = state[2] as number;
  let d = state[3] as number;
  let e = state[4] as number;
  let f = state[5] as number;
  let g = state[6] as number;
  let h = state[7] as number;
  for (let i = 0; i < 64; i++) {
    let wi: number;
    if (i < 16) wi = w[i] as number;
    else {
      const x = w[(i - 15) & 15] as number;
      const y = w[(i - 2) & 15] as number;
      const s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
      const s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
      wi = ((w[i & 15] as number) + s0 + (w[(i - 7) & 15] as number) + s1) | 0;
      w[i & 15] = wi;
    }
    const t1 =
      (h + (((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7))) + (g ^ (e & (f ^ g))) + (K[i] as number) + wi) |
      0;
    const t2 = ((((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10))) + ((a & b) | (c & (a | b)))) | 0;
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  state[0] = ((state[0] as number) + a) | 0;
  state[1] = ((state[1] as number) + b) | 0;
  state[2] = ((state[2] as number) + c) | 0;
  state[3] = ((state[3] as number) + d) | 0;
  state[4] = ((state[4] as number) + e) | 0;
  state[5] = ((state[5] as number) + f) | 0;
  state[6] = ((state[6] as number) + g) | 0;
  state[7] = ((state[7] as number) + h) | 0;
}

/**
 * Hashes `bytes[0..length)` continuing from `state`, which has already absorbed `prefixBytes` bytes
 * (0 or a multiple of 64), and leaves the digest words in `state`.
 */
function finish(state: Int32Array, bytes: Uint8Array, length: number, prefixBytes: number, w: Int32Array, pad: Uint8Array): void {
  let offset = 0;
  for (; offset + 64 <= length; offset += 64) compress(state, bytes, offset, w);
  const rest = length - offset;
  pad.fill(0);
  pad.set(bytes.subarray(offset, length));
  pad[rest] = 0x80;
  const blocks = rest < 56 ? 1 : 2;
  const bits = (prefixBytes + length) * 8;
  const end = blocks * 64;
  // Message lengths here stay far below 2^53 bits; the high word carries what exceeds 2^32.
  const high = Math.floor(bits / 2 ** 32);
  pad[end - 8] = high >>> 24;
  pad[end - 7] = high >>> 16;
  pad[end - 6] = high >>> 8;
  pad[end - 5] = high;
  pad[end - 4] = bits >>> 24;
  pad[end - 3] = bits >>> 16;
  pad[end - 2] = bits >>> 8;
  pad[end - 1] = bits;
  compress(state, pad, 0, w);
  if (blocks === 2) compress(state, pad, 64, w);
}

/** SHA-256 of `bytes`, as 32 bytes. */
export function sha256(bytes: Uint8Array): Uint8Array {
  const state = INITIAL.slice();
  finish(state, bytes, bytes.length, 0, new Int32Array(16), new Uint8Array(128));
  return wordsToBytes(state);
}

function wordsToBytes(words: Int32Array): Uint8Array {
  const out = new Uint8Array(words.length * 4);
  for (let i = 0; i < words.length; i++) {
    const v = words[i] as number;
    out[i * 4] = v >>> 24;
    out[i * 4 + 1] = v >>> 16;
    out[i * 4 + 2] = v >>> 8;
    out[i * 4 + 3] = v;
  }
  return out;
}

/** HMAC-SHA256 under one fixed key, reusable for many messages without allocating. */
export class HmacSha256 {
  private readonly innerStart = INITIAL.slice();
  private readonly outerStart = INITIAL.slice();
  private readonly state = new Int32Array(8);
  private readonly w = new Int32Array(16);
  private readonly pad = new Uint8Array(128);
  private readonly outerBlock = new Int32Array(16);

  constructor(key: Uint8Array) {
    const block = new Uint8Array(64);
    block.set(key.length > 64 ? sha256(key) : key);
    const ipad = block.map((b) => b ^ 0x36);
    const opad = block.map((b) => b ^ 0x5c);
    compress(this.innerStart, ipad, 0, this.w);
    compress(this.outerStart, opad, 0, this.w);
  }

  /** Writes HMAC(key, message[0..length)) into `out` as 8 big-endian words (uint32). */
  digestWords(message: Uint8Array, length: number, out: Uint32Array): void {
    const state = this.state;
    state.set(this.innerStart);
    finish(state, message, length, 64, this.w, this.pad);
    // The outer message is the 32-byte inner digest: one block, its padding and length are constant.
    const w = this.outerBlock;
    for (let i = 0; i < 8; i++) w[i] = state[i] as number;
    w[8] = 0x80000000 | 0;
    for (let i = 9; i < 15; i++) w[i] = 0;
    w[15] = (64 + 32) * 8;
    state.set(this.outerStart);
    compressWords(state, w);
    for (let i = 0; i < 8; i++) out[i] = (state[i] as number) >>> 0;
  }

  /** HMAC(key, message) as 32 bytes. */
  digest(message: Uint8Array): Uint8Array {
    const words = new Uint32Array(8);
    this.digestWords(message, message.length, words);
    return wordsToBytes(new Int32Array(words.buffer));
  }
}
