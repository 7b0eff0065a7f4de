import { apiPaths, catalogPaths, type GameMenus } from '@platform/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import { gameVendors, merchantVendors } from '../games/games.tables.ts';
import { games, merchantGamesOff } from './catalog.tables.ts';

let sut: TestApp;
let brazilId: number;
beforeAll(async () => {
  sut = await buildTestApp();
  // Only Brazil offers SV388 in the demo data.
  const [sv388] = await sut.database.db.select().from(merchantVendors).where(eq(merchantVendors.vendorCode, 'SV388'));
  brazilId = sv388?.merchantId ?? 0;
});
afterAll(() => sut.close());

const menus = async (headers: Record<string, string> = {}) => {
  const res = await sut.app.inject({ method: 'GET', url: catalogPaths.gameMenus, headers });
  expect(res.statusCode).toBe(200);
  const body = res.json();
  expect(body).toMatchObject({ success: true, message: 'success' });
  return body.value as GameMenus;
};
const categoryOf = (m: GameMenus, category: string) => m.categories.find((c) => c.gameCategory === category);

describe('game menus', () => {
  it('answers at the spec’s path with the categories in menu order, e-sports and cockfight right after sports', async () => {
    const m = await menus();
    expect(m.lanes).toEqual(['ELOTT', 'LOTT', 'LIVE', 'SPORTS', 'ESPORTS', 'COCKFIGHT', 'FISH', 'RNG', 'PVP']);
    expect(m.categories.map((c) => c.gameCategory)).toEqual(m.lanes);
    expect(categoryOf(m, 'ESPORTS')?.vendors).toEqual(['IMES', 'TF']);
    expect(categoryOf(m, 'COCKFIGHT')?.cards).toEqual([
      { vassalage: 'SV388', name: 'SV388', gameType: 'COCKFIGHT', isHot: 0, launchable: false },
    ]);
    expect(categoryOf(m, 'SPORTS')?.vendors).toEqual(['SABA']);
    expect(categoryOf(m, 'RNG')).toMatchObject({ title: 'Slots', gameClassify: ['CRASH', 'INSTANT', 'SLOT'] });
  });

  it('marks a card hot when one of its playable games is hot, and not once the merchant switches that game off', async () => {
    const db = sut.database.db;
    const live = categoryOf(await menus(), 'LIVE');
    expect(live?.cards.find((c) => c.vassalage === 'EVO')?.isHot).toBe(1);
    const hotEvo = await db
      .select()
      .from(games)
      .where(and(eq(games.vendorCode, 'EVO'), eq(games.hot, true)));
    expect(hotEvo.length).toBeGreaterThan(0);
    await db.insert(merchantGamesOff).values(hotEvo.map((g) => ({ merchantId: brazilId, gameId: g.id })));
    try {
      expect(categoryOf(await menus(), 'LIVE')?.cards.find((c) => c.vassalage === 'EVO')?.isHot).toBe(0);
      // Another merchant's menu is not touched by Brazil's switch.
      expect(categoryOf(await menus({ merchant: 'UEMOA' }), 'LIVE')?.cards.find((c) => c.vassalage === 'EVO')?.isHot).toBe(1);
    } finally {
      await db.delete(merchantGamesOff).where(eq(merchantGamesOff.merchantId, brazilId));
    }
  });

  it('leaves BGS out of RNG, while the site’s own vendor list still carries it', async () => {
    const m = await menus({ merchant: 'UEMOA' });
    expect(categoryOf(m, 'RNG')?.vendors).not.toContain('BGS');
    expect(m.categories.flatMap((c) => c.vendors)).not.toContain('BGS');
    const relay = await sut.app.inject({ method: 'GET', url: apiPaths.gameVendors, headers: { merchant: 'UEMOA' } });
    expect(relay.json().value.map((v: { vassalage: string }) => v.vassalage)).toContain('BGS');
  });

  it('shows only categories that have a vendor the merchant offers (UEMOA has no e-sports and no cockfight)', async () => {
    const m = await menus({ merchant: 'UEMOA' });
    expect(m.lanes).toEqual(['LOTT', 'LIVE', 'SPORTS', 'FISH', 'RNG']);
  });

  it('moves an e-sport vendor filed under SPORTS into ESPORTS, in the merchant’s order, keeping its games’ category on the card', async () => {
    const db = sut.database.db;
    await db.insert(gameVendors).values({ code: 'IA', name: 'IA eSports', gameType: 'SPORTS', launchable: false });
    await db.insert(merchantVendors).values({ merchantId: brazilId, vendorCode: 'IA', sort: -1 });
    const m = await menus();
    expect(categoryOf(m, 'SPORTS')?.vendors).toEqual(['SABA']);
    expect(categoryOf(m, 'ESPORTS')?.vendors).toEqual(['IA', 'IMES', 'TF']);
    expect(categoryOf(m, 'ESPORTS')?.cards[0]).toMatchObject({ vassalage: 'IA', gameType: 'SPORTS' });
  });

  it('drops a vendor the merchant has switched off, and its category with it', async () => {
    const db = sut.database.db;
    const off = and(eq(merchantVendors.merchantId, brazilId), eq(merchantVendors.vendorCode, 'SV388'));
    await db.update(merchantVendors).set({ enabled: false }).where(off);
    try {
      const m = await menus();
      expect(m.lanes).not.toContain('COCKFIGHT');
      expect(m.categories.flatMap((c) => c.vendors)).not.toContain('SV388');
    } finally {
      await db.update(merchantVendors).set({ enabled: true }).where(off);
    }
  });

  it('names the categories in the reader’s language', async () => {
    const pt = await menus({ language: 'PT' });
    expect(categoryOf(pt, 'SPORTS')?.title).toBe('Esportes');
    expect(categoryOf(pt, 'COCKFIGHT')?.title).toBe('Rinha de galo');
    const vi = await menus({ language: 'VI' });
    expect(categoryOf(vi, 'ESPORTS')?.title).toBe('Thể thao điện tử');
  });
});
