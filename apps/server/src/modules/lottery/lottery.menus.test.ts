import { lotteryPaths, type VnGameMenus } from '@platform/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import { games, merchantGamesOff } from '../catalog/catalog.tables.ts';
import { merchantVendors } from '../games/games.tables.ts';
import { merchants } from '../merchants/merchants.tables.ts';
import { lotteryTick } from './lottery.service.ts';

let sut: TestApp;
const now = new Date();
beforeAll(async () => {
  sut = await buildTestApp();
  // The clock creates the issues taking bets (jobs are off in tests).
  await lotteryTick(sut.database.db, now);
});
afterAll(() => sut.close());

const get = (query: string, headers: Record<string, string> = {}) =>
  sut.app.inject({ method: 'GET', url: `${lotteryPaths.vnMenu}${query}`, headers });
const menus = async (query = '?prizeMode=Lott&device=WEB', headers: Record<string, string> = {}) => {
  const res = await get(query, headers);
  expect(res.statusCode).toBe(200);
  expect(res.json()).toMatchObject({ success: true, message: 'success' });
  return res.json().value as VnGameMenus;
};
const codesOf = (m: VnGameMenus, region: string) => m.gameMenus.find((g) => g.gameGroupCode === region)?.games.map((g) => g.gameCode) ?? [];

describe('VN lottery menus', () => {
  it('groups the Vietnamese games by region as the /vnlottery page does: North, Centre, South', async () => {
    const m = await menus();
    expect(m).toMatchObject({ prizeMode: 'Lott', device: 'WEB' });
    expect(m.gameMenus.map((g) => [g.gameGroupCode, g.labelName])).toEqual([
      ['NORTH', 'North (Miền Bắc)'],
      ['CENTRAL', 'Central (Miền Trung)'],
      ['SOUTH', 'South (Miền Nam)'],
    ]);
    expect(codesOf(m, 'NORTH')).toEqual(['VN_NORTH']);
    const centre = codesOf(m, 'CENTRAL');
    const south = codesOf(m, 'SOUTH');
    expect(centre.length).toBeGreaterThan(10);
    expect(south.length).toBeGreaterThan(15);
    expect(centre.every((c) => c.startsWith('XSMT_'))).toBe(true);
    expect(south.every((c) => c.startsWith('XSMN_'))).toBe(true);
  });

  it('gives each game its weekdays and the issue taking bets, the soonest draw first', async () => {
    const m = await menus();
    const north = m.gameMenus[0]?.games[0];
    expect(north).toMatchObject({ gameCode: 'VN_NORTH', weekdays: null });
    expect(Date.parse(north?.closesAt ?? '')).toBeLessThan(Date.parse(north?.drawAt ?? ''));
    expect(Date.parse(north?.drawAt ?? '')).toBeGreaterThan(now.getTime());
    const south = m.gameMenus[2]?.games ?? [];
    expect(south[0]?.weekdays?.length).toBeGreaterThan(0);
    const draws = south.map((g) => g.drawAt ?? '~');
    expect(draws).toEqual([...draws].sort());
  });

  it('names the regions in the reader’s language; provinces keep their Vietnamese names', async () => {
    const vi = await menus(undefined, { language: 'VI' });
    expect(vi.gameMenus.map((g) => g.labelName)).toEqual(['Miền Bắc', 'Miền Trung', 'Miền Nam']);
    const pt = await menus(undefined, { language: 'PT' });
    expect(pt.gameMenus[2]?.labelName).toBe('Sul (Miền Nam)');
    expect(pt.gameMenus[2]?.games.find((g) => g.gameCode === 'XSMN_CM')?.labelName).toBe('Cà Mau');
  });

  it('takes the spec’s prizeMode and device WEB, defaulting to the merchant’s mode and WEB', async () => {
    const m = await menus('');
    expect(m).toMatchObject({ prizeMode: 'Lott', device: 'WEB' });
    expect(codesOf(m, 'NORTH')).toEqual(['VN_NORTH']);
  });

  it('refuses an unknown prize mode or device at its field', async () => {
    for (const [query, field] of [
      ['?prizeMode=JACKPOT&device=WEB', 'prizeMode'],
      ['?prizeMode=sea&device=WEB', 'prizeMode'],
      ['?prizeMode=Lott&device=H5', 'device'],
    ] as const) {
      const res = await get(query);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false });
      expect(res.json().value.fields.map((f: { field: string }) => f.field)).toEqual([field]);
    }
  });

  it('lists the regions without games in a prize mode bets are not sold in', async () => {
    const m = await menus('?prizeMode=SEA&device=WEB');
    expect(m.prizeMode).toBe('SEA');
    expect(m.gameMenus.map((g) => [g.gameGroupCode, g.games.length])).toEqual([
      ['NORTH', 0],
      ['CENTRAL', 0],
      ['SOUTH', 0],
    ]);
  });

  it('leaves out a province the merchant has switched off, and every game once its lottery vendor is off', async () => {
    const db = sut.database.db;
    const [camau] = await db
      .select()
      .from(games)
      .where(and(eq(games.vendorCode, 'TCG_SEA'), eq(games.gameCode, 'XSMN_CM')));
    const [brazil] = await db.select().from(merchants).where(eq(merchants.code, 'BRAZIL'));
    if (!camau || !brazil) throw new Error('demo data without XSMN_CM or BRAZIL');
    await db.insert(merchantGamesOff).values({ merchantId: brazil.id, gameId: camau.id });
    const vendorOff = and(eq(merchantVendors.merchantId, brazil.id), eq(merchantVendors.vendorCode, 'TCG_SEA'));
    try {
      expect(codesOf(await menus(undefined, { merchant: 'BRAZIL' }), 'SOUTH')).not.toContain('XSMN_CM');
      expect(codesOf(await menus(undefined, { merchant: 'UEMOA' }), 'SOUTH')).toContain('XSMN_CM');
      await db.update(merchantVendors).set({ enabled: false }).where(vendorOff);
      const off = await menus(undefined, { merchant: 'BRAZIL' });
      expect(off.gameMenus.map((g) => g.games.length)).toEqual([0, 0, 0]);
    } finally {
      await db.update(merchantVendors).set({ enabled: true }).where(vendorOff);
      await db.delete(merchantGamesOff).where(eq(merchantGamesOff.merchantId, brazil.id));
    }
  });
});
