import { catalogPaths, seamlessPaths } from '@platform/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenOf } from '../../../test/auth.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import { findProvider } from '../seamless/seamless.repository.ts';
import { signSeamless } from '../seamless/seamless.service.ts';
import { setGameEnabled } from './catalog.repository.ts';
import { games } from './catalog.tables.ts';

let t: TestApp;
let app: FastifyInstance;
let token: string;
beforeAll(async () => {
  t = await buildTestApp();
  app = t.app;
  token = await tokenOf(app, 'demoplayer', 'Demo1234');
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });
const auth = () => ({ authorization: `Bearer ${token}` });
const postJson = (url: string, payload: object, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, payload, headers });

async function nodeIdOf(vendor: string, code: string): Promise<number> {
  const [row] = await t.database.db.select().from(games).where(eq(games.gameCode, code));
  if (!row || row.vendorCode !== vendor) throw new Error(`no game ${vendor}/${code}`);
  return row.id;
}

describe('game list', () => {
  it('lists a category in pages of 42, hot first, with the spec’s fields', async () => {
    const res = await get(`${catalogPaths.gameList}?gameType=RNG`);
    expect(res.statusCode).toBe(200);
    const { games: list, totalPages, total } = res.json().value;
    expect(total).toBeGreaterThan(20);
    expect(totalPages).toBe(Math.ceil(total / 42));
    expect(list[0]).toMatchObject({ isHot: 1, gameType: 'RNG', isGame: 'GAME' });
    expect(Object.keys(list[0]).sort()).toEqual(
      [
        'nodeId',
        'vassalage',
        'gameType',
        'isGame',
        'code',
        'gameCode',
        'name',
        'defaultPlayType',
        'accountTypeName',
        'vendor',
        'isHot',
        'gameClassify',
        'minBet',
        'lines',
        'image',
        'launchable',
        'available',
      ].sort(),
    );
    const second = (await get(`${catalogPaths.gameList}?gameType=RNG&pageSize=10&pageNo=2`)).json().value;
    expect(second.games).toHaveLength(10);
    expect(second.games[0].nodeId).not.toBe(list[0].nodeId);
  });

  it('searches by name in the reader’s language, and filters by vendor, kind, stake and lines', async () => {
    const pt = (await get(`${catalogPaths.gameList}?gameName=carnaval`, { language: 'PT' })).json().value.games;
    expect(pt.map((g: { name: string }) => g.name)).toEqual(['Noites de Carnaval']);
    const en = (await get(`${catalogPaths.gameList}?gameName=CARNIVAL`)).json().value.games;
    expect(en.map((g: { code: string }) => g.code)).toEqual(['carnival-nights']);
    // LIKE wildcards in the search are plain characters.
    expect((await get(`${catalogPaths.gameList}?gameName=%25`)).json().value.games).toEqual([]);
    const inhouse = (await get(`${catalogPaths.gameList}?vassalage=INHOUSE&gameClassify=SLOT`)).json().value.games;
    expect(inhouse).toHaveLength(3);
    const wide = (await get(`${catalogPaths.gameList}?gameType=RNG&minLineNum=100`)).json().value.games;
    expect(wide.every((g: { lines: number }) => g.lines >= 100)).toBe(true);
    const dear = (await get(`${catalogPaths.gameList}?gameType=LIVE&minBet=5`)).json().value.games;
    expect(dear.every((g: { minBet: number }) => g.minBet >= 5)).toBe(true);
  });

  it('shows only the vendors a merchant offers', async () => {
    const uemoa = (await get(`${catalogPaths.gameList}?gameType=COCKFIGHT`, { merchant: 'UEMOA' })).json().value;
    expect(uemoa.games).toEqual([]);
    const brazil = (await get(`${catalogPaths.gameList}?gameType=COCKFIGHT`)).json().value;
    expect(brazil.games.length).toBeGreaterThan(0);
  });

  it('refuses a bad page or category at the field and lists the hot games', async () => {
    const bad = await get(`${catalogPaths.gameList}?pageNo=0&gameType=NOPE`);
    expect(bad.statusCode).toBe(400);
    const fields = bad
      .json()
      .value.fields.map((f: { field: string }) => f.field)
      .sort();
    expect(fields).toEqual(['gameType', 'pageNo']);
    const hot = (await get(`${catalogPaths.hotGames}?vassalage=INHOUSE`)).json().value.list;
    expect(hot.length).toBeGreaterThan(0);
    expect(hot.every((g: { isHot: number; vassalage: string }) => g.isHot === 1 && g.vassalage === 'INHOUSE')).toBe(true);
  });
});

