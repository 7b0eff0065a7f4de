import {
  type AdminAgent,
  type AdminAgentPage,
  adminPaths,
  agentAdminPaths,
  agentDirectoryPaths,
  type BillPage,
  type CommissionPage,
  settlementAdminPaths,
} from '@platform/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeOperator, type TestOperator } from '../../../test/operators.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import { memberByAccount } from '../members/members.service.ts';
import { merchantByCode } from '../merchants/merchants.service.ts';
import { countTeam } from './agents.repository.ts';

let sut: TestApp;
let owner: TestOperator;
let support: TestOperator;
let uemoaOnly: TestOperator;

beforeAll(async () => {
  sut = await buildTestApp();
  const db = sut.database.db;
  owner = await makeOperator(db, { account: 'agents-owner', role: 'owner' });
  support = await makeOperator(db, { account: 'agents-support', role: 'support' });
  uemoaOnly = await makeOperator(db, { account: 'agents-uemoa', role: 'admin', merchants: ['UEMOA'] });
});
afterAll(() => sut.close());

const as = (op: TestOperator, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  sut.app.inject({ method, url, payload, headers: { authorization: `Bearer ${op.key}` } });
const path = (p: string, code = 'BRAZIL') => p.replace(':code', code);
const terms = { kind: 'daily', tiers: [{ turnover: 1000, activeMembers: 1, ratioBp: 100 }] };

describe('operators and agents', () => {
  it('gives a top agent its contract and prize group (audited), and shows its tree and contracts', async () => {
    const granted = await as(owner, 'POST', path(agentAdminPaths.contracts), { account: 'demoagent', terms });
    expect(granted.json().value).toMatchObject({ status: 'active', upline: '', account: 'demoagent', topRatioBp: 100 });
    expect((await as(owner, 'PUT', path(agentAdminPaths.prizeGroup), { account: 'demoagent', prizeGroup: 1950 })).statusCode).toBe(200);
    // Below the top, contracts come from the upline only.
    const below = await as(owner, 'POST', path(agentAdminPaths.contracts), { account: 'demoplayer', terms });
    expect(below.json().code).toBe('APP_ERR_AGENT_NOT_DIRECT');

    const tree = (await as(support, 'GET', `${path(agentAdminPaths.tree)}?root=demoagent`)).json().value;
    expect(tree.content.map((m: { account: string }) => m.account).sort()).toEqual(['demoplayer', 'newplayer']);
    const contracts = (await as(support, 'GET', `${path(agentAdminPaths.contracts)}?account=demoagent`)).json().value;
    expect(contracts[0].history.map((e: { event: string }) => e.event)).toEqual(['granted']);
    const audit = (await as(owner, 'GET', adminPaths.auditLog)).json().value;
    expect(JSON.stringify(audit)).toContain('agents.contract');
  });

  it('refuses what the role or the merchant scope does not allow', async () => {
    expect((await as(support, 'POST', path(agentAdminPaths.contracts), { account: 'demoagent', terms })).statusCode).toBe(403);
    expect((await as(uemoaOnly, 'GET', `${path(agentAdminPaths.tree)}?root=demoagent`)).statusCode).toBe(403);
    const own = await as(uemoaOnly, 'GET', `${path(agentAdminPaths.tree, 'UEMOA')}?root=demoagent`);
    expect(own.statusCode).toBe(200);
    expect((await as(owner, 'GET', `${path(agentAdminPaths.tree)}?root=nobody-here`)).statusCode).toBe(404);
  });
});

describe("the back office's agent directory", () => {
  it("lists a merchant's agents with the figures of the agents repository, and opens one with the line above it", async () => {
    const db = sut.database.db;
    const uemoa = await merchantByCode(db, 'UEMOA');
    const list = await as(uemoaOnly, 'GET', `${path(agentDirectoryPaths.list, 'UEMOA')}?pageSize=100`);
    expect(list.statusCode).toBe(200);
    const agents = list.json().value as AdminAgentPage;
    const byAccount = new Map(agents.content.map((a) => [a.account, a]));
    expect([...byAccount.keys()]).toEqual(expect.arrayContaining(['demoagent', 'demosubagent']));
    // Players are not agents: the list holds agent types only.
    expect(agents.content.every((a) => [1, 2, 41, 42].includes(a.isAgent))).toBe(true);
    for (const account of ['demoagent', 'demosubagent']) {
      const member = await memberByAccount(db, uemoa?.id ?? 0, account);
      const counts = await countTeam(db, member?.id ?? 0);
      expect(byAccount.get(account)).toMatchObject({ teamSize: counts.team, directCount: counts.direct });
    }
    expect(byAccount.get('demosubagent')).toMatchObject({ upline: 'demoagent', prizeGroup: 1900, rebateBp: 1000 });

    const searched = (await as(uemoaOnly, 'GET', `${path(agentDirectoryPaths.list, 'UEMOA')}?account=SUBAG`)).json().value;
    expect(searched.content.map((a: AdminAgent) => a.account)).toEqual(['demosubagent']);

    const sub = (await as(uemoaOnly, 'GET', `${path(agentDirectoryPaths.profile, 'UEMOA')}?account=demosubagent`)).json().value;
    expect(sub).toMatchObject({ account: 'demosubagent', upline: 'demoagent', uplinePath: ['demoagent'], teamSize: 2, directCount: 2 });
    const top = (await as(uemoaOnly, 'GET', `${path(agentDirectoryPaths.profile, 'UEMOA')}?account=demoagent`)).json().value;
    expect(top).toMatchObject({ upline: '', uplinePath: [], teamSize: 6, directCount: 4 });
    // The tree one level below the sub-agent, with the breadcrumb from the agent opened.
    const level = (await as(uemoaOnly, 'GET', `${path(agentAdminPaths.tree, 'UEMOA')}?root=demoagent&parent=demosubagent`)).json().value;
    expect(level.breadcrumb).toEqual(['demoagent', 'demosubagent']);
    expect(level.content.map((m: { account: string }) => m.account).sort()).toEqual(['demoteam1', 'demoteam2']);
  });

  it("shows the seeded agent's bills with commission lines that add up to each bill", async () => {
    const bills = (
      await as(uemoaOnly, 'GET', `${path(settlementAdminPaths.bills, 'UEMOA')}?account=demoagent&team=true&pageSize=100`)
    ).json().value as BillPage;
    expect(bills.content.map((b) => b.account).sort()).toEqual(['demosubagent']);
    const own = (await as(uemoaOnly, 'GET', `${path(settlementAdminPaths.bills, 'UEMOA')}?account=demoagent&pageSize=100`)).json()
      .value as BillPage;
    expect(own.content.length).toBeGreaterThan(0);
    for (const bill of [...own.content, ...bills.content]) {
      const lines = (await as(uemoaOnly, 'GET', `${path(settlementAdminPaths.commissions, 'UEMOA')}?billId=${bill.id}&pageSize=100`)).json()
        .value as CommissionPage;
      expect(lines.total).toBe(bill.amount);
      expect(Math.round(lines.content.reduce((s, l) => s + l.amount * 100, 0))).toBe(Math.round(bill.amount * 100));
    }
  });

  it("refuses another merchant's agents to a scoped operator, and a role without agents.read", async () => {
    const supportUemoa = await makeOperator(sut.database.db, { account: 'agents-support-uemoa', role: 'support', merchants: ['UEMOA'] });
    const financeUemoa = await makeOperator(sut.database.db, { account: 'agents-finance-uemoa', role: 'finance', merchants: ['UEMOA'] });
    const content = await makeOperator(sut.database.db, { account: 'agents-content', role: 'content' });
    for (const op of [supportUemoa, financeUemoa, uemoaOnly]) {
      for (const url of [
        path(agentDirectoryPaths.list),
        `${path(agentDirectoryPaths.profile)}?account=demoagent`,
        `${path(agentAdminPaths.tree)}?root=demoagent`,
        `${path(agentAdminPaths.contracts)}?account=demoagent`,
        `${path(settlementAdminPaths.bills)}?account=demoagent`,
      ]) {
        const res = await as(op, 'GET', url);
        expect(res.statusCode, url).toBe(403);
        expect(res.body).not.toContain('demoagent');
      }
      expect((await as(op, 'GET', path(agentDirectoryPaths.list, 'UEMOA'))).statusCode).toBe(200);
    }
    expect((await as(content, 'GET', path(agentDirectoryPaths.list, 'UEMOA'))).statusCode).toBe(403);
    // Another merchant's member is unknown here, whatever its name.
    expect((await as(owner, 'GET', `${path(agentDirectoryPaths.profile, 'UEMOA')}?account=nobody-here`)).statusCode).toBe(404);
    const bad = await as(owner, 'GET', `${path(agentDirectoryPaths.profile, 'UEMOA')}?account=`);
    expect(bad.statusCode).toBe(400);
  });
});
