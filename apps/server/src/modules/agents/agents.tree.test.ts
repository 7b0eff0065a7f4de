import { agentPaths, prizeGroups } from '@platform/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captchaAnswered, freshIp, type Headers, loginRequest, smsCode, tokenOf } from '../../../test/auth.ts';
import { brazilRegistration } from '../../../test/market.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import { queryRows } from '../../platform/db.ts';
import { memberByAccount } from '../members/members.service.ts';
import { merchantByCode } from '../merchants/merchants.service.ts';
import { assignPrizeGroup, createPromoLink, prizeGroupOf } from './agents.service.ts';

let sut: TestApp;
let agentToken: string;
const uemoa = { merchant: 'UEMOA' };

beforeAll(async () => {
  sut = await buildTestApp();
  const db = sut.database.db;
  const merchant = await merchantByCode(db, 'BRAZIL');
  const agent = await memberByAccount(db, merchant?.id ?? 0, 'demoagent');
  if (!agent) throw new Error('no demo agent');
  await assignPrizeGroup(db, agent, 1950);
  agentToken = await tokenOf(sut.app, 'demoagent', 'Demo1234');
});
afterAll(() => sut.close());

const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers: Headers = {}) =>
  sut.app.inject({ method, url, payload, headers: { ...headers, authorization: `Bearer ${token}` } });

async function open(token: string, account: string, type: 'agent' | 'player', prizeGroup: number) {
  const res = await call(token, 'POST', agentPaths.openAccount, { account, type, prizeGroup });
  if (res.statusCode !== 200) throw new Error(`open ${account}: ${res.body}`);
  return res.json().value as { account: string; initialPassword: string };
}

/** Every closure row a walk up members.upline_id gives, against the rows the trigger kept: none missing, none extra. */
async function closureDrift(): Promise<number> {
  const [row] = await queryRows<{ drift: number }>(
    sut.database.db,
    sql`with recursive chain(ancestor_id, descendant_id, depth) as (
          select id, id, 0 from members
          union all
          select m.upline_id, c.descendant_id, c.depth + 1 from chain c join members m on m.id = c.ancestor_id where m.upline_id is not null)
        select count(*)::int as drift from (
          (select * from chain except select ancestor_id, descendant_id, depth from member_tree)
          union all
          (select ancestor_id, descendant_id, depth from member_tree except select * from chain)) d`,
  );
  return row?.drift ?? -1;
}

