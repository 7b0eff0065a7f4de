import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { testEngine } from '../test/test-database.ts';

const serverDir = resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(join(tmpdir(), 'main-test-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function freePort(): Promise<number> {
  return new Promise((ok) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => ok(port));
    });
  });
}

/** Starts the real process entry on PGlite in `dataDir` and collects its JSON log lines. */
async function startServer(port: number): Promise<{ child: ChildProcess; logs: Record<string, unknown>[] }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      WEB_DIST: '/nonexistent',
      VITEST: '',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const logs: Record<string, unknown>[] = [];
  child.stdout?.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line.startsWith('{')) logs.push(JSON.parse(line));
  });
  for (let i = 0; i < 150; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return { child, logs };
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start');
}

function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((ok) => child.once('exit', (code) => ok(code)));
}

// The process entry is engine-independent; run it once, on PGlite.
describe.runIf(testEngine === 'pglite')('the server process', () => {
  it('seeds an empty database, keeps its data across a restart, and shuts down cleanly on SIGINT', async () => {
    const port = await freePort();
    const first = await startServer(port);
    expect(first.logs.find((l) => l.msg === 'database ready')).toMatchObject({ seeded: true, database: 'pglite' });
    const res = await fetch(`http://127.0.0.1:${port}/wps/system/domainRoute`);
    expect(res.headers.get('x-request-id')).toBeTruthy();
    const exited = exitOf(first.child);
    first.child.kill('SIGINT');
    expect(await exited).toBe(0);
    // Each request was logged with its id, and no header values (tokens) were written.
    expect(first.logs.some((l) => typeof l.reqId === 'string')).toBe(true);

    const second = await startServer(port);
    expect(second.logs.find((l) => l.msg === 'database ready')).toMatchObject({ seeded: false });
    const regions = (await (await fetch(`http://127.0.0.1:${port}/wps/system/domainRoute`)).json()) as { value: unknown[] };
    expect(regions.value).toHaveLength(2);
    const exited2 = exitOf(second.child);
    second.child.kill('SIGTERM');
    expect(await exited2).toBe(0);
  }, 60_000);
});
