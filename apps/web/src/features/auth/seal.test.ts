import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptBody } from '../../../../server/src/modules/auth/server-keys.ts';
import { importPublicKey, rsaLimit, seal } from './seal.ts';

const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
const spki = pair.publicKey.export({ type: 'spki', format: 'der' }).toString('base64');

describe('seal', () => {
  it('puts a short body straight under RSA-OAEP, which the server opens', async () => {
    const body = { username: 'demoplayer', password: 'Demo1234' };
    const sealed = await seal(await importPublicKey(spki), body);
    expect(sealed.key).toBeUndefined();
    expect(decryptBody(pair.privateKey, sealed)).toEqual(body);
  });

  it('uses AES-GCM with an RSA-sealed key for a body over 190 bytes, which the server opens', async () => {
    const body = { username: 'demoplayer', password: 'Demo1234', altcha: 'x'.repeat(400), note: 'ação 中文' };
    expect(new TextEncoder().encode(JSON.stringify(body)).length).toBeGreaterThan(rsaLimit);
    const sealed = await seal(await importPublicKey(spki), body);
    expect(sealed.key).toBeDefined();
    expect(atob(sealed.iv ?? '').length).toBe(12);
    expect(decryptBody(pair.privateKey, sealed)).toEqual(body);
  });

  it('seals the same body differently each time', async () => {
    const key = await importPublicKey(spki);
    const a = await seal(key, { long: 'y'.repeat(300) });
    const b = await seal(key, { long: 'y'.repeat(300) });
    expect(a.encrypted).not.toBe(b.encrypted);
  });
});
