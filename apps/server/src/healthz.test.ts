import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/test-app.ts';

// The bench (scripts/lib.mjs forkServer) starts the server with BENCH_NONCE and takes it as ready
// only when /healthz answers that nonce, so it never measures another server on the same port.
describe('/healthz and the bench nonce', () => {
  let benched: TestApp;
  let plain: TestApp;
  beforeAll(async () => {
    process.env.BENCH_NONCE = 'nonce-of-this-process';
    try {
      benched = await buildTestApp({ seed: false });
    } finally {
      delete process.env.BENCH_NONCE;
    }
    plain = await buildTestApp({ seed: false });
  });
  afterAll(async () => {
    await benched.close();
    await plain.close();
  });

  it('answers the nonce it was started with', async () => {
    const res = await benched.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-bench-nonce']).toBe('nonce-of-this-process');
  });

  it('says no nonce when started without one', async () => {
    const res = await plain.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-bench-nonce']).toBeUndefined();
  });
});