describe('favourites and recent games', () => {
  it('asks a visitor to log in, and adds and removes favourites for a member', async () => {
    const nodeId = await nodeIdOf('INHOUSE', 'jungle-gems');
    const body = { nodeId, vendor: 'INHOUSE', gameType: 'RNG' };
    expect((await postJson(catalogPaths.addFavourite, body)).statusCode).toBe(401);
    expect((await get(catalogPaths.recentGames)).statusCode).toBe(401);

    expect((await postJson(catalogPaths.addFavourite, body, auth())).json().value).toEqual([nodeId]);
    expect((await postJson(catalogPaths.addFavourite, body, auth())).json().value).toEqual([nodeId]);
    const list = (await get(`${catalogPaths.favouriteGames}?gameType=RNG`, auth())).json().value;
    expect(list.content.map((g: { nodeId: number }) => g.nodeId)).toEqual([nodeId]);
    expect(list.totalPages).toBe(1);
    expect((await get(`${catalogPaths.favouriteGames}?gameType=LIVE`, auth())).json().value.content).toEqual([]);
    expect((await postJson(catalogPaths.removeFavourite, body, auth())).json().value).toEqual([]);

    const wrong = await postJson(catalogPaths.addFavourite, { ...body, vendor: 'PG' }, auth());
    expect(wrong.statusCode).toBe(404);
  });

  it('refuses a trial account with “please create a real account”', async () => {
    const trial = await app.inject({ method: 'POST', url: '/wps/session/login/freeplay', remoteAddress: '10.9.8.7' });
    const trialToken = trial.json().value.token;
    const res = await get(catalogPaths.favouriteIds, { authorization: `Bearer ${trialToken}` });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('please_create_real_account');
  });
});

describe('launch', () => {
  it('opens an in-house game for money with a launch token the seamless wallet accepts, and lists it as recent', async () => {
    const nodeId = await nodeIdOf('INHOUSE', 'savanna-sun');
    const res = await postJson(catalogPaths.launchGame, { nodeId, gameId: 'savanna-sun', launchMode: 'GLS' }, auth());
    expect(res.statusCode).toBe(200);
    const { game_url: url, demo } = res.json().value;
    expect(demo).toBe(false);
    const launched = new URL(url, 'http://site');
    expect(launched.pathname).toBe('/play/inhouse/savanna-sun');
    const launchToken = launched.searchParams.get('token') ?? '';

    const provider = await findProvider(t.database.db, 'INHOUSE');
    const raw = JSON.stringify({ token: launchToken });
    const player = await app.inject({
      method: 'POST',
      url: seamlessPaths.player,
      headers: { 'content-type': 'application/json', 'x-provider': 'INHOUSE', 'x-signature': signSeamless(provider?.secret ?? '', raw) },
      payload: raw,
    });
    expect(player.json().value).toMatchObject({ account: 'demoplayer', gameCode: 'savanna-sun', currency: 'BRL' });

    const recent = (await get(catalogPaths.recentGames, auth())).json().value;
    expect(recent.list[0].nodeId).toBe(nodeId);
  });

  it('opens demo play without a login and without a token, and refuses money play to a visitor', async () => {
    const nodeId = await nodeIdOf('INHOUSE', 'dice');
    const demo = await postJson(catalogPaths.launchGame, { nodeId, launchMode: 'DEMO' });
    expect(demo.json().value.demo).toBe(true);
    expect(new URL(demo.json().value.game_url, 'http://site').searchParams.has('token')).toBe(false);
    expect((await postJson(catalogPaths.launchGame, { nodeId })).json().code).toBe('APP_ERR_AUTH_NOT_LOGGED_IN');
  });

  it('says a vendor without a contract cannot launch, and offers other games while one is in maintenance', async () => {
    const pg = await nodeIdOf('PG', 'pg-1');
    const refused = await postJson(catalogPaths.launchGame, { nodeId: pg }, auth());
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('APP_ERR_GAME_NOT_CONFIGURED');

    const jungle = await nodeIdOf('INHOUSE', 'jungle-gems');
    await setGameEnabled(t.database.db, jungle, false);
    try {
      const down = await postJson(catalogPaths.launchGame, { nodeId: jungle }, auth());
      expect(down.statusCode).toBe(409);
      expect(down.json().code).toBe('APP_ERR_GAME_MAINTENANCE');
      const recommended = down.json().value.recommendations;
      expect(recommended.length).toBeGreaterThan(0);
      expect(recommended.every((g: { nodeId: number; launchable: boolean }) => g.nodeId !== jungle && g.launchable)).toBe(true);
    } finally {
      await setGameEnabled(t.database.db, jungle, true);
    }
  });

  it('opens a lottery game on the lottery page with its play type', async () => {
    const nodeId = await nodeIdOf('TCG_SEA', 'SSC');
    const res = await postJson(catalogPaths.launchGame, { nodeId }, auth());
    const url = new URL(res.json().value.game_url, 'http://site');
    expect(url.pathname).toBe('/lottery');
    expect(url.searchParams.get('gameCode')).toBe('SSC');
    expect(url.searchParams.get('playType')).toBe('SSC_5_DIRECT');
  });
});
