import { describe, expect, it } from 'vitest';

describe('the API client outside a browser', () => {
  it('imports without Web Storage (Node 20 has none): no session', async () => {
    const had = Object.getOwnPropertyDescriptor(globalThis, 'sessionStorage');
    // Node 22+ has Web Storage; take it away to stand where Node 20 stands.
    if (had) Reflect.deleteProperty(globalThis, 'sessionStorage');
    try {
      const { currentSession } = await import('./session.ts');
      expect(currentSession()).toBeNull();
    } finally {
      if (had) Object.defineProperty(globalThis, 'sessionStorage', had);
    }
  });
});
