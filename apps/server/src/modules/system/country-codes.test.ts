import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listCountryCodes } from './system.service.ts';

describe('country dialling codes', () => {
  it('give every country a flag file the server serves (Ascension and Tristan da Cunha included)', () => {
    const flags = join(dirname(createRequire(import.meta.url).resolve('flag-icons/package.json')), 'flags', '4x3');
    const codes = listCountryCodes();
    expect(codes.length).toBeGreaterThan(240);
    const missing = codes.filter((c) => !existsSync(join(flags, c.flag.replace(/^\/flags\//, ''))));
    expect(missing).toEqual([]);
    expect(codes.find((c) => c.countryCode === 'TA')).toEqual({ countryCode: 'TA', countryDialingCode: '+290', flag: '/flags/sh-ta.svg' });
  });
});
