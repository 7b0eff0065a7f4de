import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/platform/config.ts';
import type { Database } from '../src/platform/db.ts';
import { type SeedOptions, seedDemoData } from '../src/seed/seed.ts';
import { createTestDatabase } from './test-database.ts';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

/**
 * The whole API on a fresh database seeded with the demo merchants, for `app.inject` tests; the
 * vendors without a contract are switched on unless the test asks for the demo's default.
 */
export async function buildTestApp(
  opts: { seed?: boolean; config?: Partial<Config>; vendorsWithoutContract?: SeedOptions['vendorsWithoutContract'] } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  if (opts.seed !== false) await seedDemoData(database.db, new Date(), { vendorsWithoutContract: opts.vendorsWithoutContract ?? 'on' });
  const config = { ...loadConfig({}), webDist: undefined, merchantCacheSeconds: 0, sandboxRedeliverMs: 0, jobs: false, ...opts.config };
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
