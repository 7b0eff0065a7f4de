import { createHash, createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HmacSha256, sha256 } from './sha256.ts';
import { type BlockSource, blockMessage, FairStream, fairStream, fastFairStream, outcomeBytes } from './stream.ts';

const serverSeed = '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef';
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

/** A stream over fixed bytes, to pin down each conversion. */
function streamOf(bytes: number[]): FairStream {
  const source: BlockSource = {
    fill(_nonce, cursor, out) {
      out.fill(0);
      out.set(bytes.slice(cursor * 32, cursor * 32 + 32));
    },
  };
  return new FairStream(source, 0);
}

describe('outcome bytes', () => {
  it('are HMAC-SHA256(server seed, "client:nonce[:cursor]"), the published rule', () => {
    expect(hex(outcomeBytes(serverSeed, 'player-seed', 7))).toBe('618ced981f594fc4e9980cfa1309f4fed67f6917ce66b8ef6af57de9d323cd7e');
    expect(hex(outcomeBytes(serverSeed, 'player-seed', 7, 1))).toBe('a49e93ab31234d5c4518bbf8aedf779c9ca2b902f31dedf4a62390d82abbb163');
    expect(hex(outcomeBytes(serverSeed, 'player-seed', 7, 1))).toBe(
      createHmac('sha256', serverSeed).update('player-seed:7:1').digest('hex'),
    );
  });

  it('continue into block 1 after 32 bytes', () => {
    const stream = fairStream({ serverSeed, clientSeed: 'player-seed', nonce: 7 });
    const bytes = Array.from({ length: 40 }, () => stream.nextByte());
    expect(hex(Uint8Array.from(bytes))).toBe(
      hex(outcomeBytes(serverSeed, 'player-seed', 7)) + hex(outcomeBytes(serverSeed, 'player-seed', 7, 1)).slice(0, 16),
    );
    expect(stream.bytesRead).toBe(40);
  });

  it('refuses client seeds with ":" and negative nonces', () => {
    expect(() => fairStream({ serverSeed, clientSeed: 'a:1', nonce: 2 })).toThrow(RangeError);
    expect(() => fairStream({ serverSeed, clientSeed: 'a', nonce: -1 })).toThrow(RangeError);
  });
});

describe('the fast HMAC', () => {
  it('matches the RFC 4231 and FIPS 180 vectors', () => {
    expect(hex(sha256(new TextEncoder().encode('abc')))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    const hmac = new HmacSha256(new TextEncoder().encode('Jefe'));
    expect(hex(hmac.digest(new TextEncoder().encode('what do ya want for nothing?')))).toBe(
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
  });

  it('equals node:crypto for any key and message length', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 150 }), fc.uint8Array({ maxLength: 200 }), (key, message) => {
        expect(hex(new HmacSha256(key).digest(message))).toBe(createHmac('sha256', key).update(message).digest('hex'));
        expect(hex(sha256(message))).toBe(createHash('sha256').update(message).digest('hex'));
      }),
      { numRuns: 300 },
    );
  });

  it('gives the same stream as node:crypto, across blocks and after reset', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 80 }), fc.stringMatching(/^[a-z0-9-]{1,64}$/), fc.nat(), (seed, client, nonce) => {
        const reference: BlockSource = {
          fill(n, cursor, out) {
            out.set(
              createHmac('sha256', seed)
                .update(blockMessage(client, n, cursor))
                .digest(),
            );
          },
        };
        const slow = new FairStream(reference, nonce);
        const played = fairStream({ serverSeed: seed, clientSeed: client, nonce });
        const fast = fastFairStream({ serverSeed: seed, clientSeed: client, nonce: nonce + 1 });
        fast.reset(nonce);
        for (let i = 0; i < 70; i++) {
          const expected = slow.nextByte();
          expect(fast.nextByte()).toBe(expected);
          expect(played.nextByte()).toBe(expected);
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('number conversions', () => {
  it('reads uint32 big-endian and floats as uint32 / 2^32', () => {
    expect(streamOf([0x80, 0, 0, 1]).nextUint32()).toBe(0x80000001);
    expect(streamOf([0x80, 0, 0, 0]).nextFloat()).toBe(0.5);
    expect(streamOf([0xff, 0xff, 0xff, 0xff]).nextFloat()).toBe(1 - 2 ** -32);
  });

  it('takes the first 52 bits of 7 bytes (13 hex digits)', () => {
    const stream = streamOf([0x12, 0x34, 0x56, 0x78, 0x9a, 0xbc, 0xde]);
    expect(stream.nextUint52()).toBe(0x123456789abcd);
    expect(streamOf([0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]).nextFloat52()).toBe(1 - 2 ** -52);
  });

  it('rejects the biased tail of a byte: for n = 3, byte 255 is skipped', () => {
    const stream = streamOf([255, 254, 5]);
    expect(stream.nextInt(3)).toBe(254 % 3);
    expect(stream.nextInt(3)).toBe(2);
  });

  it('uses two bytes for n up to 65 536 and rejects from 60 000 for n = 10 000', () => {
    const stream = streamOf([0xea, 0x60, 0xea, 0x5f]); // 60000 is rejected, 59999 is accepted
    expect(stream.nextInt(10_000)).toBe(9999);
    expect(stream.bytesRead).toBe(4);
  });

  it('reads bits most significant first', () => {
    expect(streamOf([0b10110000, 0b01000000]).nextBits(10)).toEqual([1, 0, 1, 1, 0, 0, 0, 0, 0, 1]);
  });

  it('spreads nextInt(n) evenly (chi-square, 7 buckets, 70 000 draws)', () => {
    const stream = fastFairStream({ serverSeed, clientSeed: 'uniformity', nonce: 0 });
    const counts = new Array(7).fill(0);
    for (let i = 0; i < 70_000; i++) counts[stream.nextInt(7)]++;
    const chi = counts.reduce((s, c) => s + (c - 10_000) ** 2 / 10_000, 0);
    expect(chi).toBeLessThan(22.46); // p = 0.001 for 6 degrees of freedom
  });
});
