import { randomBytes } from 'node:crypto';
import { insertProvider } from '../modules/seamless/seamless.repository.ts';
import type { Db } from '../platform/db.ts';

/**
 * Game providers allowed to call the seamless wallet. Our in-house provider plays for the INHOUSE
 * vendor; its secret is made here, once, and read from the database by the in-house game server.
 */
export async function seedGameProviders(db: Db): Promise<void> {
  await insertProvider(db, { code: 'INHOUSE', vendorCode: 'INHOUSE', secret: randomBytes(32).toString('base64url') });
}
