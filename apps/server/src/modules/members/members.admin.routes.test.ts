import { adminPaths, apiPaths, backofficePaths } from '@platform/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundMember } from '../../../test/funds.ts';
import { makeOperator } from '../../../test/operators.ts';
import { newPlayer } from '../../../test/payments.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import { merchantByCode } from '../merchants/merchants.service.ts';
import { houseAccount, post } from '../wallet/ledger.service.ts';
import { searchMembers } from './members.repository.ts';

// The back office's player search and profile: exact matches on account, mobile and id, in the
// operator's merchants only, paged on the server.

let sut: TestApp;
let owner: Record<string, string>;
let uemoaSupport: Record<string, string>;
let uemoaRisk: Record<string, string>;
let uemoaMain = 0;
let brazilPlayer: Awaited<ReturnType<typeof newPlayer>>;
let uemoaPlayer: Awaited<ReturnType<typeof newPlayer>>;

beforeAll(async () => {
  sut = await buildTestApp();
  const db = sut.database.db;
  owner = { authorization: `Bearer ${(await makeOperator(db, { account: 'ms-owner', role: 'owner' })).key}` };
  uemoaSupport = {
    authorization: `Bearer ${(await makeOperator(db, { account: 'ms-support', role: 'support', merchants: ['UEMOA'] })).key}`,
  };
  uemoaRisk = { authorization: `Bearer ${(await makeOperator(db, { account: 'ms-risk', role: 'risk', merchants: ['UEMOA'] })).key}` };
  brazilPlayer = await newPlayer(sut.app, db, 'BRAZIL');
  uemoaPlayer = await newPlayer(sut.app, db, 'UEMOA');
  await newPlayer(sut.app, db, 'UEMOA');
  const uemoa = await merchantByCode(db, 'UEMOA');
  if (uemoa) uemoaMain = await fundMember(db, uemoa, uemoaPlayer.id, 2_500);
});
afterAll(() => sut.close());

const search = (query: string, headers = owner) => sut.app.inject({ url: `${backofficePaths.members}?${query}`, headers });
const ids = (value: { list: { id: number }[] }) => value.list.map((m) => m.id);

describe('the player search', () => {
  it('finds a player by account in any case, by mobile with or without +, and by id', async () => {
    expect(ids((await search(`q=${brazilPlayer.account.toUpperCase()}`)).json().value)).toEqual([brazilPlayer.id]);
    expect(ids((await search(`q=${encodeURIComponent(brazilPlayer.mobile)}`)).json().value)).toEqual([brazilPlayer.id]);
    expect(ids((await search(`q=${brazilPlayer.mobile.slice(1)}`)).json().value)).toEqual([brazilPlayer.id]);
    const byId = (await search(`q=${uemoaPlayer.id}`)).json().value;
    expect(byId.list[0]).toMatchObject({ id: uemoaPlayer.id, merchant: 'UEMOA', account: uemoaPlayer.account, type: 0 });
    expect((await search('q=nobody-at-all')).json().value).toEqual({ list: [], total: 0, capped: false });
  });

  it('lists the newest members page by page, within the merchant named', async () => {
    const page = (await search('merchant=UEMOA&pageSize=1')).json().value;
    expect(page.total).toBeGreaterThanOrEqual(2);
    const second = (await search('merchant=UEMOA&pageSize=1&page=1')).json().value;
    expect(second.list[0].id).toBeLessThan(page.list[0].id);
    expect([...page.list, ...second.list].every((m: { merchant: string }) => m.merchant === 'UEMOA')).toBe(true);
  });

  it('counts only as far as it is asked, and says so', async () => {
    const uemoa = await merchantByCode(sut.database.db, 'UEMOA');
    const counted = await searchMembers(sut.database.db, { merchantIds: [uemoa?.id ?? 0] }, { limit: 1, offset: 0, cap: 1 });
    expect([counted.rows.length, counted.total]).toEqual([1, 1]);
    expect((await search('merchant=UEMOA&pageSize=1')).json().value.capped).toBe(false);
  });

  it('never shows an operator of UEMOA a player of Brazil', async () => {
    const found = (await search(`q=${brazilPlayer.account}`, uemoaSupport)).json().value;
    expect(found.list).toEqual([]);
    const everyone = (await search('pageSize=500', uemoaSupport)).json().value;
    expect(everyone.list.every((m: { merchant: string }) => m.merchant === 'UEMOA')).toBe(true);
    expect((await search('merchant=BRAZIL', uemoaSupport)).statusCode).toBe(403);
    const profile = await sut.app.inject({
      url: backofficePaths.member.replace(':memberId', String(brazilPlayer.id)),
      headers: uemoaSupport,
    });
    expect(profile.statusCode).toBe(403);
    const ledger = await sut.app.inject({
      url: apiPaths.adminMemberLedger.replace(':memberId', String(brazilPlayer.id)),
      headers: uemoaSupport,
    });
    expect(ledger.statusCode).toBe(403);
  });

  it("gives a player's profile with every wallet's balance in the merchant's currency", async () => {
    const res = await sut.app.inject({ url: backofficePaths.member.replace(':memberId', String(uemoaPlayer.id)), headers: uemoaSupport });
    const profile = res.json().value;
    expect(profile).toMatchObject({ id: uemoaPlayer.id, merchant: 'UEMOA', currency: 'XOF', mobile: uemoaPlayer.mobile });
    expect(profile.balance).toMatchObject({ main: 2_500, locked: 0, currency: 'XOF' });
    const missing = await sut.app.inject({ url: backofficePaths.member.replace(':memberId', '2000000000'), headers: owner });
    expect([missing.statusCode, missing.json().code]).toEqual([404, 'APP_ERR_NOT_FOUND']);
  });

  it('refuses a bad query at its field', async () => {
    const res = await search(`q=${'x'.repeat(255)}&page=-1`);
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .value.fields.map((f: { field: string }) => f.field)
        .sort(),
    ).toEqual(['page', 'q']);
  });
});