describe('the team tree', () => {
  let subToken: string;

  it('opens a downline agent with a one-time password it must change at first login, and that agent opens its own players', async () => {
    const sub = await open(agentToken, 'subagent01', 'agent', 1900);
    expect(sub.initialPassword).toMatch(/^[a-z]{6}\d{4}$/);
    const login = await loginRequest(sut.app, { username: 'subagent01', password: sub.initialPassword });
    expect(login.json().value).toMatchObject({ isAgent: 1, firstTimeLogin: true });
    subToken = login.json().value.token;
    await open(subToken, 'teamplayer1', 'player', 1900);
    await open(subToken, 'teamplayer2', 'player', 1800);
    expect(await closureDrift()).toBe(0);

    const profile = (await call(agentToken, 'GET', agentPaths.profile)).json().value;
    // demoplayer and newplayer were seeded under demoagent; then subagent01 and its two players.
    expect(profile).toMatchObject({ account: 'demoagent', prizeGroup: 1950, rebateBp: 1250, teamSize: 5, directCount: 3 });
  });

  it('browses one level at a time with a breadcrumb, and searches the whole team', async () => {
    const top = (await call(agentToken, 'GET', agentPaths.team)).json().value;
    expect(top.breadcrumb).toEqual(['demoagent']);
    expect(top.content.map((m: { account: string }) => m.account).sort()).toEqual(['demoplayer', 'newplayer', 'subagent01']);
    expect(top.content.find((m: { account: string }) => m.account === 'subagent01')).toMatchObject({
      level: 1,
      teamSize: 2,
      prizeGroup: 1900,
    });

    const below = (await call(agentToken, 'GET', `${agentPaths.team}?parent=subagent01`)).json().value;
    expect(below.breadcrumb).toEqual(['demoagent', 'subagent01']);
    expect(below.content).toEqual([
      expect.objectContaining({ account: 'teamplayer1', level: 2, upline: 'subagent01', prizeGroup: 1900, rebateBp: 1000 }),
      expect.objectContaining({ account: 'teamplayer2', level: 2, upline: 'subagent01', prizeGroup: 1800 }),
    ]);
    const found = (await call(agentToken, 'GET', `${agentPaths.team}?account=PLAYER2`)).json().value;
    expect(found.content.map((m: { account: string }) => m.account)).toEqual(['teamplayer2']);
    expect(found.totalElements).toBe(1);
    // The sub-agent sees its own team only.
    const subTeam = (await call(subToken, 'GET', `${agentPaths.team}?account=player`)).json().value;
    expect(subTeam.content.map((m: { account: string }) => m.account).sort()).toEqual(['teamplayer1', 'teamplayer2']);
  });

  it('refuses a prize group above the agent’s own, or one that would put a downline above its upline', async () => {
    const above = await call(subToken, 'POST', agentPaths.openAccount, { account: 'greedy01', type: 'player', prizeGroup: 1910 });
    expect(above.statusCode).toBe(400);
    expect(above.json()).toMatchObject({ code: 'APP_ERR_AGENT_PRIZE_GROUP_TOO_HIGH', value: { fields: [{ field: 'prizeGroup' }] } });
    const underTeam = await call(agentToken, 'PUT', agentPaths.prizeGroup, { account: 'subagent01', prizeGroup: 1850 });
    expect(underTeam.json().code).toBe('APP_ERR_AGENT_PRIZE_GROUP_BELOW_TEAM');
    const notDirect = await call(agentToken, 'PUT', agentPaths.prizeGroup, { account: 'teamplayer1', prizeGroup: 1800 });
    expect(notDirect.json().code).toBe('APP_ERR_AGENT_NOT_DIRECT');
    const tooHigh = await call(agentToken, 'PUT', agentPaths.prizeGroup, { account: 'subagent01', prizeGroup: 1960 });
    expect(tooHigh.json().code).toBe('APP_ERR_AGENT_PRIZE_GROUP_TOO_HIGH');
    const outOfRange = await call(agentToken, 'PUT', agentPaths.prizeGroup, { account: 'subagent01', prizeGroup: 2000 });
    expect(outOfRange.statusCode).toBe(400);
    const db = sut.database.db;
    const sub = await memberByAccount(db, (await merchantByCode(db, 'BRAZIL'))?.id ?? 0, 'subagent01');
    expect(await prizeGroupOf(db, sub?.id ?? 0)).toBe(1900);
    const fine = await call(agentToken, 'PUT', agentPaths.prizeGroup, { account: 'subagent01', prizeGroup: 1920 });
    expect(fine.json().value).toEqual({ account: 'subagent01', prizeGroup: 1920 });
  });

  it('answers "not in your team" alike for another team, another merchant and nobody, and refuses players', async () => {
    const uemoaToken = await tokenOf(sut.app, 'demoagent', 'Demo1234', uemoa);
    for (const [token, account] of [
      [subToken, 'demoplayer'], // the upline's other branch
      [subToken, 'demoagent'], // its own upline
      [uemoaToken, 'subagent01'], // another merchant's agent asking for this one's downline
      [agentToken, 'oldplayer'], // a member of no team
      [agentToken, 'nobody-here'],
    ] as const) {
      const browse = await call(token, 'GET', `${agentPaths.team}?parent=${account}`, undefined, token === uemoaToken ? uemoa : {});
      expect(browse.statusCode).toBe(404);
      expect(browse.json().code).toBe('APP_ERR_AGENT_NOT_IN_TEAM');
      const set = await call(token, 'PUT', agentPaths.prizeGroup, { account, prizeGroup: 1700 }, token === uemoaToken ? uemoa : {});
      expect(set.json().code).toBe('APP_ERR_AGENT_NOT_IN_TEAM');
    }
    const playerToken = await tokenOf(sut.app, 'demoplayer', 'Demo1234');
    for (const [method, url] of [
      ['GET', agentPaths.profile],
      ['GET', agentPaths.team],
      ['GET', agentPaths.promoLinks],
    ] as const) {
      expect((await call(playerToken, method, url)).json().code).toBe('APP_ERR_AUTH_NOT_AGENT');
    }
    const opened = await call(playerToken, 'POST', agentPaths.openAccount, { account: 'sneaky01', type: 'player', prizeGroup: 1700 });
    expect(opened.json().code).toBe('APP_ERR_AUTH_NOT_AGENT');
  });

  it('refuses a taken or badly formed account name, changing nothing', async () => {
    const taken = await call(agentToken, 'POST', agentPaths.openAccount, { account: 'DemoPlayer', type: 'player', prizeGroup: 1700 });
    expect(taken.statusCode).toBe(409);
    const bad = await call(agentToken, 'POST', agentPaths.openAccount, { account: 'a b', type: 'player', prizeGroup: 1700 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().value.fields[0].field).toBe('account');
    expect((await call(agentToken, 'GET', agentPaths.profile)).json().value.teamSize).toBe(5);
  });
});

describe('promo links', () => {
  const register = async (username: string, referralCode: string) => {
    const mobileNum = `119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const verificationCode = await smsCode(sut.app, sut.database.db, '/wps/verification/sms/register', '+55', mobileNum);
    return sut.app.inject({
      method: 'PUT',
      url: '/wps/member/register',
      remoteAddress: freshIp(),
      payload: {
        username,
        password: 'Secret123',
        confirmPassword: 'Secret123',
        countryDialingCode: '+55',
        mobileNum,
        verificationCode,
        agreeTerms: true,
        referralCode,
        ...brazilRegistration(),
        ...(await captchaAnswered(sut.app, sut.database.db)),
      },
    });
  };

  it('registers an agent under the link’s owner at the link’s prize group and counts it; a switched-off link is an invalid code', async () => {
    const link = (await call(agentToken, 'POST', agentPaths.promoLinks, { type: 'agent', prizeGroup: 1880, validDays: 30 })).json().value;
    expect(link).toMatchObject({ isAgent: 1, prizeGroup: 1880, registrations: 0, valid: true });
    const check = await sut.app.inject({
      method: 'POST',
      url: '/wps/agent/affiliate',
      payload: { code: link.code.toLowerCase() },
      remoteAddress: freshIp(),
    });
    expect(check.json().value).toMatchObject({ valid: true, agent: 'demoagent' });

    const joined = await register('linkagent1', link.code);
    expect(joined.json().value).toMatchObject({ isAgent: 1 });
    const info = (await call(joined.json().value.token, 'GET', agentPaths.profile)).json().value;
    expect(info).toMatchObject({ upline: 'demoagent', prizeGroup: 1880 });
    const [listed] = (await call(agentToken, 'GET', agentPaths.promoLinks)).json().value;
    expect(listed).toMatchObject({ id: link.id, registrations: 1 });

    const off = await call(agentToken, 'PUT', agentPaths.promoLink.replace(':id', String(link.id)), { enabled: false });
    expect(off.json().value).toMatchObject({ enabled: false, valid: false });
    expect((await register('linkagent2', link.code)).json().code).toBe('APP_ERR_AUTH_INVITATION_CODE_INVALID');
    // Another agent cannot touch the link.
    const subToken = (await loginRequest(sut.app, { username: 'linkagent1', password: 'Secret123' })).json().value.token;
    const foreign = await call(subToken, 'PUT', agentPaths.promoLink.replace(':id', String(link.id)), { enabled: true });
    expect(foreign.json().code).toBe('APP_ERR_AGENT_PROMO_LINK_UNKNOWN');
  });

  it('refuses an expired link, a group above the owner’s and more than 20 links', async () => {
    const db = sut.database.db;
    const merchant = await merchantByCode(db, 'BRAZIL');
    const agent = await memberByAccount(db, merchant?.id ?? 0, 'demoagent');
    if (!agent) throw new Error('no agent');
    const expired = await createPromoLink(
      db,
      agent,
      { type: 'player', prizeGroup: 1800, validDays: 1 },
      new Date(Date.now() - 2 * 86_400_000),
    );
    expect(expired.expiresAt).toBeLessThan(Date.now());
    expect((await register('lateplayer1', expired.code)).json().code).toBe('APP_ERR_AUTH_INVITATION_CODE_INVALID');
    const high = await call(agentToken, 'POST', agentPaths.promoLinks, { type: 'player', prizeGroup: prizeGroups.max });
    expect(high.json().code).toBe('APP_ERR_AGENT_PRIZE_GROUP_TOO_HIGH');
    const have = (await call(agentToken, 'GET', agentPaths.promoLinks)).json().value.length;
    for (let i = have; i < 20; i++) {
      expect((await call(agentToken, 'POST', agentPaths.promoLinks, { type: 'player', prizeGroup: 1700 })).statusCode).toBe(200);
    }
    const over = await call(agentToken, 'POST', agentPaths.promoLinks, { type: 'player', prizeGroup: 1700 });
    expect(over.statusCode).toBe(409);
    expect(over.json().code).toBe('APP_ERR_AGENT_PROMO_LINK_LIMIT');
  });
});
