// A warm restart of `npm start`: the time from spawning `node scripts/start.mjs` on a built tree and an
// existing data directory until /healthz answers (with the nonce of that very process).
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { forkServer, root, stopServer } from '../scripts/lib.mjs';

async function start(dataDir) {
  const started = performance.now();
  const child = await forkServer(
    { DATA_DIR: dataDir, HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    { script: 'scripts/start.mjs', node: process.execPath, execArgv: [], pollMs: 25 },
  );
  const seconds = (performance.now() - started) / 1000;
  await stopServer(child);
  return seconds;
}

/**
 * One start to create and seed the data directory, then `rounds` timed restarts on it. `rebuilt` says
 * whether start.mjs rebuilt meanwhile (a source changed under the bench: then the figure is not a
 * warm restart).
 */
export async function warmRestart(rounds) {
  const stamp = join(root, 'node_modules', '.build-stamp');
  const stampOf = () => (existsSync(stamp) ? statSync(stamp).mtimeMs : 0);
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-restart-'));
  try {
    const cold = await start(dataDir);
    const before = stampOf();
    const restarts = [];
    for (let i = 0; i < rounds; i++) restarts.push(await start(dataDir));
    return { cold, restarts, rebuilt: stampOf() !== before };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
