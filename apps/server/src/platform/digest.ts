import { hash } from 'node:crypto';

/**
 * Hex SHA-256 of a text (token digests, request fingerprints, seed hashes). One call, no hash object:
 * several run per request on the hot paths.
 */
export const sha256Hex = (text: string): string => hash('sha256', text, 'hex');
