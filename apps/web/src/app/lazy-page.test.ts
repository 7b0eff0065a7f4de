import { describe, expect, it } from 'vitest';
import { ChunkLoadError, loadChunk } from './lazy-page.ts';

describe('loadChunk', () => {
  it('resolves with the loaded module', async () => {
    await expect(loadChunk('index', () => Promise.resolve({ ok: true }))).resolves.toEqual({ ok: true });
  });

  it('fails with a timeout ChunkLoadError when loading takes too long', async () => {
    const never = () => new Promise<never>(() => undefined);
    const error = await loadChunk('promo', never, 10).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(error).toMatchObject({ type: 'timeout', request: 'promo' });
  });

  it('classifies a failed dynamic import as a missing chunk and a CSS preload failure as CSS', async () => {
    const missing = await loadChunk('egame', () =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/egame.js')),
    ).catch((e: unknown) => e);
    expect(missing).toMatchObject({ type: 'missing', request: 'egame', css: false });
    const css = await loadChunk('help', () => Promise.reject(new Error('Unable to preload CSS for /assets/help.css'))).catch(
      (e: unknown) => e,
    );
    expect(css).toMatchObject({ type: 'missing', css: true });
  });
});
