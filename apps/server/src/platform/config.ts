import { resolve } from 'node:path';

/**
 * What the node runs as. `production`: a real deployment (no sandbox payments, no outbox page).
 * `demo`: what `npm start` runs, a deployment to try the site (sandbox payments, and every SMS and
 * e-mail readable at /wps/dev/outbox, said at start). `development`: the same on a developer's
 * machine and in tests.
 */
export type AppMode = 'development' | 'demo' | 'production';

export interface Config {
  /** APP_MODE; when unset, production under NODE_ENV=production and development otherwise. */
  mode: AppMode;
  port: number;
  host: string;
  /** postgres:// URL of a PostgreSQL server; PGlite is used when absent. */
  databaseUrl: string | undefined;
  /** Folder of the embedded PGlite database; 'memory://' keeps it in memory. */
  dataDir: string;
  /** Folder of the built site to serve, when it exists. */
  webDist: string | undefined;
  /** Folder of the built back office (apps/admin), served under /admin when it exists. */
  adminDist: string | undefined;
  logLevel: string;
  /** Trust X-Forwarded-For from a load balancer in front. */
  trustProxy: boolean;
  /** Seconds a merchant's configuration and content are cached by one node. */
  merchantCacheSeconds: number;
  /**
   * Statements of grouped seamless-wallet calls a node writes at once (SEAMLESS_WRITERS, default
   * one): more make smaller groups, each paying a statement's fixed cost (decision 0010). PGlite
   * has one connection, so there it is always one.
   */
  seamlessWriters: number;
  /** Check every response against its schema (tests and development); costs throughput. */
  validateResponses: boolean;
  /** Scheme and host players reach this site at (payment pages and PIX locations point here). */
  publicOrigin: string;
  /** The sandbox payment provider sends each webhook again after this many ms (0: once). */
  sandboxRedeliverMs: number;
  /**
   * Offer the sandbox payment provider (its pages let anyone approve a charge): on outside
   * production, and in production only with PAYMENT_SANDBOX=1.
   */
  paymentSandbox: boolean;
  /** Run the periodic jobs (deposit reconciliation, withdrawal auto-confirmation) on this node. */
  jobs: boolean;
  /**
   * BENCH_WITHOUT_STAKE_GATE=1: stake without the stake gate, the bench's reference for what the gate
   * costs. Refused outside development mode, so no deployment can run without its gate.
   */
  benchWithoutStakeGate: boolean;
  /**
   * BENCH_WITHOUT_FEED=1: no ledger-feed consumer runs on this node (every other job does), the bench's
   * reference for what the consumers cost. Refused outside development mode, like the gate's.
   */
  benchWithoutFeed: boolean;
}

function appMode(env: NodeJS.ProcessEnv): AppMode {
  const mode = env.APP_MODE ?? (env.NODE_ENV === 'production' ? 'production' : 'development');
  if (mode !== 'development' && mode !== 'demo' && mode !== 'production')
    throw new Error('APP_MODE must be development, demo or production');
  return mode;
}

/** Reads the configuration from environment variables, with defaults for `npm start`. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const mode = appMode(env);
  const benchWithoutStakeGate = env.BENCH_WITHOUT_STAKE_GATE === '1';
  if (benchWithoutStakeGate && mode !== 'development')
    throw new Error('BENCH_WITHOUT_STAKE_GATE is a bench reference and is refused outside APP_MODE=development');
  const benchWithoutFeed = env.BENCH_WITHOUT_FEED === '1';
  if (benchWithoutFeed && mode !== 'development')
    throw new Error('BENCH_WITHOUT_FEED is a bench reference and is refused outside APP_MODE=development');
  return {
    mode,
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR ?? resolve(process.cwd(), 'data'),
    webDist: env.WEB_DIST ?? resolve(process.cwd(), 'apps/web/dist'),
    adminDist: env.ADMIN_DIST ?? resolve(process.cwd(), 'apps/admin/dist'),
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    merchantCacheSeconds: Number(env.MERCHANT_CACHE_SECONDS ?? 5),
    seamlessWriters: Math.max(1, Number(env.SEAMLESS_WRITERS ?? 1)),
    validateResponses: env.VALIDATE_RESPONSES === '1' || Boolean(env.VITEST),
    publicOrigin: (env.PUBLIC_URL ?? `http://localhost:${env.PORT ?? 8080}`).replace(/\/$/, ''),
    sandboxRedeliverMs: Number(env.SANDBOX_REDELIVER_MS ?? 3000),
    jobs: env.JOBS !== '0' && !env.VITEST,
    paymentSandbox: env.PAYMENT_SANDBOX === '1' || (env.PAYMENT_SANDBOX !== '0' && mode !== 'production'),
    benchWithoutStakeGate,
    benchWithoutFeed,
  };
}
