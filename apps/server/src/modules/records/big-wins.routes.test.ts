import { type BigWins, homePaths, seamlessPaths } from '@platform/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundMember } from '../../../test/funds.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import { insertMember } from '../members/members.repository.ts';
import type { MemberRow } from '../members/members.tables.ts';
import { type Merchant, MerchantDirectory } from '../merchants/merchants.service.ts';
import { insertProvider } from '../seamless/seamless.repository.ts';
import { openGameSession, signSeamless } from '../seamless/seamless.service.ts';

const SECRET = 'big-wins-provider-secret-0123456789';
let t: TestApp;
let brazil: Merchant;
let uemoa: Merchant;
let serial = 0;
const id = (prefix: string) => `${prefix}${++serial}x${process.pid}`;

beforeAll(async () => {
  t = await buildTestApp();
  await insertProvider(t.database.db, { code: 'WINPROV', vendorCode: 'INHOUSE', secret: SECRET });
  const list = await new MerchantDirectory(t.database.db, 0).list();
  brazil = list.find((m) => m.code === 'BRAZIL') as Merchant;
  uemoa = list.find((m) => m.code === 'UEMOA') as Merchant;
});
afterAll(() => t.close());

function call(path: string, body: unknown) {
  const raw = JSON.stringify(body);
  return t.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/json', 'x-provider': 'WINPROV', 'x-signature': signSeamless(SECRET, raw) },
    payload: raw,
  });
}

/** A player of `merchant` staking `stake` on a slot and winning `win` (major units), as a provider reports it. */
async function playAndWin(merchant: Merchant, account: string, stake: number, win: number): Promise<MemberRow> {
  const member = await insertMember(t.database.db, { merchantId: merchant.id, account, type: 0, language: 'EN' });
  await fundMember(t.database.db, merchant, member.id, 1_000_000);
  const { token } = await openGameSession(t.database.db, member, 'INHOUSE', 'jungle-gems');
  const round = id('round');
  const common = { playerId: String(member.id), roundId: round, gameCode: 'jungle-gems', currency: merchant.currency };
  expect((await call(seamlessPaths.bet, { ...common, token, transactionId: id('bet'), amount: stake })).statusCode).toBe(200);
  if (win > 0) expect((await call(seamlessPaths.win, { ...common, transactionId: id('win'), amount: win })).statusCode).toBe(200);
  return member;
}

const read = async (merchant: string, language = 'EN') => {
  const res = await t.app.inject({ method: 'GET', url: homePaths.bigWins, headers: { merchant, language } });
  expect(res.statusCode).toBe(200);
  return res.json().value as BigWins;
};

describe('recent big wins (home page)', () => {
  it('lists the merchant’s wins largest first, accounts masked, games named in the reader’s language, losses and other merchants left out', async () => {
    await playAndWin(brazil, 'bigwinner01', 2, 150);
    await playAndWin(brazil, 'smallwin02', 1, 3);
    await playAndWin(brazil, 'loser03', 5, 0);
    await playAndWin(uemoa, 'uemoawin04', 100, 90_000);

    const br = await read('BRAZIL', 'PT');
    expect(br.currency).toBe('BRL');
    expect(br.list.map((w) => [w.username, w.win, w.multiplier])).toEqual([
      ['bi***1', 150, 75],
      ['sm***2', 3, 3],
    ]);
    expect(br.list[0]).toMatchObject({ kind: 'round', vendor: 'INHOUSE', gameCode: 'jungle-gems', gameName: 'Jungle Gems' });
    expect(br.list[0]?.image).toMatch(/^\/img\/games\/inhouse-jungle-gems\.svg$/);

    const ue = await read('UEMOA', 'FR');
    expect(ue.currency).toBe('XOF');
    expect(ue.list.map((w) => [w.username, w.win])).toEqual([['ue***4', 90_000]]);
  });
});
