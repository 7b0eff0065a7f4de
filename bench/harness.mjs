// The bench as an instrument: alternating rounds summarised by their median and range, the load
// generator, the pgbench reference, and the results file every figure is appended to as it is measured.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { root, serverNode } from '../scripts/lib.mjs';

/** Median and range of some numbers (the mean of the middle two for an even count). */
export function summary(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  return { median, min: sorted[0], max: sorted[sorted.length - 1] };
}

/**
 * Runs the figure and its reference in alternating rounds (A B A B ..., `rounds` of each), so both
 * see the same drift of a shared machine. Each side resolves with `{ value, p99? }` per round. The
 * ratio is the median of the per-round ratios (each A beside the B just after it), with its range.
 */
export async function alternate({ rounds, figure, reference, onRound = () => {} }) {
  const a = [];
  const b = [];
  for (let i = 0; i < rounds; i++) {
    a.push(await figure(i));
    b.push(await reference(i));
    onRound(i, a[i], b[i]);
  }
  const side = (measures) => ({
    ...summary(measures.map((m) => m.value)),
    rounds: measures.map((m) => m.value),
    ...(measures.every((m) => m.p99 !== undefined) ? { p99: summary(measures.map((m) => m.p99)) } : {}),
  });
  return { figure: side(a), reference: side(b), ratio: summary(a.map((m, i) => m.value / b[i].value)) };
}

/**
 * Requests per second and p99 (ms) of HTTP load on `url` for `seconds`, after a short warm-up when
 * asked; any non-2xx answer or error fails the round (a figure of refusals measures nothing).
 */
export async function httpLoad(url, { seconds, connections, headers = {}, warmUp = 0, ...extra }) {
  if (warmUp > 0) await autocannon({ url, connections, duration: warmUp, headers, ...extra });
  const r = await autocannon({ url, connections, duration: seconds, headers, ...extra });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { value: r.requests.average, p99: r.latency.p99 };
}

/** Throws when a server the figure loads has exited (its figures would be those of an empty port). */
export function assertRunning(child, what = 'the server') {
  const end = child.exitCode ?? child.signalCode;
  if (end !== null) throw new Error(`${what} exited (${end}) during the figure`);
}

/** The pgbench binary: PGBENCH, else the newest PostgreSQL's under /usr/lib/postgresql, else the PATH's. */
export function pgbenchBinary() {
  if (process.env.PGBENCH) return process.env.PGBENCH;
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base) ? readdirSync(base).filter((v) => existsSync(join(base, v, 'bin/pgbench'))) : [];
  versions.sort((x, y) => Number(y) - Number(x));
  return versions.length > 0 ? join(base, versions[0], 'bin/pgbench') : 'pgbench';
}

/**
 * The reference of the database-bound figures: pgbench's TPC-B on its own database of the same
 * PostgreSQL server (created here, dropped by `drop`). `round(seconds)` runs it for that long with
 * `clients` connections and resolves with `{ value: TPS, p99 }`, the p99 (ms) computed from pgbench's
 * per-transaction log.
 */
export async function pgbenchReference({ adminUrl, clients = 20, scale = 20 }) {
  const name = `bench_pgbench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  const args = ['-h', url.hostname, '-p', url.port || '5432', '-U', decodeURIComponent(url.username || 'postgres')];
  const env = { ...process.env, ...(url.password ? { PGPASSWORD: decodeURIComponent(url.password) } : {}) };
  const bin = pgbenchBinary();
  execFileSync(bin, ['-i', '-q', '-s', String(scale), ...args, name], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  const logs = mkdtempSync(join(tmpdir(), 'bench-pgbench-'));
  return {
    name: `pgbench TPC-B (scale ${scale}, ${clients} clients)`,
    round: (seconds) =>
      new Promise((resolve, reject) => {
        const prefix = join(logs, `round${randomBytes(3).toString('hex')}`);
        const child = spawn(
          bin,
          ['-n', '-T', String(seconds), '-c', String(clients), '-j', '2', '-l', `--log-prefix=${prefix}`, ...args, name],
          {
            env,
            cwd: logs,
          },
        );
        let out = '';
        child.stdout.on('data', (d) => {
          out += d;
        });
        child.stderr.on('data', (d) => {
          out += d;
        });
        child.once('error', reject);
        child.once('exit', (code) => {
          const tps = /tps = ([\d.]+)/.exec(out);
          if (code !== 0 || !tps) return reject(new Error(`pgbench failed (${code}): ${out.slice(-500)}`));
          // Each log line: client, transaction, latency in µs, ...
          const latencies = [];
          for (const file of readdirSync(logs).filter((f) => join(logs, f).startsWith(prefix))) {
            for (const line of readFileSync(join(logs, file), 'utf8').split('\n')) {
              const us = Number(line.split(' ')[2]);
              if (line && Number.isFinite(us)) latencies.push(us / 1000);
            }
            rmSync(join(logs, file));
          }
          latencies.sort((a, b) => a - b);
          const p99 = latencies[Math.floor(latencies.length * 0.99)];
          resolve({ value: Number(tps[1]), p99: p99 === undefined ? undefined : Number(p99.toFixed(1)) });
        });
      }),
    drop: async () => {
      rmSync(logs, { recursive: true, force: true });
      await admin.query(`drop database ${name} with (force)`);
      await admin.end();
    },
  };
}

/** What the figures of one run share: the code, the machine and its load, the Node versions. */
export function runContext() {
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  } catch {}
  let dirty = false;
  try {
    dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: root, encoding: 'utf8' }).trim() !== '';
  } catch {}
  const server = serverNode();
  return {
    commit,
    dirty,
    cores: availableParallelism(),
    node: process.version,
    serverNode: server === process.execPath ? process.version : execFileSync(server, ['--version'], { encoding: 'utf8' }).trim(),
  };
}

/**
 * The results file of one run, in JSON Lines: one object per figure, appended (and flushed) the moment
 * the figure is measured, so a run that dies late keeps every figure before it. Each line carries the
 * run's context and the load average at the time of the figure.
 */
export function resultsFile(path, context) {
  mkdirSync(dirname(path), { recursive: true });
  return {
    path,
    append(entry) {
      const line = { at: new Date().toISOString(), ...context, loadavg: loadavg().map((l) => Number(l.toFixed(2))), ...entry };
      appendFileSync(path, `${JSON.stringify(line)}\n`);
      return line;
    },
  };
}
