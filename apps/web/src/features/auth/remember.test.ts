import { beforeEach, describe, expect, it } from 'vitest';
import { rememberedLogin, rememberedSms, rememberLogin, rememberSms } from './remember.ts';

/** A document.cookie that honours expiry, enough for these cookies. */
function fakeCookies() {
  const jar = new Map<string, { value: string; expires: number }>();
  const doc = {
    get cookie() {
      return [...jar.entries()]
        .filter(([, c]) => c.expires > Date.now())
        .map(([k, c]) => `${k}=${c.value}`)
        .join('; ');
    },
    set cookie(text: string) {
      const [pair, ...attrs] = text.split(';');
      const [name = '', value = ''] = (pair ?? '').split('=');
      const expires = attrs.map((a) => a.trim()).find((a) => a.startsWith('expires='));
      jar.set(name, { value, expires: expires ? Date.parse(expires.slice(8)) : Number.POSITIVE_INFINITY });
    },
  };
  (globalThis as { document?: unknown }).document = doc;
  return jar;
}

describe('remembered login', () => {
  let jar: ReturnType<typeof fakeCookies>;
  beforeEach(() => {
    jar = fakeCookies();
  });

  it('remembers the user per merchant and the password under the user name, for one day', () => {
    rememberLogin('BRAZIL', { username: 'demoplayer', password: 'Demo1234' }, true);
    expect(rememberedLogin('BRAZIL')).toEqual({ username: 'demoplayer', password: 'Demo1234' });
    expect(rememberedLogin('UEMOA')).toBeNull();
    const expires = jar.get('BRAZIL-login')?.expires ?? 0;
    expect(Math.abs(expires - (Date.now() + 86_400_000))).toBeLessThan(2000);
  });

  it('forgets everything when remembering is switched off', () => {
    rememberLogin('BRAZIL', { username: 'demoplayer', password: 'Demo1234' }, true);
    rememberLogin('BRAZIL', { username: 'demoplayer', password: 'Demo1234' }, false);
    expect(rememberedLogin('BRAZIL')).toBeNull();
    expect(document.cookie).not.toContain('Demo1234');
  });

  it('drops the previous user password when another user is remembered', () => {
    rememberLogin('BRAZIL', { username: 'alice1', password: 'Secret11' }, true);
    rememberLogin('BRAZIL', { username: 'bobby2', password: 'Secret22' }, true);
    expect(document.cookie).not.toContain('Secret11');
    expect(rememberedLogin('BRAZIL')?.username).toBe('bobby2');
  });

  it('keeps the SMS login record', () => {
    rememberSms({ mobileNum: '11987654321', countryDialingCode: '+55' });
    expect(rememberedSms()).toEqual({ mobileNum: '11987654321', countryDialingCode: '+55' });
  });
});
