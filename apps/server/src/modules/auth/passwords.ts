import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { AuthConfig } from './auth.config.ts';

/**
 * Password hashing with argon2id (OWASP: 19 MiB, 2 passes, 1 lane), on libuv's thread pool so the
 * event loop keeps serving. The PHC string records its own parameters, so hashes made under another
 * cost still verify.
 */
export class PasswordHasher {
  private dummy: Promise<string> | undefined;

  constructor(private readonly cost: AuthConfig['passwordHash']) {}

  hash(password: string): Promise<string> {
    return hash(password, { memoryCost: this.cost.memoryCost, timeCost: this.cost.timeCost, parallelism: 1 });
  }

  async verify(passwordHash: string | null | undefined, password: string): Promise<boolean> {
    if (!passwordHash) {
      // Unknown account or no password: spend the same time as a real check, so timing reveals nothing.
      this.dummy ??= this.hash(randomBytes(16).toString('hex'));
      await verify(await this.dummy, password).catch(() => false);
      return false;
    }
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  }
}
