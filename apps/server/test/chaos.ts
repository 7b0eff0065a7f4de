// Helpers of the chaos tests: the real server process (src/main.ts under tsx) on a chaos database,
// killed and restarted by the test, and clients that hold a stop. Never imported by the application.
import { type ChildProcess, spawn } from 'node:child_process';
import { connect, createServer, type Socket } from 'node:net';
import { resolve } from 'node:path';

const serverDir = resolve(import.meta.dirname, '..');

export function freePort(): Promise<number> {
  return new Promise((ok) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => ok(port));
    });
  });
}

export interface ChaosServer {
  child: ChildProcess;
  /** Its JSON log lines, as they come. */
  logs: Record<string, unknown>[];
}

/** The real process entry on the chaos database, with its jobs on; `env` adds to its environment. */
export async function startServer(url: string, port: number, env: Record<string, string> = {}): Promise<ChaosServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: url,
      WEB_DIST: '/nonexistent',
      VITEST: '',
      JOBS: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const logs: Record<string, unknown>[] = [];
  let rest = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    const lines = (rest + chunk.toString()).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) if (line.startsWith('{')) logs.push(JSON.parse(line));
  });
  // Up to a minute: compiling the server under tsx on a busy machine has taken over 15 s.
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return { child, logs };
    } catch {}
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start');
}

export const exitOf = (child: ChildProcess) => new Promise<number | null>((ok) => child.once('exit', (code) => ok(code)));

/** kill -9, and waits for the process to be gone. */
export async function killHard(server: ChaosServer): Promise<void> {
  const gone = exitOf(server.child);
  server.child.kill('SIGKILL');
  await gone;
}

/** SIGTERM; resolves with the exit code and how long the stop took. */
export async function stopGracefully(server: ChaosServer): Promise<{ code: number | null; took: number }> {
  const stopped = exitOf(server.child);
  const signalledAt = Date.now();
  server.child.kill('SIGTERM');
  const code = await stopped;
  return { code, took: Date.now() - signalledAt };
}

/** Clients that connect and never finish a request, or finish one and stay idle: they must not hold a stop. */
export function slowClients(port: number): Socket[] {
  return Array.from({ length: 4 }, (_, i) => {
    const s = connect(port, '127.0.0.1', () => {
      s.write(
        i % 2
          ? 'GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n'
          : 'POST /wps/inhouse/dice/roll HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n{',
      );
    });
    s.on('error', () => undefined);
    return s;
  });
}

/** Polls `check` every 100 ms until it holds or `ms` pass; the last value it returned. */
export async function eventually<T>(check: () => Promise<T>, holds: (v: T) => boolean, ms: number): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (holds(v) || Date.now() > until) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}
