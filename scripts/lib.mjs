// Shared steps of `npm start`, `npm test` and `npm run bench`: install what is missing, build what is stale.
import { fork, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';

export const root = resolve(import.meta.dirname, '..');

export function run(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
  if (res.status !== 0) {
    console.error(`\n${cmd} ${args.join(' ')} failed (exit ${res.status})`);
    process.exit(res.status ?? 1);
  }
}

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** Installs dependencies when node_modules is missing or older than the lock file. */
export function ensureInstalled() {
  const marker = join(root, 'node_modules', '.package-lock.json');
  const lock = join(root, 'package-lock.json');
  if (existsSync(marker) && (!existsSync(lock) || statSync(lock).mtimeMs <= statSync(marker).mtimeMs)) return;
  console.log('> installing dependencies');
  // `npm install` rather than `npm ci`: the lock pins every version either way, and `npm ci` refuses
  // a lock that lacks optional per-platform packages the registry mirror does not carry (Biome's).
  run('npm', ['install', '--no-audit', '--no-fund']);
}

/** Builds the site and the server when any source is newer than the last build. */
export function ensureBuilt() {
  const stamp = join(root, 'node_modules', '.build-stamp');
  const inputs = [
    'apps/web/src',
    'apps/web/public',
    'apps/web/index.html',
    'apps/web/vite.config.ts',
    'apps/admin/src',
    'apps/admin/index.html',
    'apps/admin/vite.config.ts',
    'apps/server/src',
    'apps/server/drizzle',
    'packages',
    'package-lock.json',
  ];
  const newest = Math.max(...inputs.map((p) => newestMtime(join(root, p))));
  const built = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
  const outputs =
    existsSync(join(root, 'apps/web/dist/index.html')) &&
    existsSync(join(root, 'apps/admin/dist/index.html')) &&
    existsSync(join(root, 'apps/server/dist/main.js'));
  if (outputs && built >= newest) return;
  console.log('> building site and server');
  run('npm', ['run', 'build']);
  writeFileSync(stamp, new Date().toISOString());
}

/**
 * The Node the server runs on: the current LTS, which `npm install` brings for this platform as an
 * optional dependency (node-<os>-<arch> on the npm registry, a binary inside the package), else the
 * Node running this script (a platform the registry has no LTS binary for).
 */
export function serverNode() {
  const os = process.platform === 'win32' ? 'win' : process.platform;
  const bin = join(root, 'node_modules', `node-${os}-${process.arch}`, 'bin', process.platform === 'win32' ? 'node.exe' : 'node');
  return existsSync(bin) ? bin : process.execPath;
}

/**
 * Node's flags for the server, wherever it runs (`npm start`, the benches). A larger young
 * generation: the server allocates per request, and fewer minor collections spend less CPU per
 * call (see docs/decisions/0010-seamless-statement.md).
 */
export const serverFlags = [
  '--max-semi-space-size=32',
  ...(process.env.SERVER_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.SERVER_PROF_DIR}`] : []),
];

/** Servers forkServer started that have not exited. */
const running = new Set();
process.once('exit', () => {
  for (const child of running) child.kill('SIGTERM');
});

/** Stops a child forkServer started and waits for its exit (at once if it has already exited). */
export async function stopServer(child, signal = 'SIGTERM') {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill(signal);
  await exited;
}

/** A TCP port free on 127.0.0.1 now, chosen by the system (the caller's server binds it a moment later). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Runs `script` (by default the built server, with serverFlags) as a child of this process with
 * `env` over this process's environment; resolves with the child, its `port` and `url` set, once GET
 * `readyPath` answers below 500 with the child's own nonce in `x-bench-nonce`. The port is `env.PORT`
 * when given, else a free one; the nonce (BENCH_NONCE in the child's environment) makes sure the
 * answer comes from this child and not from another server that holds the port. `execArgv` adds Node
 * flags (a CPU profile, say); `node` is the Node that runs `script` (the server's LTS by default).
 * Children still running when this process exits are told to stop.
 */
export async function forkServer(
  env,
  {
    script = 'apps/server/dist/main.js',
    readyPath = '/healthz',
    execArgv = serverFlags,
    node = serverNode(),
    timeoutMs = 180_000,
    pollMs = 200,
  } = {},
) {
  const port = env.PORT && env.PORT !== '0' ? Number(env.PORT) : await freePort();
  const nonce = randomBytes(12).toString('hex');
  const path = resolve(root, script);
  return new Promise((ready, reject) => {
    const child = fork(path, [], {
      cwd: root,
      execPath: node,
      env: { ...process.env, ...env, PORT: String(port), BENCH_NONCE: nonce },
      execArgv,
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    let settled = false;
    const fail = (err) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(err);
    };
    const timer = setTimeout(() => fail(new Error(`${script} did not answer ${readyPath} with its nonce on port ${port}`)), timeoutMs);
    child.once('error', fail);
    const exited = (code, signal) => fail(new Error(`${script} exited (${code ?? signal}) before it was ready on port ${port}`));
    child.once('exit', exited);
    const poll = async () => {
      if (settled) return;
      try {
        const res = await fetch(`http://127.0.0.1:${port}${readyPath}`, { signal: AbortSignal.timeout(5_000) });
        await res.arrayBuffer();
        if (res.status < 500 && res.headers.get('x-bench-nonce') === nonce && !settled) {
          settled = true;
          clearTimeout(timer);
          child.off('exit', exited);
          running.add(child);
          child.once('exit', () => running.delete(child));
          child.port = port;
          child.url = `http://127.0.0.1:${port}`;
          return ready(child);
        }
      } catch {}
      setTimeout(poll, pollMs);
    };
    poll();
  });
}
