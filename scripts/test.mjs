// `npm test`: every test. Unit and integration on PGlite always; integration again on PostgreSQL when
// one is reachable (TEST_DATABASE_URL, default the local server); browser journeys when Chromium exists.
// REQUIRE_POSTGRES=1 / REQUIRE_BROWSER=1 (set by .ci/run) turn a missing engine into a failure.
// Each Node the code runs on takes the whole suite once: unit and integration on PGlite on the Node
// running this script (the machine's, Node 20 here), unit, integration on PostgreSQL and the browser
// journeys on the Node the server runs on (the current LTS, scripts/lib.mjs serverNode), whose sites
// in the journeys run on PGlite. When the two are one Node, PGlite's phase is simply on it.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuilt, ensureInstalled, root, serverNode } from './lib.mjs';

ensureInstalled();
ensureBuilt();

const reports = mkdtempSync(join(tmpdir(), 'platform-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
let failed = false;

const lts = serverNode();
const ltsVersion = spawnSync(lts, ['--version'], { encoding: 'utf8' }).stdout.trim();

function vitest(label, projects, env = {}, node = lts) {
  console.log(`\n> ${label} (Node ${node === lts ? ltsVersion : process.version})`);
  const out = join(reports, `${label.replace(/\W+/g, '-')}.json`);
  const args = [
    join(root, 'node_modules', 'vitest', 'vitest.mjs'),
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}`,
  ];
  const res = spawnSync(node, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (existsSync(out)) {
    const report = JSON.parse(readFileSync(out, 'utf8'));
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + report.numTodoTests;
  }
  if (res.status !== 0) failed = true;
}

async function postgresUrl() {
  const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return url;
  } catch {
    return undefined;
  }
}

function chromiumPath() {
  return [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => p && existsSync(p));
}

vitest('unit and integration on PGlite', ['unit', 'integration'], { TEST_DB: 'pglite' }, process.execPath);

const pgUrl = await postgresUrl();
if (pgUrl) vitest('unit, and integration on PostgreSQL', ['unit', 'integration'], { TEST_DB: 'postgres', TEST_DATABASE_URL: pgUrl });
else if (process.env.REQUIRE_POSTGRES === '1') {
  console.error('PostgreSQL is required (REQUIRE_POSTGRES=1) but not reachable');
  failed = true;
} else console.log('\n> integration on PostgreSQL: skipped, no server reachable (set TEST_DATABASE_URL)');

const chromium = chromiumPath();
if (chromium) vitest('browser journeys in Chromium', ['browser'], { CHROMIUM_PATH: chromium });
else if (process.env.REQUIRE_BROWSER === '1') {
  console.error('Chromium is required (REQUIRE_BROWSER=1) but not installed');
  failed = true;
} else console.log('\n> browser journeys: skipped, Chromium not found (apt-get install chromium, or set CHROMIUM_PATH)');

console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failed || totals.failed > 0 ? 1 : 0);
