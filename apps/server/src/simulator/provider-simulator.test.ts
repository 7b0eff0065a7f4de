import { spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { insertMember } from '../modules/members/members.repository.ts';
import { listMerchants } from '../modules/merchants/merchants.repository.ts';
import { insertProvider } from '../modules/seamless/seamless.repository.ts';
import { openGameSession } from '../modules/seamless/seamless.service.ts';
import { checkLedger, houseAccount, memberAccount, post } from '../modules/wallet/ledger.service.ts';
import type { SimulatorReport } from './provider-simulator.ts';

const SECRET = 'simulator-secret-for-the-chaos-run';
let t: TestApp;
let url: string;
const players: string[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const db = t.database.db;
  await insertProvider(db, { code: 'SIMULATOR', vendorCode: 'INHOUSE', secret: SECRET });
  const brazil = (await listMerchants(db)).find((m) => m.code === 'BRAZIL');
  if (!brazil) throw new Error('no Brazil');
  for (let i = 0; i < 6; i++) {
    const member = await insertMember(db, { merchantId: brazil.id, account: `chaos${i}`, language: 'EN' });
    const main = await memberAccount(db, brazil.id, member.id, 'main', 'BRL');
    // Two of them with little money, so some bets are refused for funds.
    const amount = i < 2 ? 2_000 : 200_000;
    await post(db, {
      merchantId: brazil.id,
      type: 'deposit',
      postings: [
        { accountId: await houseAccount(db, brazil.id, 'cash_in', 'BRL', member.id), amount: -amount },
        { accountId: main, amount },
      ],
    });
    const { token } = await openGameSession(db, member, 'INHOUSE', 'sim-slot');
    players.push(`${member.id}:${token}`);
  }
});
afterAll(() => t.close());

function simulate(args: string[]): Promise<{ code: number | null; report: SimulatorReport }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'provider-simulator.ts'), ...args], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      try {
        resolve({ code, report: JSON.parse(out.trim().split('\n').pop() ?? '') });
      } catch (err) {
        reject(new Error(`simulator said: ${out}\n${err}`));
      }
    });
  });
}

it('survives a provider’s chaos run (duplicates, retries, timeouts, rollbacks before and after bets, wins without a live stake, wins racing rollbacks) with every cent accounted for', async () => {
  const { code, report } = await simulate([
    '--url',
    url,
    '--provider',
    'SIMULATOR',
    '--secret',
    SECRET,
    '--players',
    players.join(','),
    '--rounds',
    '240',
    '--concurrency',
    '8',
  ]);
  expect(report.mismatches).toEqual([]);
  expect(code).toBe(0);
  expect(report.rounds).toBe(240);
  expect(report.bets).toBeGreaterThan(100);
  expect(report.duplicates).toBeGreaterThan(10);
  expect(report.rollbacksFirst).toBeGreaterThan(0);
  expect(report.timeouts).toBeGreaterThan(0);
  expect(report.wins).toBeGreaterThan(50);
  // Every win without a live stake was refused (the simulator throws otherwise), and so were their rollbacks.
  expect(report.refusedWins).toBeGreaterThan(5);
  expect(report.refusedWinRollbacks).toBeGreaterThan(0);
  expect(report.races).toBeGreaterThan(0);
  expect((await checkLedger(t.database.db)).ok).toBe(true);
}, 120_000);
