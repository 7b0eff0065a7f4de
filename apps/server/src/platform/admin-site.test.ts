import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { adminPaths } from '@platform/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

let sut: TestApp;
let dir: string;

beforeAll(async () => {
  // A stand-in for apps/admin/dist: the shell and one hashed asset.
  dir = mkdtempSync(join(tmpdir(), 'admin-dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Back office</title>');
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
  sut = await buildTestApp({ seed: false, config: { adminDist: dir } });
});
afterAll(async () => {
  await sut?.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (url: string) => sut.app.inject({ method: 'GET', url });

describe('the back office under /admin', () => {
  it('answers its shell for /admin and any page below it, fresh each time', async () => {
    for (const url of ['/admin', '/admin/', '/admin/login', '/admin/operators', '/admin/audit?x=1']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('Back office');
    }
  });

  it('serves hashed assets as immutable, and a missing one as not found', async () => {
    const asset = await get('/admin/assets/index-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toMatch(/immutable/);
    expect((await get('/admin/assets/missing-000.js')).statusCode).toBe(404);
    expect((await get('/admin/missing.png')).statusCode).toBe(404);
  });

  it('never shadows the admin API: its routes answer, unknown API paths get the API envelope', async () => {
    const me = await get(adminPaths.me);
    expect(me.statusCode).toBe(401);
    expect(me.json()).toMatchObject({ success: false, code: 'APP_ERR_OPERATOR_UNAUTHORIZED' });
    const unknown = await get('/admin/v1/no-such-route');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ success: false });
  });
});
