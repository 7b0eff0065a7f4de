import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forkServer, stopServer } from '../scripts/lib.mjs';
import { alternate, assertRunning, httpLoad, resultsFile } from './harness.mjs';

const usualPorts = [18080, 18081, 18082, 18083, 18084];

/** Impostors on the bench's old fixed ports: they answer every path 200, and count what they get. */
const impostors: Server[] = [];
let impostorHits = 0;

function listen(port: number): Promise<Server | undefined> {
  return new Promise((resolve) => {
    const server = createServer((_req, res) => {
      impostorHits++;
      res.setHeader('content-type', 'application/json');
      res.setHeader('x-bench-nonce', 'not-yours');
      res.end('{"status":"ok","impostor":true}');
    });
    // A port some other process already holds is as good an impostor as ours.
    server.once('error', () => resolve(undefined));
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

const bare = { script: 'bench/bare-server.mjs', execArgv: [] };

describe('the bench harness', () => {
  beforeAll(async () => {
    for (const port of usualPorts) {
      const server = await listen(port);
      if (server) impostors.push(server);
    }
  });
  afterAll(async () => {
    await Promise.all(impostors.map((s) => new Promise((r) => s.close(r))));
  });

  it('starts its server on a free port of its own and measures it, not the server on the usual ports', async () => {
    impostorHits = 0;
    const child = await forkServer({}, bare);
    try {
      expect(usualPorts).not.toContain(child.port);
      expect(await (await fetch(`${child.url}/bare`)).json()).toEqual({ success: true, message: 'success', value: { ok: true } });
      const measured = await httpLoad(`${child.url}/bare`, { seconds: 1, connections: 2 });
      expect(measured.value).toBeGreaterThan(0);
      expect(impostorHits).toBe(0);
    } finally {
      await stopServer(child);
    }
  });

  it('refuses a server already on the port asked for: the child cannot bind, and the impostor is not taken for it', async () => {
    const held = impostors[0]?.address();
    if (!held || typeof held === 'string') throw new Error('no impostor could listen on the usual ports');
    await expect(forkServer({ PORT: String(held.port) }, bare)).rejects.toThrow(/exited/);
  });

  it('waits for the nonce: a server that answers readiness without it is never ready', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bench-harness-'));
    const script = join(dir, 'no-nonce.mjs');
    writeFileSync(
      script,
      `import { createServer } from 'node:http';
createServer((_req, res) => res.end('{"status":"ok"}')).listen(Number(process.env.PORT), '127.0.0.1');`,
    );
    try {
      await expect(forkServer({}, { script, execArgv: [], timeoutMs: 1_500 })).rejects.toThrow(/did not answer \/healthz with its nonce/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('notices a server that exits under a figure, and stopping it then does not wait for an exit already past', async () => {
    const child = await forkServer({}, bare);
    assertRunning(child);
    const gone = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await gone;
    expect(() => assertRunning(child)).toThrow(/exited \(SIGKILL\) during the figure/);
    await stopServer(child);
  });

  it('alternates figure and reference rounds and gives medians with their range', async () => {
    const order: string[] = [];
    const figure = [10, 30, 20];
    const reference = [20, 40, 100];
    const r = await alternate({
      rounds: 3,
      figure: async (i: number) => {
        order.push(`A${i}`);
        return { value: figure[i] as number, p99: i };
      },
      reference: async (i: number) => {
        order.push(`B${i}`);
        return { value: reference[i] as number };
      },
    });
    expect(order).toEqual(['A0', 'B0', 'A1', 'B1', 'A2', 'B2']);
    expect(r.figure).toMatchObject({ median: 20, min: 10, max: 30, rounds: [10, 30, 20], p99: { median: 1, min: 0, max: 2 } });
    expect(r.reference).toMatchObject({ median: 40, min: 20, max: 100 });
    expect(r.ratio).toEqual({ median: 0.5, min: 0.2, max: 0.75 });
  });

  it('appends each figure to the results file with the run context the moment it is recorded', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bench-results-'));
    try {
      const file = resultsFile(join(dir, 'run.jsonl'), { commit: 'abc', cores: 2 });
      file.append({ figure: 'one', value: 1 });
      expect(readFileSync(file.path, 'utf8').trim().split('\n')).toHaveLength(1);
      file.append({ figure: 'two', value: 2 });
      const lines = readFileSync(file.path, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l));
      expect(lines.map((l) => l.figure)).toEqual(['one', 'two']);
      expect(lines[1]).toMatchObject({ commit: 'abc', cores: 2, value: 2 });
      expect(lines[1].loadavg).toHaveLength(3);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
