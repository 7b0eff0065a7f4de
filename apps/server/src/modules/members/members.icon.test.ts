import { apiPaths, type MemberIcon } from '@platform/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshIp, tokenOf } from '../../../test/auth.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import { avatarColors, initialsOf } from './members.service.ts';

let sut: TestApp;
beforeAll(async () => {
  sut = await buildTestApp();
});
afterAll(() => sut.close());

const call = (method: 'GET' | 'PUT', url: string, token?: string, payload?: object, merchant = 'BRAZIL') =>
  sut.app.inject({
    method,
    url,
    payload,
    remoteAddress: freshIp(),
    headers: { merchant, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
const iconOf = async (token: string, merchant?: string) => {
  const res = await call('GET', apiPaths.memberIcon, token, undefined, merchant);
  expect(res.statusCode).toBe(200);
  expect(res.json()).toMatchObject({ success: true, message: 'success' });
  return res.json().value as MemberIcon;
};
const svgOf = (icon: MemberIcon) => {
  const prefix = 'data:image/svg+xml;base64,';
  expect(icon.url.startsWith(prefix)).toBe(true);
  return Buffer.from(icon.url.slice(prefix.length), 'base64').toString('utf8');
};

describe('member icon', () => {
  it('refuses a visitor without a session', async () => {
    const res = await call('GET', apiPaths.memberIcon);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, code: 'APP_ERR_AUTH_NOT_LOGGED_IN' });
  });

  it('draws the member’s initials on the member’s own colour, the same on every call, with the VIP level beside it', async () => {
    const token = await tokenOf(sut.app, 'demoplayer', 'Demo1234');
    const icon = await iconOf(token);
    expect(icon).toMatchObject({ initials: 'DP', vipLevel: 2 });
    expect(avatarColors).toContain(icon.color);
    expect(icon.iconId).toBe(`initials-${avatarColors.indexOf(icon.color as (typeof avatarColors)[number])}`);
    const svg = svgOf(icon);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg).toContain(`fill="${icon.color}"`);
    expect(svg).toContain('>DP</text>');
    expect(await iconOf(token)).toEqual(icon);
  });

  it('follows a nickname change, and escapes markup in the name so the image stays an image', async () => {
    const token = await tokenOf(sut.app, 'demoplayer', 'Demo1234');
    expect((await call('PUT', apiPaths.nickname, token, { nickname: 'lucky star' })).statusCode).toBe(200);
    expect((await iconOf(token)).initials).toBe('LS');
    expect((await call('PUT', apiPaths.nickname, token, { nickname: 'Ünal <script>' })).statusCode).toBe(200);
    expect((await iconOf(token)).initials).toBe('Ü');
    expect((await call('PUT', apiPaths.nickname, token, { nickname: '🚀🚀' })).statusCode).toBe(200);
    const icon = await iconOf(token);
    expect(icon.initials).toBe('D');
    expect(svgOf(icon)).toContain('>D</text>');
  });

  it('gives a trial account an icon too (the header shows one for every session)', async () => {
    const res = await sut.app.inject({
      method: 'POST',
      url: apiPaths.freePlayLogin,
      payload: {},
      remoteAddress: freshIp(),
      headers: { merchant: 'BRAZIL' },
    });
    const token = res.json().value?.token as string | undefined;
    if (!token) throw new Error(`free play refused: ${res.body}`);
    const icon = await iconOf(token);
    expect(icon.initials).toMatch(/^\S{1,2}$/);
    expect(icon.vipLevel).toBe(0);
  });
});

describe('initials', () => {
  it('takes the first letters of the first two words, whole characters, upper-cased', () => {
    expect(initialsOf('Demo Player')).toBe('DP');
    expect(initialsOf('demoplayer')).toBe('D');
    expect(initialsOf('ana_maria.silva')).toBe('AM');
    expect(initialsOf('  élodie  ')).toBe('É');
    expect(initialsOf('王小明')).toBe('王');
    expect(initialsOf('1st place')).toBe('1P');
    expect(initialsOf('🚀 astro')).toBe('A');
    expect(initialsOf('   ')).toBe('');
  });
});
