import { createHash, createHmac, randomBytes } from 'node:crypto';
import { resultFromSeed } from '@platform/games/lottery';
import { describe, expect, it } from 'vitest';
import { sameResult, verifyDraw } from './verify-draw.ts';

/** The server's derivation (lottery.service.ts), on node:crypto: the oracle the browser's must equal. */
const serverHmac = (key: Uint8Array, message: Uint8Array) => new Uint8Array(createHmac('sha256', key).update(message).digest());
const serverDraw = (family: 'SSC' | '11X5' | 'PK10' | 'LHC', issue: string) => {
  const seed = randomBytes(32).toString('hex');
  return {
    issue,
    seed,
    seedHash: createHash('sha256').update(seed).digest('hex'),
    result: resultFromSeed(family, seed, serverHmac, issue),
  };
};

describe('verifying a draw in the browser', () => {
  it('finds every draw of our own games as the server made it', () => {
    for (const family of ['SSC', '11X5', 'PK10', 'LHC'] as const) {
      for (let i = 1; i <= 25; i++) {
        const draw = serverDraw(family, `20261123-${String(i).padStart(4, '0')}`);
        const sut = verifyDraw(family, draw);
        expect(sut, `${family} ${draw.issue}`).toMatchObject({ hashMatches: true, resultMatches: true, matches: true });
        expect(sut.computed).toEqual(draw.result);
      }
    }
  });

  it('reads a Mark Six result whatever order the database gave its keys', () => {
    const draw = serverDraw('LHC', '20261123');
    const { numbers, special } = draw.result as { numbers: number[]; special: number };
    expect(verifyDraw('LHC', { ...draw, result: { special, numbers } }).matches).toBe(true);
  });

  it('does not match a result the seed does not give, another issue, or a seed that is not the committed one', () => {
    const draw = serverDraw('SSC', '20261123-0601');
    const digits = draw.result as number[];
    const tampered = [...digits.slice(0, 4), ((digits[4] as number) + 1) % 10];
    expect(verifyDraw('SSC', { ...draw, result: tampered })).toMatchObject({ hashMatches: true, resultMatches: false, matches: false });
    expect(verifyDraw('SSC', { ...draw, issue: '20261123-0602' }).resultMatches).toBe(false);
    const other = randomBytes(32).toString('hex');
    expect(verifyDraw('SSC', { ...draw, seed: other })).toMatchObject({ hashMatches: false, matches: false });
  });

  it('fails without throwing on a seed that gives no result', () => {
    const sut = verifyDraw('SSC', { issue: '1', seed: 'not hex', seedHash: '00', result: [1, 2, 3, 4, 5] });
    expect(sut).toEqual({ hashMatches: false, computed: null, resultMatches: false, matches: false });
    expect(verifyDraw('KENO', { ...serverDraw('SSC', '1') }).matches).toBe(false);
  });

  it('compares results as values', () => {
    expect(sameResult({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toBe(true);
    expect(sameResult([1, 2], [2, 1])).toBe(false);
    expect(sameResult({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameResult(null, {})).toBe(false);
  });
});
