import { describe, expect, it } from 'vitest';
import { createSeedPair, hashServerSeed, publicSeedPair, rotateSeedPair, serverSeedMatchesHash, takeNonce } from './seeds.ts';

const seedA = '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef';
const seedB = 'fedcba9876543210fedcba9876543210fedcba9876543210fedcba9876543210';

describe('seed pairs', () => {
  it('commit to the server seed by its SHA-256', () => {
    expect(hashServerSeed(seedA)).toBe('a8ae6e6ee929abea3afcfc5258c8ccd6f85273e0d4626d26c7279f3250f77c8e');
    const pair = createSeedPair(seedA, 'lucky');
    expect(pair).toEqual({ serverSeed: seedA, serverSeedHash: hashServerSeed(seedA), clientSeed: 'lucky', nonce: 0 });
    expect(publicSeedPair(pair)).toEqual({ serverSeedHash: pair.serverSeedHash, clientSeed: 'lucky', nonce: 0 });
  });

  it('give each bet the next nonce', () => {
    const first = takeNonce(createSeedPair(seedA, 'lucky'));
    const second = takeNonce(first.next);
    expect([first.seeds.nonce, second.seeds.nonce, second.next.nonce]).toEqual([0, 1, 2]);
  });

  it('reveal the old server seed only on rotation, and start the new pair at nonce 0', () => {
    let pair = createSeedPair(seedA, 'lucky');
    for (let i = 0; i < 3; i++) pair = takeNonce(pair).next;
    const { revealed, next } = rotateSeedPair(pair, seedB, 'new-client');
    expect(revealed).toEqual({ serverSeed: seedA, serverSeedHash: hashServerSeed(seedA), clientSeed: 'lucky', betCount: 3 });
    expect(serverSeedMatchesHash(revealed.serverSeed, revealed.serverSeedHash)).toBe(true);
    expect(next).toEqual({ serverSeed: seedB, serverSeedHash: hashServerSeed(seedB), clientSeed: 'new-client', nonce: 0 });
    expect(rotateSeedPair(next, seedA).next.clientSeed).toBe('new-client');
  });

  it('refuse malformed seeds and the reuse of a revealed seed', () => {
    expect(() => createSeedPair('abc', 'lucky')).toThrow(RangeError);
    expect(() => createSeedPair(seedA.toUpperCase(), 'lucky')).toThrow(RangeError);
    expect(() => createSeedPair(seedA, 'has:colon')).toThrow(RangeError);
    expect(() => createSeedPair(seedA, '')).toThrow(RangeError);
    expect(() => rotateSeedPair(createSeedPair(seedA, 'x'), seedA)).toThrow(RangeError);
  });

  it('detect a revealed seed that does not match the commitment', () => {
    expect(serverSeedMatchesHash(seedB, hashServerSeed(seedA))).toBe(false);
  });
});
