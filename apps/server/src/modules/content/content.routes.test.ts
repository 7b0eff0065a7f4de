import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import { localText } from '../../platform/http.ts';
import { announcements } from './content.tables.ts';

let sut: TestApp;
beforeAll(async () => {
  sut = await buildTestApp();
});
afterAll(() => sut.close());

const get = (url: string, headers: Record<string, string> = {}) => sut.app.inject({ method: 'GET', url, headers });

async function countAnnouncements(): Promise<number> {
  return (await sut.database.db.select().from(announcements)).length;
}

describe('announcements', () => {
  it('pages notices by 9, newest first, with popups, home banners and promotions beside them', async () => {
    const first = (await get('/wps/relay/announcements?types=B,PL,PU,PR,H&platform=W&pageNo=1&pageSize=9')).json().value;
    expect(first.notices).toHaveLength(9);
    expect(first.totalElements).toBe(12);
    expect(first.totalPages).toBe(2);
    const stamps = first.notices.map((n: { timestamp: number }) => n.timestamp);
    expect([...stamps].sort((a, b) => b - a)).toEqual(stamps);
    expect(first.popupList).toHaveLength(1);
    expect(first.banners.every((b: { groupName: string }) => b.groupName === 'w_home')).toBe(true);
    expect(first.promotionList.length).toBeGreaterThan(0);
    const second = (await get('/wps/relay/announcements?pageNo=2&pageSize=9')).json().value;
    expect(second.notices).toHaveLength(3);
  });

  it('defaults to every type and filters by the types asked for', async () => {
    const onlyHome = (await get('/wps/relay/announcements?types=H')).json().value;
    expect(onlyHome.notices.every((n: { type: string }) => n.type === 'H')).toBe(true);
    expect(onlyHome.popupList).toEqual([]);
    expect(onlyHome.promotionList).toEqual([]);
  });

  it('speaks every site language and falls back to the merchant default for one it has no text in', async () => {
    const titles: Record<string, string> = {
      PT: 'Bem-vindo ao Sorte Brasil',
      CN: '欢迎来到 Sorte Brasil',
      VI: 'Chào mừng bạn đến với Sorte Brasil',
      ID: 'Selamat datang di Sorte Brasil',
      // No demo text in Japanese: Brazil's default language (EN, first on its list) answers.
      JA: 'Welcome to Sorte Brasil',
    };
    for (const [language, title] of Object.entries(titles)) {
      const popups = (await get('/wps/relay/announcements?types=PU', { language })).json().value.popupList;
      expect(popups[0].title, language).toBe(title);
    }
  });

  it.each([
    ['/wps/relay/announcements?types=B,XX', 'types'],
    ['/wps/relay/announcements?pageNo=0', 'pageNo'],
    ['/wps/relay/announcements?pageNo=abc', 'pageNo'],
    ['/wps/relay/announcements?pageSize=1000', 'pageSize'],
    ['/wps/relay/announcements?platform=X', 'platform'],
  ])('refuses %s with a field error and changes nothing', async (url, field) => {
    const before = await countAnnouncements();
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ success: false, code: 'APP_ERR_VALIDATION', message: 'error.validation' });
    expect(body.value.fields.map((f: { field: string }) => f.field)).toContain(field);
    expect(await countAnnouncements()).toBe(before);
  });
});

describe('banners', () => {
  it('serves each group with its merchant images', async () => {
    const home = (await get('/wps/relay/banners?group=w_home', { merchant: 'UEMOA' })).json().value;
    expect(home).toHaveLength(3);
    expect(home[0].url).toBe('/img/banners/uemoa-home-1.svg');
    expect(home[0].linkageType).toBe('promotion');
    expect(home[1].linkageType).toBe('');
    for (const group of ['w_down', 'w_promotion', 'w_shop', 'w_help', 'w_reg', 'w_inhouse']) {
      const res = (await get(`/wps/relay/banners?group=${group}`)).json().value;
      expect(res).toHaveLength(1);
    }
  });

  it('refuses an unknown group', async () => {
    const res = await get('/wps/relay/banners?group=w_nowhere');
    expect(res.statusCode).toBe(400);
    expect(res.json().value.fields[0]).toEqual({ field: 'group', message: 'validation.unknown_value' });
  });
});

