import { adminPaths, agentAdminPaths } from '@platform/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeOperator, type TestOperator } from '../../../test/operators.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';

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
