import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

const themeScript = "document.documentElement.dataset.theme = 'dark';";
const siteDir = mkdtempSync(join(tmpdir(), 'site-'));
writeFileSync(
  join(siteDir, 'index.html'),
  `<!doctype html><html><head><script>${themeScript}</script><script type="module" src="/assets/index.js"></script></head><body></body></html>`,
);

let sut: TestApp;
beforeAll(async () => {
  sut = await buildTestApp({ config: { webDist: siteDir, trustProxy: true } });
});
afterAll(async () => {
  await sut.close();
  rmSync(siteDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => sut.app.inject({ method: 'GET', url, headers });

function directives(csp: string | undefined): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (csp ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values);
  }
  return map;
}

describe('security headers', () => {
  it.each([
    ['the site', '/'],
    ['a site route', '/lottery'],
    ['an API path', '/wps/system/status'],
    ['an API error', '/wps/no/such/route'],
    ['the API docs', '/docs/'],
  ])('sends the policy on %s', async (_name, url) => {
    const res = await get(url);
    expect(res.statusCode).toBeLessThan(500);
    const csp = directives(res.headers['content-security-policy'] as string);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    // Plain HTTP: no HSTS (a browser ignores it there, and a test server must stay reachable).
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it("allows the site's own inline theme script by its hash, and no other inline script", async () => {
    const res = await get('/');
    expect(res.headers['content-type']).toContain('text/html');
    const hash = `'sha256-${createHash('sha256').update(themeScript).digest('base64')}'`;
    expect(directives(res.headers['content-security-policy'] as string).get('script-src')).toEqual(["'self'", hash]);
  });

  it('sends HSTS only on requests that came over TLS, as the trusted proxy reports', async () => {
    const overTls = await get('/wps/system/status', { 'x-forwarded-proto': 'https' });
    expect(overTls.headers['strict-transport-security']).toBe('max-age=31536000');
    const plain = await get('/wps/system/status', { 'x-forwarded-proto': 'http' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('security headers behind no trusted proxy', () => {
  it('ignores a forwarded https that no trusted proxy vouches for', async () => {
    const untrusted = await buildTestApp({ seed: false, config: { trustProxy: false } });
    try {
      const res = await untrusted.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-forwarded-proto': 'https' } });
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    } finally {
      await untrusted.close();
    }
  });
});
