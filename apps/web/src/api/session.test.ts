import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A Storage good enough for the session module. */
class MemoryStorage {
  private items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  clear() {
    this.items.clear();
  }
}

const answer = { token: 'tok', userName: 'player01', nickname: 'Ace', isAgent: 0 };

describe('session', () => {
  beforeEach(() => {
    (globalThis as { sessionStorage?: unknown }).sessionStorage = new MemoryStorage();
  });
  afterEach(() => {
    delete (globalThis as { document?: unknown }).document;
  });

  it('stores a login under the spec keys and reads it back', async () => {
    const { currentSession, sessionToken, startSession } = await import('./session.ts');
    startSession(answer);
    expect(sessionToken()).toBe('tok');
    expect(sessionStorage.getItem('account')).toBe('player01');
    expect(sessionStorage.getItem('isAgent')).toBe('0');
    expect(currentSession()?.nickname).toBe('Ace');
  });

  it('ends a session clearing session storage but keeping the merchant keys', async () => {
    const { endSession, sessionToken, startSession } = await import('./session.ts');
    sessionStorage.setItem('merchantCode', 'UEMOA');
    sessionStorage.setItem('regionAsked', '1');
    startSession(answer);
    endSession();
    expect(sessionToken()).toBeNull();
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(sessionStorage.getItem('regionAsked')).toBeNull();
    expect(sessionStorage.getItem('merchantCode')).toBe('UEMOA');
  });

  it('deletes, as the site starts, a password an earlier version left in a cookie', async () => {
    const written: string[] = [];
    (globalThis as { document?: unknown }).document = {
      get cookie() {
        return 'remember=1; BRAZIL-login=demoplayer; demoplayer=Demo1234';
      },
      set cookie(text: string) {
        written.push(text);
      },
    };
    vi.resetModules();
    await import('./session.ts');
    expect(written).toHaveLength(1);
    const [pair, expires] = (written[0] ?? '').split(';').map((part) => part.trim());
    expect(pair).toBe('demoplayer=');
    expect(Date.parse((expires ?? '').replace('expires=', ''))).toBeLessThan(Date.now());
  });

  it('tells trial and agent accounts apart', async () => {
    const { isAgentAccount, isTrial } = await import('./session.ts');
    const base = { token: 't', account: 'a', nickname: 'a', info: null };
    expect(isTrial({ ...base, isAgent: 4 })).toBe(true);
    expect(isAgentAccount({ ...base, isAgent: 41 })).toBe(true);
    expect(isAgentAccount({ ...base, isAgent: 0 })).toBe(false);
  });
});
