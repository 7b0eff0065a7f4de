import { apiPaths, catalogPaths, type GameMenus, type GameVendor, vendorAdminPaths } from '@platform/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeOperator } from '../../../test/operators.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';

// The demo merchants as `npm start` seeds them: the vendors without a contract are off.
let sut: TestApp;
let owner: Record<string, string>;
let uemoaOnly: Record<string, string>;
beforeAll(async () => {
  sut = await buildTestApp({ vendorsWithoutContract: 'off' });
  owner = { authorization: `Bearer ${(await makeOperator(sut.database.db, { account: 'vendor-owner', role: 'owner' })).key}` };
  const uemoa = await makeOperator(sut.database.db, { account: 'vendor-uemoa', role: 'admin', merchants: ['UEMOA'] });
  uemoaOnly = { authorization: `Bearer ${uemoa.key}` };
});
afterAll(() => sut.close());

const brazil = { merchant: 'BRAZIL' };
const get = async <T>(url: string, headers: Record<string, string> = brazil) => {
  const res = await sut.app.inject({ method: 'GET', url, headers });
  expect(res.statusCode).toBe(200);
  return res.json().value as T;
};
const vendorsOf = (headers = brazil) => get<GameVendor[]>(apiPaths.gameVendors, headers);
const menuCategories = async () => (await get<GameMenus>(catalogPaths.gameMenus)).categories.map((c) => c.gameCategory);
const switchVendor = (vendor: string, enabled: boolean, headers = owner, code = 'BRAZIL') =>
  sut.app.inject({
    method: 'PUT',
    url: vendorAdminPaths.merchantVendor.replace(':code', code).replace(':vendor', vendor),
    headers,
    payload: { enabled },
  });

describe('vendors without a contract on the demo merchants', () => {
  it('are off: the navigation offers only categories with a playable vendor, the hot list only their games', async () => {
    expect((await vendorsOf()).map((v) => [v.vassalage, v.launchable])).toEqual([
      ['TCG_ELOTT', true],
      ['TCG_SEA', true],
      ['INHOUSE', true],
    ]);
    expect((await vendorsOf({ merchant: 'UEMOA' })).map((v) => v.vassalage)).toEqual(['TCG_SEA', 'INHOUSE']);
    expect(await menuCategories()).toEqual(['ELOTT', 'LOTT', 'RNG']);
    const hot = await get<{ list: { vassalage: string }[] }>(catalogPaths.hotGames);
    expect(hot.list.length).toBeGreaterThan(0);
    expect(new Set(hot.list.map((g) => g.vassalage))).toEqual(new Set(['INHOUSE', 'TCG_SEA', 'TCG_ELOTT']));
  });

  it('the operator lists them with their state and turns one on, and its category comes back; off again, it goes', async () => {
    const listed = await get<{ list: { vendor: string; enabled: boolean; launchable: boolean }[] }>(
      vendorAdminPaths.merchantVendors.replace(':code', 'BRAZIL'),
      owner,
    );
    expect(listed.list.find((v) => v.vendor === 'EVO')).toMatchObject({ enabled: false, launchable: false });
    expect(listed.list.find((v) => v.vendor === 'INHOUSE')).toMatchObject({ enabled: true, launchable: true });

    const on = await switchVendor('evo', true);
    expect(on.statusCode).toBe(200);
    expect(on.json().value.list.find((v: { vendor: string }) => v.vendor === 'EVO')).toMatchObject({ enabled: true });
    expect(await menuCategories()).toEqual(['ELOTT', 'LOTT', 'LIVE', 'RNG']);
    expect((await vendorsOf()).some((v) => v.vassalage === 'EVO')).toBe(true);

    expect((await switchVendor('EVO', false)).statusCode).toBe(200);
    expect(await menuCategories()).toEqual(['ELOTT', 'LOTT', 'RNG']);
  });

  it('refuses a vendor the merchant does not offer at the field, and a merchant outside the operator’s scope, changing nothing', async () => {
    const unknown = await switchVendor('BGS', true); // BGS is offered by UEMOA only
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ success: false, code: 'APP_ERR_VENDOR_NOT_OFFERED' });
    expect(unknown.json().errors ?? unknown.json().value?.errors ?? []).toBeDefined();
    const outside = await switchVendor('SABA', true, uemoaOnly);
    expect(outside.statusCode).toBe(403);
    expect((await vendorsOf()).map((v) => v.vassalage)).toEqual(['TCG_ELOTT', 'TCG_SEA', 'INHOUSE']);
  });
});
