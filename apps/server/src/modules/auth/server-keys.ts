import {
  constants,
  createDecipheriv,
  createPrivateKey,
  createPublicKey,
  generateKeyPair,
  type KeyObject,
  privateDecrypt,
  randomBytes,
} from 'node:crypto';
import { promisify } from 'node:util';
import type { PublicKey } from '@platform/contract';
import type { preValidationAsyncHookHandler } from 'fastify';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { getOrCreateSecret } from './auth.repository.ts';

/** A secret every node shares: created by the first node that asks, kept in the database (other modules' keys too). */
export { getOrCreateSecret };

/**
 * The keys every node shares, created by the first node that starts and kept in the database:
 * the RSA-2048 key pair for encrypted bodies and the HMAC key that signs ALTCHA challenges.
 */
export interface ServerKeys {
  publicKey: PublicKey;
  privateKey: KeyObject;
  altchaHmacKey: string;
}

export async function loadServerKeys(db: Db): Promise<ServerKeys> {
  const pem = await getOrCreateSecret(db, 'rsa-oaep-2048', async () => {
    const pair = await promisify(generateKeyPair)('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    return pair.privateKey;
  });
  const altchaHmacKey = await getOrCreateSecret(db, 'altcha-hmac', async () => randomBytes(32).toString('base64url'));
  const privateKey = createPrivateKey(pem);
  const publicKey = createPublicKey(privateKey);
  return {
    privateKey,
    altchaHmacKey,
    publicKey: {
      publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      spki: publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
      algorithm: 'RSA-OAEP-256',
      hybrid: 'A256GCM',
    },
  };
}

const rsaOaep = (key: KeyObject, data: Buffer) =>
  privateDecrypt({ key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, data);

/**
 * Decrypts `{ encrypted }` (RSA-OAEP-SHA256 of the JSON, up to 190 bytes) or `{ key, iv, encrypted }`
 * (the JSON under AES-256-GCM, whose key is RSA-OAEP-SHA256 encrypted; the 16-byte tag ends the
 * ciphertext, as WebCrypto writes it).
 */
export function decryptBody(privateKey: KeyObject, body: { encrypted: string; key?: string; iv?: string }): unknown {
  try {
    const data = Buffer.from(body.encrypted, 'base64');
    let plain: Buffer;
    if (body.key) {
      const aesKey = rsaOaep(privateKey, Buffer.from(body.key, 'base64'));
      const iv = Buffer.from(body.iv ?? '', 'base64');
      if (aesKey.length !== 32 || iv.length !== 12 || data.length < 16) throw new Error('bad hybrid envelope');
      const decipher = createDecipheriv('aes-256-gcm', aesKey, iv);
      decipher.setAuthTag(data.subarray(data.length - 16));
      plain = Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]);
    } else {
      plain = rsaOaep(privateKey, data);
    }
    return JSON.parse(plain.toString('utf8'));
  } catch {
    throw new AppError('APP_ERR_AUTH_DECRYPT_FAILED');
  }
}

/** A preValidation hook: an encrypted body is replaced by its plain JSON before the schema checks it. */
export function decryptBodies(keys: ServerKeys): preValidationAsyncHookHandler {
  return async (request) => {
    const body = request.body as { encrypted?: unknown; key?: unknown; iv?: unknown } | undefined;
    if (!body || typeof body !== 'object' || typeof body.encrypted !== 'string') return;
    const key = typeof body.key === 'string' ? body.key : undefined;
    const iv = typeof body.iv === 'string' ? body.iv : undefined;
    request.body = decryptBody(keys.privateKey, { encrypted: body.encrypted, key, iv });
  };
}
