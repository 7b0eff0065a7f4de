import { type ContractTerms, contractPaths } from '@platform/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Headers, loginRequest, tokenOf } from '../../../test/auth.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import { queryRows } from '../../platform/db.ts';
import { memberByAccount } from '../members/members.service.ts';
import { merchantByCode } from '../merchants/merchants.service.ts';
import { assignPrizeGroup } from './agents.service.ts';
import { grantTopContract } from './contracts.service.ts';

let sut: TestApp;
const tokens: Record<string, string> = {};
const uemoa = { merchant: 'UEMOA' };

const daily = (...tiers: [turnover: number, activeMembers: number, ratioBp: number][]): ContractTerms => ({
  kind: 'daily',
  tiers: tiers.map(([turnover, activeMembers, ratioBp]) => ({ turnover, activeMembers, ratioBp })),
});

const call = (token: string | undefined, method: 'GET' | 'POST', url: string, payload?: object, headers: Headers = {}) =>
  sut.app.inject({ method, url, payload, headers: { ...headers, authorization: `Bearer ${token}` } });
const offer = (from: string, account: string, terms: ContractTerms) =>
  call(tokens[from], 'POST', contractPaths.contracts, { account, terms });
const act = (who: string, id: number, action: string) =>
  call(tokens[who], 'POST', contractPaths.contractAction.replace(':id', String(id)).replace(':action', action));
const mine = async (who: string) => (await call(tokens[who], 'GET', `${contractPaths.contracts}?side=mine`)).json().value;

beforeAll(async () => {
  sut = await buildTestApp();
  const db = sut.database.db;
  const merchant = await merchantByCode(db, 'BRAZIL');
  const top = await memberByAccount(db, merchant?.id ?? 0, 'demoagent');
  if (!top) throw new Error('no demo agent');
  await assignPrizeGroup(db, top, 1950);
  await grantTopContract(db, top, daily([1000, 1, 100], [10_000, 3, 200]));
  tokens.a = await tokenOf(sut.app, 'demoagent', 'Demo1234');
  // a → b → c, all agents, opened through the agent centre.
  for (const [upline, account, key] of [
    ['a', 'cagentb', 'b'],
    ['b', 'cagentc', 'c'],
  ] as const) {
    const opened = await call(tokens[upline], 'POST', '/wps/agent/team/account', { account, type: 'agent', prizeGroup: 1900 });
    if (opened.statusCode !== 200) throw new Error(opened.body);
    tokens[key] = (await loginRequest(sut.app, { username: account, password: opened.json().value.initialPassword })).json().value.token;
  }
});
afterAll(() => sut.close());

