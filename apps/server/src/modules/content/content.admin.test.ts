import { type AdminBanner, type AdminBanners, contentAdminPaths } from '@platform/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeOperator } from '../../../test/operators.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import { operatorAudit } from '../../platform/audit.tables.ts';
import { banners } from './content.tables.ts';

let t: TestApp;
const keys = { uemoa: '', brazil: '', finance: '' };
beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  keys.uemoa = (await makeOperator(db, { account: 'content.uemoa', role: 'content', merchants: ['UEMOA'] })).key;
  keys.brazil = (await makeOperator(db, { account: 'content.brazil', role: 'content', merchants: ['BRAZIL'] })).key;
  keys.finance = (await makeOperator(db, { account: 'content.finance', role: 'finance' })).key;
});
afterAll(() => t.close());

const call = (who: keyof typeof keys, method: 'GET' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${keys[who]}` }, ...(payload ? { payload } : {}) });
const list = async () => (await call('uemoa', 'GET', contentAdminPaths.banners.replace(':code', 'UEMOA'))).json().value as AdminBanners;
const siteHome = async () =>
  (await t.app.inject({ method: 'GET', url: '/wps/relay/banners?group=w_home', headers: { merchant: 'UEMOA', language: 'FR' } })).json()
    .value as { bannerId: number; title: string }[];

const bodyOf = (b: AdminBanner) => ({
  imageUrl: b.imageUrl,
  title: b.title,
  linkageType: b.linkageType,
  linkageTarget: b.linkageTarget,
  sort: b.sort,
  enabled: b.enabled,
  startsAt: b.startsAt,
  endsAt: b.endsAt,
});

describe('banners in the back office', () => {
  it('lists a merchant’s banners; an edit is audited and the site shows it; off or out of schedule, the site hides it', async () => {
    const { list: all, languages, images } = await list();
    expect(languages).toContain('FR');
    const banner = all.find((b) => b.groupName === 'w_home') as AdminBanner;
    expect(banner.live).toBe(true);
    expect(images).toContain(banner.imageUrl);
    const url = contentAdminPaths.banner.replace(':code', 'UEMOA').replace(':id', String(banner.id));

    const title = Object.fromEntries(languages.map((l) => [l, `Bonus de Noël ${l}`]));
    const edited = await call('uemoa', 'PUT', url, {
      ...bodyOf(banner),
      title,
      sort: 0,
      linkageType: 'route',
      linkageTarget: '/promotion',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().value).toMatchObject({ title, linkageType: 'route', linkageTarget: '/promotion', live: true });
    expect((await siteHome())[0]).toMatchObject({ bannerId: banner.id, title: 'Bonus de Noël FR' });
    const [line] = await t.database.db
      .select()
      .from(operatorAudit)
      .where(eq(operatorAudit.target, `banner:${banner.id}`));
    expect(line).toMatchObject({ operator: 'content.uemoa', action: 'content.banner.update' });
    expect((line?.details ?? {}) as Record<string, { to: unknown }>).toMatchObject({ title: { to: title } });

    const off = await call('uemoa', 'PUT', url, { ...bodyOf(edited.json().value), enabled: false });
    expect(off.json().value.live).toBe(false);
    expect((await siteHome()).some((b) => b.bannerId === banner.id)).toBe(false);
    const later = Date.now() + 86_400_000;
    const scheduled = await call('uemoa', 'PUT', url, { ...bodyOf(edited.json().value), startsAt: later, endsAt: later + 86_400_000 });
    expect(scheduled.json().value).toMatchObject({ enabled: true, live: false, startsAt: later });
    expect((await siteHome()).some((b) => b.bannerId === banner.id)).toBe(false);
    await call('uemoa', 'PUT', url, { ...bodyOf(edited.json().value), startsAt: null, endsAt: null });
    expect((await siteHome()).some((b) => b.bannerId === banner.id)).toBe(true);
  });

  it('refuses bad edits at their fields, changing nothing, and other merchants’ or roles’ operators', async () => {
    const banner = (await list()).list[0] as AdminBanner;
    const url = contentAdminPaths.banner.replace(':code', 'UEMOA').replace(':id', String(banner.id));
    const [before] = await t.database.db.select().from(banners).where(eq(banners.id, banner.id));
    const fieldOf = async (change: object) => {
      const res = await call('uemoa', 'PUT', url, { ...bodyOf(banner), ...change });
      expect(res.statusCode).toBe(400);
      return res.json().value.fields[0].field as string;
    };
    expect(await fieldOf({ imageUrl: 'https://evil.example/x.png' })).toBe('imageUrl');
    expect(await fieldOf({ linkageType: 'url', linkageTarget: 'javascript:alert(1)' })).toBe('linkageTarget');
    expect(await fieldOf({ linkageType: 'promotion', linkageTarget: '999999' })).toBe('linkageTarget');
    expect(await fieldOf({ startsAt: 2_000, endsAt: 1_000 })).toBe('endsAt');
    expect(await fieldOf({ title: { ...banner.title, FR: '' } })).toBe('title.FR');
    expect(await fieldOf({ title: { ...banner.title, XX: 'x' } })).toBe('title.XX');
    expect(await fieldOf({ sort: -1 })).toBe('sort');
    const [after] = await t.database.db.select().from(banners).where(eq(banners.id, banner.id));
    expect(after).toEqual(before);

    // The site's other languages are optional: a blank one is left out (its reader gets the default), a written one kept.
    const optional = await call('uemoa', 'PUT', url, { ...bodyOf(banner), title: { ...banner.title, CN: ' ', VI: 'Tết vui vẻ' } });
    expect(optional.statusCode).toBe(200);
    expect(optional.json().value.title).toEqual({
      ...Object.fromEntries(Object.entries(banner.title).filter(([l]) => l !== 'CN')),
      VI: 'Tết vui vẻ',
    });
    expect((await list()).languages).toEqual(['EN', 'PT', 'FR', 'CN', 'VI', 'ID']);
    await call('uemoa', 'PUT', url, bodyOf(banner));

    expect((await call('brazil', 'PUT', url, bodyOf(banner))).statusCode).toBe(403);
    expect((await call('brazil', 'GET', contentAdminPaths.banners.replace(':code', 'UEMOA'))).statusCode).toBe(403);
    expect((await call('finance', 'GET', contentAdminPaths.banners.replace(':code', 'UEMOA'))).statusCode).toBe(403);
    // A banner of Brazil named under UEMOA's path is not found, not edited.
    const brazilBanner = (await call('brazil', 'GET', contentAdminPaths.banners.replace(':code', 'BRAZIL'))).json().value
      .list[0] as AdminBanner;
    const cross = await call(
      'uemoa',
      'PUT',
      contentAdminPaths.banner.replace(':code', 'UEMOA').replace(':id', String(brazilBanner.id)),
      bodyOf(banner),
    );
    expect(cross.statusCode).toBe(404);
  });
});
