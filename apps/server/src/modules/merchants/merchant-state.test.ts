import { catalogPaths, crashPaths, inhousePaths } from '@platform/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { tokenOf } from '../../../test/auth.ts';
import { fundMember } from '../../../test/funds.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import { games } from '../catalog/catalog.tables.ts';
import { memberByAccount } from '../members/members.service.ts';
import { balanceOf } from '../wallet/ledger.service.ts';
import { listMerchants, updateMerchantByCode } from './merchants.repository.ts';

let sut: TestApp;
let app: FastifyInstance;
let session: string;
let main: number;

/** The routes that stay open while their merchant is in maintenance or the visitor is restricted. */
const openRoutes = new Set([
  // What the site needs to show the maintenance or restriction page, and help while it is shown.
  'GET /wps/system/status',
  'GET /wps/system/permission',
  'GET /wps/system/whitelabel',
  'GET /wps/system/domainRoute',
  'GET /wps/system/countryCodes',
  'GET /wps/system/helpCenter',
  // A provider's payment result lands whatever the merchant's state.
  'POST /wps/payments/webhook/{provider}',
  // A cash-out stakes nothing: a player in a running crash round keeps it.
  'POST /wps/inhouse/crash/cashout',
]);

beforeAll(async () => {
  sut = await buildTestApp();
  app = sut.app;
  const db = sut.database.db;
  session = await tokenOf(app, 'demoplayer', 'Demo1234');
  const brazil = (await listMerchants(db)).find((m) => m.code === 'BRAZIL');
  const member = await memberByAccount(db, brazil?.id ?? 0, 'demoplayer');
  if (!brazil || !member) throw new Error('no demo player');
  main = await fundMember(db, brazil, member.id, 50_000);
});
afterAll(() => sut.close());
afterEach(async () => {
  for (const code of ['BRAZIL', 'UEMOA'])
    await updateMerchantByCode(sut.database.db, code, { maintenance: false, restrictedCountries: [] });
});

/** Every site API operation the OpenAPI document lists, with a concrete path for its parameters. */
function siteOperations(): { method: string; path: string; key: string }[] {
  const doc = app.swagger() as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(doc.paths)
    .filter(([path]) => path.startsWith('/wps/') || path.startsWith('/lgw/'))
    .flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => ({
        method: method.toUpperCase(),
        path: path.replace(/\{[^}]+\}/g, '1'),
        key: `${method.toUpperCase()} ${path}`,
      })),
    );
}

/** `/wps/...` as `/%77ps/...`: the router decodes it to the same route. */
const encoded = (path: string) => `/%${path.charCodeAt(1).toString(16)}${path.slice(2)}`;

describe('the merchant state on every route', () => {
  it('refuses every business route of a merchant in maintenance, however its path is written', async () => {
    await updateMerchantByCode(sut.database.db, 'BRAZIL', { maintenance: true });
    const operations = siteOperations();
    expect(operations.length).toBeGreaterThan(60);
    const wrong: string[] = [];
    for (const op of operations) {
      for (const url of [op.path, encoded(op.path)]) {
        const res = await app.inject({
          method: op.method as 'GET',
          url,
          headers: { merchant: 'BRAZIL', authorization: `Bearer ${session}` },
          payload: op.method === 'GET' ? undefined : {},
        });
        const open = openRoutes.has(op.key);
        if (res.statusCode >= 500 && res.statusCode !== 503) wrong.push(`${op.key} ${url}: ${res.statusCode}`);
        else if (!open && (res.statusCode !== 503 || res.json().code !== 'APP_ERR_SYSTEM_MAINTENANCE'))
          wrong.push(`${op.key} ${url}: ${res.statusCode}`);
        else if (open && res.statusCode === 503) wrong.push(`${op.key} ${url}: closed, expected open`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('refuses every business route to a visitor from a restricted country, however its path is written', async () => {
    await updateMerchantByCode(sut.database.db, 'BRAZIL', { restrictedCountries: ['BR'] });
    const wrong: string[] = [];
    for (const op of siteOperations()) {
      if (openRoutes.has(op.key)) continue;
      const res = await app.inject({
        method: op.method as 'GET',
        url: encoded(op.path),
        headers: { merchant: 'BRAZIL' },
        remoteAddress: '200.147.67.142',
        payload: op.method === 'GET' ? undefined : {},
      });
      if (res.statusCode !== 403 || res.json().code !== 'APP_ERR_REGION_RESTRICTED') wrong.push(`${op.key}: ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });
});

describe('game routes act on their launch token’s merchant', () => {
  async function launch(code: string): Promise<string> {
    const [game] = await sut.database.db.select().from(games).where(eq(games.gameCode, code));
    const res = await app.inject({
      method: 'POST',
      url: catalogPaths.launchGame,
      headers: { authorization: `Bearer ${session}`, merchant: 'BRAZIL' },
      payload: { nodeId: game?.id },
    });
    return new URL(res.json().value.game_url, 'http://site').searchParams.get('token') ?? '';
  }

  it('refuses a money round of a merchant in maintenance whatever merchant the request names, and takes no stake', async () => {
    const token = await launch('dice');
    await updateMerchantByCode(sut.database.db, 'BRAZIL', { maintenance: true });
    const before = await balanceOf(sut.database.db, main);
    const roll = { token, amount: 1, target: 50, direction: 'under' };
    for (const headers of [{}, { merchant: 'UEMOA' }]) {
      for (const url of [inhousePaths.diceRoll, encoded(inhousePaths.diceRoll)]) {
        const res = await app.inject({ method: 'POST', url, headers, payload: roll });
        expect(res.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(503);
        expect(res.json().code).toBe('APP_ERR_SYSTEM_MAINTENANCE');
      }
    }
    expect(await balanceOf(sut.database.db, main)).toBe(before);

    await updateMerchantByCode(sut.database.db, 'BRAZIL', { maintenance: false });
    const played = await app.inject({ method: 'POST', url: inhousePaths.diceRoll, headers: { merchant: 'UEMOA' }, payload: roll });
    expect(played.statusCode).toBe(200);
  });

  it('refuses a money round to a visitor from a country the token’s merchant restricts', async () => {
    const token = await launch('dice');
    await updateMerchantByCode(sut.database.db, 'BRAZIL', { restrictedCountries: ['SN'] });
    const res = await app.inject({
      method: 'POST',
      url: inhousePaths.diceRoll,
      headers: { merchant: 'UEMOA' },
      remoteAddress: '41.82.0.1',
      payload: { token, amount: 1, target: 50, direction: 'under' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('APP_ERR_REGION_RESTRICTED');
  });

  it('refuses a crash bet of a merchant in maintenance named through another merchant', async () => {
    const token = await launch('crash');
    await updateMerchantByCode(sut.database.db, 'BRAZIL', { maintenance: true });
    const res = await app.inject({ method: 'POST', url: crashPaths.bet, headers: { merchant: 'UEMOA' }, payload: { token, amount: 1 } });
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe('APP_ERR_SYSTEM_MAINTENANCE');
  });
});
