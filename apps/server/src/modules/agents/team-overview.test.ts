import { agentPaths } from '@platform/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginRequest, tokenOf } from '../../../test/auth.ts';
import { fundMember } from '../../../test/funds.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import type { Db } from '../../platform/db.ts';
import { periodAt } from '../../platform/periods.ts';
import { memberByAccount } from '../members/members.service.ts';
import { type Merchant, merchantByCode } from '../merchants/merchants.service.ts';
import { dailyStatistics } from '../statistics/statistics.service.ts';
import { catchUp } from '../wallet/ledger.feed.ts';
import { houseAccount, memberAccount, post } from '../wallet/ledger.service.ts';

// The team overview of an agent line only this file builds on BRAZIL (cents): demoagent → tagenta
// (agent) → tplayer1 (player) and tagentb (agent) → tplayer2 (player). Figures come from the daily
// statistics the ledger feed keeps, for the team below the agent only.

let sut: TestApp;
let db: Db;
let brazil: Merchant;
const tokens: Record<string, string> = {};

const get = (token: string | undefined, url: string, headers: Record<string, string> = {}) =>
  sut.app.inject({ method: 'GET', url, headers: { ...headers, authorization: `Bearer ${token}` } });

/** A bet (and a win) of a member now, through the ledger as a game's would go. */
async function play(account: string, stake: number, win = 0) {
  const m = await memberByAccount(db, brazil.id, account);
  if (!m) throw new Error(account);
  const main = await memberAccount(db, brazil.id, m.id, 'main', brazil.currency);
  const games = await houseAccount(db, brazil.id, 'games', brazil.currency, m.id);
  for (const [type, amount] of [
    ['bet', stake],
    ['win', win],
  ] as const) {
    if (amount === 0) continue;
    await post(db, {
      merchantId: brazil.id,
      type,
      postings: [
        { accountId: type === 'bet' ? main : games, amount: -amount },
        { accountId: type === 'bet' ? games : main, amount },
      ],
      reference: { category: 'SLOT' },
    });
  }
}

beforeAll(async () => {
  sut = await buildTestApp();
  db = sut.database.db;
  brazil = (await merchantByCode(db, 'BRAZIL')) as Merchant;
  tokens.demoagent = await tokenOf(sut.app, 'demoagent', 'Demo1234');
  for (const [upline, account, type] of [
    ['demoagent', 'tagenta', 'agent'],
    ['tagenta', 'tplayer1', 'player'],
    ['tagenta', 'tagentb', 'agent'],
    ['tagentb', 'tplayer2', 'player'],
  ] as const) {
    const opened = await sut.app.inject({
      method: 'POST',
      url: agentPaths.openAccount,
      headers: { authorization: `Bearer ${tokens[upline]}` },
      payload: { account, type, prizeGroup: 1800 },
    });
    if (opened.statusCode !== 200) throw new Error(opened.body);
    if (type === 'agent') {
      const login = await loginRequest(sut.app, { username: account, password: opened.json().value.initialPassword });
      tokens[account] = login.json().value.token;
    }
  }
  const fund = async (account: string, amount: number) => {
    const m = await memberByAccount(db, brazil.id, account);
    if (m) await fundMember(db, brazil, m.id, amount);
  };
  await fund('tplayer1', 50_000);
  await fund('tplayer2', 20_000);
  await play('tplayer1', 10_000, 4_000);
  await play('tplayer2', 5_000);
  await catchUp(db, dailyStatistics);
});
afterAll(() => sut.close());

describe('team overview', () => {
  it('sums the team below the agent per day and in total, the agent itself left out', async () => {
    const res = await get(tokens.tagenta, `${agentPaths.overview}?period=today`);
    expect(res.statusCode, res.body).toBe(200);
    const today = periodAt('day', brazil.timeZone, new Date()).key;
    const figures = {
      newMembers: 3,
      activeMembers: 2,
      depositors: 2,
      deposits: 700,
      withdrawals: 0,
      bets: 150,
      payouts: 40,
      bonuses: 0,
      profit: -110,
    };
    expect(res.json().value).toEqual({ teamSize: 3, directCount: 2, total: figures, days: [{ day: today, ...figures }] });

    // One level down: tagentb's team is tplayer2 alone.
    const below = (await get(tokens.tagentb, `${agentPaths.overview}?period=past7`)).json().value;
    expect(below.total).toMatchObject({ newMembers: 1, activeMembers: 1, bets: 50, payouts: 0, profit: -50, deposits: 200 });
    expect(below.teamSize).toBe(1);

    // The top of the line sees the whole line (and whatever else its team did).
    const top = (await get(tokens.demoagent, `${agentPaths.overview}?period=today`)).json().value;
    expect(top.total.bets).toBeGreaterThanOrEqual(150);
    expect(top.total.newMembers).toBeGreaterThanOrEqual(4);
  });

  it('answers nothing of other teams or merchants, refuses players and bad ranges', async () => {
    // Yesterday the line did nothing.
    const yesterday = (await get(tokens.tagenta, `${agentPaths.overview}?period=yesterday`)).json().value;
    expect(yesterday.total).toMatchObject({ newMembers: 0, activeMembers: 0, bets: 0 });
    expect(yesterday.days).toEqual([]);
    // UEMOA's demo agent: BRAZIL's line moves nothing of its overview (while it moves tagenta's).
    const uemoa = await tokenOf(sut.app, 'demoagent', 'Demo1234', { merchant: 'UEMOA' });
    const uemoaOverview = async () => (await get(uemoa, `${agentPaths.overview}?period=today`, { merchant: 'UEMOA' })).json().value;
    const before = await uemoaOverview();
    await play('tplayer1', 1_000);
    await catchUp(db, dailyStatistics);
    expect(await uemoaOverview()).toEqual(before);
    expect((await get(tokens.tagenta, `${agentPaths.overview}?period=today`)).json().value.total.bets).toBe(160);
    // A player is no agent.
    const demoplayer = await tokenOf(sut.app, 'demoplayer', 'Demo1234');
    const refused = await get(demoplayer, agentPaths.overview);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('APP_ERR_AUTH_NOT_AGENT');
    for (const query of ['period=forever', 'period=custom&to=9000000000000000', 'period=custom&from=-1']) {
      const bad = await get(tokens.tagenta, `${agentPaths.overview}?${query}`);
      expect(bad.statusCode, query).toBe(400);
      expect(bad.json().code).toBe('APP_ERR_VALIDATION');
    }
  });

  it('lists each member’s own result, the biggest bettor first, or one member’s of the team only', async () => {
    const page = (await get(tokens.tagenta, `${agentPaths.profit}?period=today`)).json().value;
    expect(page.totalElements).toBe(2);
    expect(page.content).toEqual([
      { account: 'tplayer1', isAgent: 0, level: 1, bets: 110, payouts: 40, bonuses: 0, deposits: 500, withdrawals: 0, profit: -70 },
      { account: 'tplayer2', isAgent: 0, level: 2, bets: 50, payouts: 0, bonuses: 0, deposits: 200, withdrawals: 0, profit: -50 },
    ]);
    const one = (await get(tokens.tagenta, `${agentPaths.profit}?period=today&account=tplayer2`)).json().value;
    expect(one.content.map((r: { account: string }) => r.account)).toEqual(['tplayer2']);
    // Someone outside the team (here the caller's own upline's other member) reads as unknown.
    const refused = await get(tokens.tagentb, `${agentPaths.profit}?account=tplayer1`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().code).toBe('APP_ERR_AGENT_NOT_IN_TEAM');
  });
});
