import { beforeEach, describe, expect, it } from 'vitest';
import { forgetPasswordCookies, rememberedSms, rememberedUser, rememberLogin, rememberSms } from './remember.ts';

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

  it('remembers the user name per merchant for one day, and never the password', () => {
    rememberLogin('BRAZIL', 'demoplayer', true);
    expect(rememberedUser('BRAZIL')).toBe('demoplayer');
    expect(rememberedUser('UEMOA')).toBeNull();
    expect([...jar.keys()].sort()).toEqual(['BRAZIL-login', 'remember']);
    const expires = jar.get('BRAZIL-login')?.expires ?? 0;
    expect(Math.abs(expires - (Date.now() + 86_400_000))).toBeLessThan(2000);
  });

  it('forgets the user when remembering is switched off', () => {
    rememberLogin('BRAZIL', 'demoplayer', true);
    rememberLogin('BRAZIL', 'demoplayer', false);
    expect(rememberedUser('BRAZIL')).toBeNull();
    expect(document.cookie).toBe('');
  });

  it('deletes the password cookies an earlier version wrote, keeping the remembered users', () => {
    // What the earlier site left: each merchant's last user, and the password under the user name.
    const left = {
      remember: '1',
      'BRAZIL-login': 'demoplayer',
      demoplayer: 'Demo1234',
      'UEMOA-login': 'ana%40mail',
      'ana%40mail': 'Secret%3B11',
    };
    for (const [name, value] of Object.entries(left)) jar.set(name, { value, expires: Number.POSITIVE_INFINITY });
    rememberSms({ mobileNum: '11987654321', countryDialingCode: '+55' });
    forgetPasswordCookies();
    expect(document.cookie).not.toContain('Demo1234');
    expect(document.cookie).not.toContain('Secret');
    expect(rememberedUser('BRAZIL')).toBe('demoplayer');
    expect(rememberedUser('UEMOA')).toBe('ana@mail');
    expect(rememberedSms()).toEqual({ mobileNum: '11987654321', countryDialingCode: '+55' });
  });

  it('keeps the SMS login record', () => {
    rememberSms({ mobileNum: '11987654321', countryDialingCode: '+55' });
    expect(rememberedSms()).toEqual({ mobileNum: '11987654321', countryDialingCode: '+55' });
  });
});