describe("the player's play switch", () => {
  const play = (headers: Record<string, string>, payload: object, memberId = uemoaPlayer.id) =>
    sut.app.inject({ method: 'PUT', url: backofficePaths.memberPlay.replace(':memberId', String(memberId)), headers, payload });
  const bet = async () => {
    const uemoa = await merchantByCode(sut.database.db, 'UEMOA');
    const games = await houseAccount(sut.database.db, uemoa?.id ?? 0, 'games', 'XOF', uemoaPlayer.id);
    return post(sut.database.db, {
      merchantId: uemoa?.id ?? 0,
      type: 'bet',
      postings: [
        { accountId: uemoaMain, amount: -100 },
        { accountId: games, amount: 100 },
      ],
    });
  };

  it('is switched off by risk with a reason: every stake is refused, the profile and the audit trail say why', async () => {
    expect((await play(uemoaSupport, { canPlay: false, reason: 'support may not' })).statusCode).toBe(403);
    const noReason = await play(uemoaRisk, { canPlay: false, reason: ' ' });
    expect(noReason.json().value.fields).toEqual([{ field: 'reason', message: 'validation.required' }]);
    expect((await play(uemoaRisk, { canPlay: false, reason: 'x' }, brazilPlayer.id)).statusCode).toBe(403);

    expect((await play(uemoaRisk, { canPlay: false, reason: 'Chargeback under review' })).json().value).toEqual({
      canPlay: false,
      reason: 'Chargeback under review',
    });
    await expect(bet()).rejects.toMatchObject({ code: 'APP_ERR_STAKE_PLAY_BLOCKED' });
    const profile = (
      await sut.app.inject({ url: backofficePaths.member.replace(':memberId', String(uemoaPlayer.id)), headers: uemoaSupport })
    ).json().value;
    expect(profile).toMatchObject({ canPlay: false, playOffReason: 'Chargeback under review', balance: { main: 2_500 } });
    const log = (await sut.app.inject({ url: `${adminPaths.auditLog}?action=member.play`, headers: owner })).json().value;
    expect(log.list[0]).toMatchObject({ operator: 'ms-risk', target: `member:${uemoaPlayer.id}`, reason: 'Chargeback under review' });
    expect(log.list[0].details).toEqual({ canPlay: false, before: true });
  });

  it('is switched on again and stakes pass', async () => {
    expect((await play(uemoaRisk, { canPlay: true, reason: 'Chargeback withdrawn' })).json().value.canPlay).toBe(true);
    await expect(bet()).resolves.toMatchObject({ replayed: false });
    const profile = (
      await sut.app.inject({ url: backofficePaths.member.replace(':memberId', String(uemoaPlayer.id)), headers: owner })
    ).json().value;
    expect(profile).toMatchObject({ canPlay: true, playOffReason: '', balance: { main: 2_400 } });
  });
});
