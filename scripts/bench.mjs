// `npm run bench`: each figure beside the bare-Fastify reference measured in the same run.
import { fork } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { ensureBuilt, ensureInstalled, root } from './lib.mjs';

ensureInstalled();
ensureBuilt();

const duration = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);

function start(script, env) {
  return new Promise((resolve, reject) => {
    const child = fork(script, [], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
    const port = Number(env.PORT);
    const poll = async () => {
      try {
        const res = await fetch(`http://127.0.0.1:${port}${env.READY_PATH ?? '/'}`);
        if (res.status < 500) return resolve(child);
      } catch {}
      setTimeout(poll, 200);
    };
    poll();
  });
}

async function load(url, headers = {}) {
  await autocannon({ url, connections, duration: 2, headers }); // warm-up
  const r = await autocannon({ url, connections, duration, headers });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { rps: r.requests.average, p99: r.latency.p99 };
}

function firstLoadGzip() {
  const dist = join(root, 'apps/web/dist');
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const files = new Set();
  for (const m of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) files.add(m[1]);
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g)) files.add(m[1]);
  let bytes = 0;
  for (const f of files) bytes += gzipSync(readFileSync(join(dist, f.replace(/^\//, ''))), { level: 9 }).length;
  return { files: files.size, kb: bytes / 1024 };
}

const rows = [];
const row = (name, value, reference, note) => rows.push({ name, value, reference, note });

const dataDir = mkdtempSync(join(tmpdir(), 'bench-data-'));
const bare = await start(join(root, 'bench/bare-server.mjs'), { PORT: '18081', READY_PATH: '/bare' });
const reference = await load('http://127.0.0.1:18081/bare');
bare.kill();

const server = await start(join(root, 'apps/server/dist/main.js'), {
  PORT: '18080',
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  READY_PATH: '/healthz',
});
try {
  const permission = await load('http://127.0.0.1:18080/wps/system/permission');
  const announcements = await load('http://127.0.0.1:18080/wps/relay/announcements?types=B,PL,PU,PR,H&platform=W&pageNo=1&pageSize=9');
  const ratio = permission.rps / reference.rps;
  row('bare Fastify route (reference)', `${reference.rps.toFixed(0)} req/s, p99 ${reference.p99} ms`, '', '');
  row(
    'GET /wps/system/permission',
    `${permission.rps.toFixed(0)} req/s, p99 ${permission.p99} ms`,
    `${(ratio * 100).toFixed(0)}% of reference`,
    ratio >= 0.5 ? 'target >= 50%: met' : 'target >= 50%: NOT met',
  );
  row(
    'GET /wps/relay/announcements (PGlite)',
    `${announcements.rps.toFixed(0)} req/s, p99 ${announcements.p99} ms`,
    `${((announcements.rps / reference.rps) * 100).toFixed(0)}% of reference`,
    '',
  );
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}

// Ledger transfers, in a separate process per run (TypeScript through tsx), on PostgreSQL when reachable.
{
  const { spawnSync } = await import('node:child_process');
  const res = spawnSync(process.execPath, ['--import', 'tsx', 'bench/ledger.bench.ts'], {
    cwd: root,
    env: { ...process.env, BENCH_SECONDS: String(duration) },
    encoding: 'utf8',
  });
  if (res.status !== 0) console.error(res.stderr);
  for (const line of res.stdout.split('\n').filter((l) => l.startsWith('{'))) {
    const r = JSON.parse(line);
    const who = r.players === 1 ? 'one hot player' : `${r.players} players`;
    const target =
      r.engine === 'postgres' && r.players > 1
        ? r.perSecond >= 2000 && r.p99 < 20
          ? 'target 2,000/s p99<20ms: met'
          : 'target 2,000/s p99<20ms: NOT met'
        : '';
    row(
      `ledger transfers, ${r.engine}, ${who}`,
      `${r.perSecond.toFixed(0)} /s, p99 ${r.p99.toFixed(1)} ms`,
      `${((r.perSecond / reference.rps) * 100).toFixed(1)}% of reference`,
      `${target}${r.invariantsOk ? '' : ' INVARIANTS BROKEN'}`,
    );
  }
}

const js = firstLoadGzip();
row(
  'home first-load JavaScript',
  `${js.kb.toFixed(1)} KB gzip in ${js.files} files`,
  '',
  js.kb <= 150 ? 'target <= 150 KB: met' : 'target <= 150 KB: NOT met',
);

console.log(`\nBench (${connections} connections, ${duration} s per figure, node ${process.version})\n`);
const w = Math.max(...rows.map((r) => r.name.length));
for (const r of rows) console.log(`${r.name.padEnd(w)}  ${r.value.padEnd(34)} ${r.reference.padEnd(20)} ${r.note}`);
