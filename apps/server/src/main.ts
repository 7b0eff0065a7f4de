import { buildApp } from './app.ts';
import { loadConfig } from './platform/config.ts';
import { openDatabase } from './platform/db.ts';
import { seedDemoData } from './seed/seed.ts';

/** Starts one API node: migrate, seed an empty database, serve, and shut down cleanly on a signal. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  const seeded = await seedDemoData(database.db);
  const app = await buildApp({ config, database });
  app.log.info({ database: database.kind, seeded }, 'database ready');
  if (config.mode !== 'production')
    app.log.warn(
      { mode: config.mode, paymentSandbox: config.paymentSandbox },
      `${config.mode} mode: every SMS and e-mail code is readable at /wps/dev/outbox${config.paymentSandbox ? ', sandbox payments approve on a click' : ''}; never run a real site so (APP_MODE=production)`,
    );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