describe('contract offers', () => {
  it('refuses an offer from an agent without a contract in force, above its own ratio, with tiers not going up, or beyond its direct downlines', async () => {
    expect((await offer('b', 'cagentc', daily([100, 1, 50]))).json().code).toBe('APP_ERR_AGENT_CONTRACT_REQUIRED');
    const high = await offer('a', 'cagentb', daily([1000, 1, 100], [20_000, 3, 250]));
    expect(high.statusCode).toBe(400);
    expect(high.json().code).toBe('APP_ERR_AGENT_CONTRACT_RATIO_TOO_HIGH');
    const flat = await offer('a', 'cagentb', daily([1000, 1, 100], [1000, 3, 150]));
    expect(flat.json()).toMatchObject({ code: 'APP_ERR_AGENT_CONTRACT_TIERS', value: { fields: [{ field: 'terms.tiers' }] } });
    const lower = await offer('a', 'cagentb', daily([1000, 1, 150], [5000, 3, 100]));
    expect(lower.json().code).toBe('APP_ERR_AGENT_CONTRACT_TIERS');
    expect((await offer('a', 'cagentc', daily([100, 1, 50]))).json().code).toBe('APP_ERR_AGENT_NOT_DIRECT');
    expect((await offer('b', 'demoplayer', daily([100, 1, 50]))).json().code).toBe('APP_ERR_AGENT_NOT_IN_TEAM');
    const uemoaAgent = await tokenOf(sut.app, 'demoagent', 'Demo1234', uemoa);
    const foreign = await call(uemoaAgent, 'POST', contractPaths.contracts, { account: 'cagentb', terms: daily([100, 1, 50]) }, uemoa);
    expect(foreign.json().code).toBe('APP_ERR_AGENT_NOT_IN_TEAM');
    const badShape = await offer('a', 'cagentb', { kind: 'daily', tiers: [] } as unknown as ContractTerms);
    expect(badShape.statusCode).toBe(400);
    expect(await mine('b')).toEqual([]);
  });

  it('lets exactly one of two concurrent offers stand, and only the named downline sign it', async () => {
    const [x, y] = await Promise.all([
      offer('a', 'cagentb', daily([1000, 1, 100], [10_000, 3, 150])),
      offer('a', 'cagentb', daily([1000, 1, 90])),
    ]);
    expect([x.statusCode, y.statusCode].sort()).toEqual([200, 409]);
    const offered = (x.statusCode === 200 ? x : y).json().value;
    expect((x.statusCode === 409 ? x : y).json().code).toBe('APP_ERR_AGENT_CONTRACT_PENDING');
    // Neither a stranger nor the offerer can sign it.
    expect((await act('c', offered.id, 'sign')).json().code).toBe('APP_ERR_AGENT_CONTRACT_UNKNOWN');
    expect((await act('a', offered.id, 'sign')).json().code).toBe('APP_ERR_AGENT_CONTRACT_STATE');
    // Settle on the 150 bp offer: withdraw the other if it was the one that stood.
    let id = offered.id;
    if (offered.topRatioBp !== 150) {
      expect((await act('a', id, 'withdraw')).json().value.status).toBe('withdrawn');
      id = (await offer('a', 'cagentb', daily([1000, 1, 100], [10_000, 3, 150]))).json().value.id;
    }
    const signed = (await act('b', id, 'sign')).json().value;
    expect(signed).toMatchObject({ status: 'active', upline: 'demoagent', account: 'cagentb', topRatioBp: 150 });
    expect(signed.history.map((e: { event: string }) => e.event)).toEqual(['offered', 'signed']);
    expect((await act('b', id, 'sign')).json().code).toBe('APP_ERR_AGENT_CONTRACT_STATE');
  });

  it('ends a downline’s contract that pays more than its upline’s newly signed one, and tells both', async () => {
    const toC = (await offer('b', 'cagentc', daily([500, 1, 80], [5000, 2, 140]))).json().value;
    expect((await act('c', toC.id, 'sign')).json().value.status).toBe('active');

    const change = (await offer('a', 'cagentb', daily([1000, 1, 100], [10_000, 3, 120]))).json().value;
    expect(change.history[0].event).toBe('change_offered');
    expect((await act('b', change.id, 'sign')).json().value.status).toBe('active');

    // The concurrent offers of the test before may have left a withdrawn one: whichever won the race.
    const bContracts = (await mine('b')).filter((c: { status: string }) => c.status !== 'withdrawn');
    expect(bContracts.map((c: { status: string; topRatioBp: number }) => [c.status, c.topRatioBp])).toEqual([
      ['active', 120],
      ['terminated', 150],
    ]);
    expect(bContracts[1].history.at(-1)).toMatchObject({ event: 'superseded', by: 'cagentb' });
    const [cContract] = await mine('c');
    expect(cContract).toMatchObject({ status: 'terminated' });
    expect(cContract.history.at(-1)).toMatchObject({ event: 'auto_terminated', by: '' });
    expect(cContract.history.at(-1).note).toContain('120 bp');
    // Both c and its upline b got a platform message saying so.
    const inbox = await queryRows<{ member_id: number }>(
      sut.database.db,
      sql`select member_id from inbox_messages where created_by = 'agents' and content->>'EN' like ${`Contract no. ${cContract.id} %`} and title->>'EN' like 'Contract ended%'`,
    );
    expect(inbox).toHaveLength(2);
    // The upline that gave it sees the same record among the contracts it offered.
    const given = (await call(tokens.b, 'GET', `${contractPaths.contracts}?side=team`)).json().value;
    expect(given[0]).toMatchObject({ id: cContract.id, status: 'terminated' });
  });

  it('terminates only when both sides agree; rejects and withdrawals end offers', async () => {
    const [active] = await mine('b');
    const asked = (await act('b', active.id, 'terminate')).json().value;
    expect(asked).toMatchObject({ status: 'active', terminationRequestedBy: 'cagentb' });
    expect((await act('b', active.id, 'terminate')).json().code).toBe('APP_ERR_AGENT_CONTRACT_STATE');
    expect((await act('a', active.id, 'terminate')).json().value.status).toBe('terminated');

    const again = (await offer('a', 'cagentb', daily([1000, 1, 100]))).json().value;
    expect((await act('a', again.id, 'reject')).json().code).toBe('APP_ERR_AGENT_CONTRACT_STATE');
    expect((await act('b', again.id, 'reject')).json().value.status).toBe('rejected');
    const more = (await offer('a', 'cagentb', daily([1000, 1, 100]))).json().value;
    expect((await act('b', more.id, 'withdraw')).json().code).toBe('APP_ERR_AGENT_CONTRACT_STATE');
    expect((await act('a', more.id, 'withdraw')).json().value.status).toBe('withdrawn');
    expect((await act('a', 999_999, 'sign')).json().code).toBe('APP_ERR_AGENT_CONTRACT_UNKNOWN');
    expect((await act('a', more.id, 'explode')).statusCode).toBe(400);
  });
});