describe('promotions', () => {
  it('lists by category and shows the detail', async () => {
    // Brazil shows no bonus before a bet (decision 0030): its first cashback promotion is the daily rebate.
    const cashback = (await get('/wps/relay/promotions?category=cashback')).json().value;
    expect(cashback.map((p: { category: string }) => p.category)).toEqual(['cashback', 'cashback']);
    expect((await get('/wps/relay/promotions?category=new_player')).json().value).toEqual([]);
    const detail = (await get(`/wps/relay/promotions/${cashback[0].id}`, { language: 'PT' })).json().value;
    expect(detail.title).toBe('Rebate diário de até 0,8%');
    expect(detail.content).toContain('<h3>');
  });

  it("never shows another merchant's promotion", async () => {
    const uemoa = (await get('/wps/relay/promotions', { merchant: 'UEMOA' })).json().value;
    const res = await get(`/wps/relay/promotions/${uemoa[0].id}`, { merchant: 'BRAZIL' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('APP_ERR_PROMOTION_NOT_FOUND');
  });

  it('refuses a malformed id', async () => {
    expect((await get('/wps/relay/promotions/abc')).statusCode).toBe(400);
    expect((await get('/wps/relay/promotions/-1')).statusCode).toBe(400);
    expect((await get('/wps/relay/promotions?category=DROP%20TABLE')).statusCode).toBe(400);
  });
});

describe('help centre and vendors', () => {
  it('serves help articles in the reader language', async () => {
    const fr = (await get('/wps/system/helpCenter', { merchant: 'UEMOA', language: 'FR' })).json().value;
    expect(fr[0].title).toBe('Comment créer un compte ?');
    const cn = (await get('/wps/system/helpCenter', { merchant: 'UEMOA', language: 'CN' })).json().value;
    expect(cn[0].title).toBe('如何注册账户？');
  });

  it('has every demo promotion, notice and help article in all six site languages', async () => {
    for (const merchant of ['BRAZIL', 'UEMOA']) {
      const en = (await get('/wps/relay/announcements?types=B,PU,PR,H&pageSize=50', { merchant, language: 'EN' })).json().value;
      for (const language of ['CN', 'VI', 'ID']) {
        const other = (await get('/wps/relay/announcements?types=B,PU,PR,H&pageSize=50', { merchant, language })).json().value;
        for (const [i, p] of en.promotionList.entries()) {
          for (const field of ['title', 'summary', 'content'] as const)
            expect(other.promotionList[i][field], `${merchant} ${language} promotion ${p.id} ${field}`).not.toBe(p[field]);
        }
        for (const [i, n] of en.notices.entries()) {
          expect(other.notices[i].title, `${merchant} ${language} notice ${n.id}`).not.toBe(n.title);
          expect(other.notices[i].content, `${merchant} ${language} notice ${n.id}`).not.toBe(n.content);
        }
        const help = (await get('/wps/system/helpCenter', { merchant, language })).json().value;
        const helpEn = (await get('/wps/system/helpCenter', { merchant, language: 'EN' })).json().value;
        for (const [i, h] of helpEn.entries()) expect(help[i].title, `${merchant} ${language} help ${h.id}`).not.toBe(h.title);
      }
    }
  });

  it("lists only the merchant's vendors, in category order", async () => {
    const br = (await get('/wps/relay/gameVendors')).json().value;
    const ue = (await get('/wps/relay/gameVendors', { merchant: 'UEMOA' })).json().value;
    expect(br.some((v: { vassalage: string }) => v.vassalage === 'SV388')).toBe(true);
    expect(ue.some((v: { vassalage: string }) => v.vassalage === 'SV388')).toBe(false);
    expect(br[0].gameType).toBe('ELOTT');
  });
});

describe('picking a text', () => {
  it("takes the reader's language, else the merchant's default, else EN, never a blank text", () => {
    const list = ['PT', 'FR', 'EN'];
    expect(localText({ EN: 'en', PT: 'pt', CN: 'cn' }, 'CN', list)).toBe('cn');
    expect(localText({ EN: 'en', PT: 'pt', FR: 'fr' }, 'VI', list)).toBe('pt');
    // The default (PT) missing: EN, even though FR comes earlier on the merchant's list.
    expect(localText({ EN: 'en', FR: 'fr' }, 'VI', list)).toBe('en');
    expect(localText({ EN: 'en', PT: '', CN: '' }, 'CN', list)).toBe('en');
    // Neither the default nor EN: the merchant's other languages, then any text there is.
    expect(localText({ FR: 'fr', ID: 'id' }, 'VI', list)).toBe('fr');
    expect(localText({ ID: 'id' }, 'VI', list)).toBe('id');
    expect(localText({}, 'VI', list)).toBe('');
  });
});
