/**
 * Seals a request body with the server's published RSA key, as docs/decisions/0004-accounts.md
 * describes: JSON up to 190 bytes goes straight under RSA-OAEP-SHA256 (`{ encrypted }`); anything
 * longer goes under AES-256-GCM with a fresh key and IV, and only the key goes under RSA
 * (`{ encrypted, key, iv }`, the ciphertext followed by its 16-byte tag, as WebCrypto writes it).
 */
export interface SealedBody {
  encrypted: string;
  key?: string;
  iv?: string;
}

/** The most bytes RSA-OAEP-SHA256 takes with a 2048-bit key: 256 - 2 * 32 - 2. */
export const rsaLimit = 190;

const toBase64 = (bytes: ArrayBuffer | Uint8Array) => {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let binary = '';
  for (const b of view) binary += String.fromCharCode(b);
  return btoa(binary);
};

const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** Imports the base64 SPKI DER of GET /wps/system/publicKey for encryption. */
export function importPublicKey(spki: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('spki', fromBase64(spki), { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);
}

export async function seal(publicKey: CryptoKey, body: unknown): Promise<SealedBody> {
  const plain = new TextEncoder().encode(JSON.stringify(body));
  if (plain.length <= rsaLimit) {
    return { encrypted: toBase64(await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, publicKey, plain)) };
  }
  const raw = crypto.getRandomValues(new Uint8Array(32));
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const aes = await crypto.subtle.importKey('raw', raw, { name: 'AES-GCM' }, false, ['encrypt']);
  const [encrypted, key] = await Promise.all([
    crypto.subtle.encrypt({ name: 'AES-GCM', iv }, aes, plain),
    crypto.subtle.encrypt({ name: 'RSA-OAEP' }, publicKey, raw),
  ]);
  return { encrypted: toBase64(encrypted), key: toBase64(key), iv: toBase64(iv) };
}
