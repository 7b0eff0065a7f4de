import { buildApp } from './app.ts';
import { removeGateForBench } from './modules/staking/stake-gate.ts';
import { removeFeedForBench } from './modules/wallet/ledger.feed.ts';
import { loadConfig } from './platform/config.ts';
import { openDatabase } from './platform/db.ts';
import { gracefulStop } from './platform/graceful-stop.ts';
import { seedDemoData } from './seed/seed.ts';

/** Requests under way get this long to finish when the node is told to stop; handlers still running after it, this long more. */
const STOP_GRACE_MS = 8_000;
const STOP_LAST_MS = 10_000;

/** Starts one API node: migrate, seed an empty database, serve, and shut down cleanly on a signal. */
async function main(): Promise<void> {
  const config = loadConfig();
  if (config.benchWithoutStakeGate) removeGateForBench();
  if (config.benchWithoutFeed) removeFeedForBench();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  const seeded = await seedDemoData(database.db);
  const app = await buildApp({ config, database });
  app.log.info({ database: database.kind, seeded }, 'database ready');
  if (config.benchWithoutStakeGate) app.log.warn('BENCH_WITHOUT_STAKE_GATE: stakes skip the stake gate on this node (a bench reference)');
  if (config.benchWithoutFeed) app.log.warn('BENCH_WITHOUT_FEED: no ledger-feed consumer runs on this node (a bench reference)');
  if (config.mode !== 'production')
    app.log.warn(
      { mode: config.mode, paymentSandbox: config.paymentSandbox },
      `${config.mode} mode: every SMS and e-mail code is readable at /wps/dev/outbox${config.paymentSandbox ? ', sandbox payments approve on a click' : ''}; never run a real site so (APP_MODE=production)`,
    );

  // Stop cleanly: requests under way (a round's bet and win) finish, slow clients are cut after the
  // grace; a stop that still hangs exits by force.
  const stop = gracefulStop(app, { graceMs: STOP_GRACE_MS, lastMs: STOP_LAST_MS, after: () => database.close() });
  const shutdown = (signal: string) => {
    const force = setTimeout(() => process.exit(1), STOP_GRACE_MS + STOP_LAST_MS + 5_000);
    force.unref();
    stop(signal).then(
      () => process.exit(0),
      (err) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { graceMs: STOP_GRACE_MS },
    'on SIGTERM or SIGINT: no new connections, requests under way finish within the grace, then open connections are closed and the jobs end their run',
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
