import { resolve } from 'node:path';

export interface Config {
  port: number;
  host: string;
  /** postgres:// URL of a PostgreSQL server; PGlite is used when absent. */
  databaseUrl: string | undefined;
  /** Folder of the embedded PGlite database; 'memory://' keeps it in memory. */
  dataDir: string;
  /** Folder of the built site to serve, when it exists. */
  webDist: string | undefined;
  logLevel: string;
  /** Trust X-Forwarded-For from a load balancer in front. */
  trustProxy: boolean;
  /** Seconds a merchant's configuration and content are cached by one node. */
  merchantCacheSeconds: number;
  /** Check every response against its schema (tests and development); costs throughput. */
  validateResponses: boolean;
}

/** Reads the configuration from environment variables, with defaults for `npm start`. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR ?? resolve(process.cwd(), 'data'),
    webDist: env.WEB_DIST ?? resolve(process.cwd(), 'apps/web/dist'),
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    merchantCacheSeconds: Number(env.MERCHANT_CACHE_SECONDS ?? 5),
    validateResponses: env.VALIDATE_RESPONSES === '1' || Boolean(env.VITEST),
  };
}
