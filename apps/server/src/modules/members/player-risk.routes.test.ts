import { adminPaths, apiPaths, backofficePaths, playerPaths } from '@platform/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastMessage, loginRequest } from '../../../test/auth.ts';
import { fundMember } from '../../../test/funds.ts';
import { makeOperator } from '../../../test/operators.ts';
import { bindAccount, newPlayer, rid, setPaymentPassword } from '../../../test/payments.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import { merchantByCode } from '../merchants/merchants.service.ts';
import { houseAccount, post } from '../wallet/ledger.service.ts';

// The back office's risk tools on one player (decision 0048): login history, addresses and devices,
// linked accounts within one merchant, the account's switches, forced logout, password reset, notes.

let sut: TestApp;
let owner: Record<string, string>;
let brazilRisk: Record<string, string>;
let brazilSupport: Record<string, string>;
let uemoaRisk: Record<string, string>;
type TestPlayer = Awaited<ReturnType<typeof newPlayer>>;
let ana: TestPlayer;
let byAddress: TestPlayer;
let byDevice: TestPlayer;
let byPayee: TestPlayer;
let loner: TestPlayer;
let otherMerchant: TestPlayer;

const sharedIp = '203.0.113.7';
const sharedDevice = 'dev0a1b2c3d4e5f6a7b8c9';
const header = (key: string) => ({ authorization: `Bearer ${key}` });

/** A password login from an address and a device, as the site sends it. */
async function logIn(p: TestPlayer, ip: string, device: string, merchant = 'BRAZIL') {
  const res = await loginRequest(
    sut.app,
    { username: p.account, password: 'Secret123' },
    { headers: { merchant, device, 'user-agent': `Browser/${device.slice(-4)}` }, remoteAddress: ip },
  );
  expect(res.statusCode).toBe(200);
  return res.json().value.token as string;
}

const path = (template: string, memberId: number) => template.replace(':memberId', String(memberId));
const get = (template: string, memberId: number, headers = owner, query = '') =>
  sut.app.inject({ url: `${path(template, memberId)}${query}`, headers });
const send = (method: 'PUT' | 'POST', template: string, memberId: number, payload: object, headers = brazilRisk) =>
  sut.app.inject({ method, url: path(template, memberId), headers, payload });

beforeAll(async () => {
  sut = await buildTestApp();
  const db = sut.database.db;
  owner = header((await makeOperator(db, { account: 'pr-owner', role: 'owner' })).key);
  brazilRisk = header((await makeOperator(db, { account: 'pr-risk', role: 'risk', merchants: ['BRAZIL'] })).key);
  brazilSupport = header((await makeOperator(db, { account: 'pr-support', role: 'support', merchants: ['BRAZIL'] })).key);
  uemoaRisk = header((await makeOperator(db, { account: 'pr-uemoa', role: 'risk', merchants: ['UEMOA'] })).key);
  ana = await newPlayer(sut.app, db, 'BRAZIL');
  byAddress = await newPlayer(sut.app, db, 'BRAZIL');
  byDevice = await newPlayer(sut.app, db, 'BRAZIL');
  byPayee = await newPlayer(sut.app, db, 'BRAZIL');
  loner = await newPlayer(sut.app, db, 'BRAZIL');
  otherMerchant = await newPlayer(sut.app, db, 'UEMOA');
  await logIn(ana, sharedIp, sharedDevice);
  await logIn(ana, '198.51.100.20', 'dev-ana-laptop-000000001');
  await logIn(ana, sharedIp, sharedDevice);
  await logIn(byAddress, sharedIp, 'dev-other-phone-00000001');
  await logIn(byDevice, '198.51.100.99', sharedDevice);
  await logIn(loner, '198.51.100.150', 'dev-loner-000000000000001');
  // Another merchant's player on the same address and device: never a link.
  await logIn(otherMerchant, sharedIp, sharedDevice, 'UEMOA');
  const payee = { kind: 'pix', holderName: 'Ana Souza', institution: 'email', number: `shared-${Date.now()}@mail.com` };
  for (const p of [ana, byPayee]) {
    await setPaymentPassword(p);
    await bindAccount(db, p, p.mobile, payee);
  }
});
afterAll(() => sut.close());

describe('the login history', () => {
  it('pages the logins newest first, with address, device and user agent as stored', async () => {
    const first = (await get(playerPaths.logins, ana.id, owner, '?pageSize=2')).json().value;
    expect(first.total).toBe(4);
    expect(first.list.map((l: { ip: string }) => l.ip)).toEqual([sharedIp, '198.51.100.20']);
    expect(first.list[0]).toMatchObject({ kind: 'username', device: sharedDevice, userAgent: `Browser/${sharedDevice.slice(-4)}` });
    const second = (await get(playerPaths.logins, ana.id, owner, '?pageSize=2&page=1')).json().value;
    expect(second.list.map((l: { ip: string }) => l.ip)).toEqual([sharedIp, '127.0.0.1']);
    expect(second.list[0].at).toBeLessThanOrEqual(first.list[1].at);
  });

  it('sums up the addresses and devices with first and last login and count', async () => {
    const seen = (await get(playerPaths.addresses, ana.id)).json().value;
    expect(seen.ips.map((s: { value: string; count: number }) => [s.value, s.count])).toEqual([
      [sharedIp, 2],
      ['198.51.100.20', 1],
      ['127.0.0.1', 1],
    ]);
    expect(seen.devices.map((s: { value: string; count: number }) => [s.value, s.count])).toEqual([
      [sharedDevice, 2],
      ['dev-ana-laptop-000000001', 1],
    ]);
    expect(seen.ips[0].firstAt).toBeLessThan(seen.ips[0].lastAt);
    expect(seen.more).toBe(false);
  });

  it('refuses a page size out of bounds at its field', async () => {
    const res = await get(playerPaths.logins, ana.id, owner, '?pageSize=9999');
    expect(res.statusCode).toBe(400);
    expect(res.json().value.fields).toContainEqual({ field: 'pageSize', message: 'validation.invalid' });
  });
});

describe('linked accounts', () => {
  it('names the players of the merchant sharing an address, a device or a payee, and what links them', async () => {
    const linked = (await get(playerPaths.linked, ana.id, brazilSupport)).json().value;
    const byId = new Map(linked.list.map((l: { id: number; links: unknown[] }) => [l.id, l.links]));
    expect(byId.get(byAddress.id)).toEqual([{ kind: 'ip', value: sharedIp }]);
    expect(byId.get(byDevice.id)).toEqual([{ kind: 'device', value: sharedDevice }]);
    expect(byId.get(byPayee.id)).toEqual([{ kind: 'payee', value: expect.stringMatching(/^pix · shared-\d+@mail\.com$/) }]);
    // Loopback (every test login's default address) links nobody; another merchant's player is never listed.
    expect(byId.has(loner.id)).toBe(false);
    expect(byId.has(otherMerchant.id)).toBe(false);
    expect(linked.more).toBe(false);
  });

  it('lists nobody for a player who shares nothing', async () => {
    expect((await get(playerPaths.linked, loner.id)).json().value).toEqual({ list: [], more: false });
  });
});

describe('the account switches', () => {
  const flag = (memberId: number, body: object, headers = brazilRisk) => send('PUT', playerPaths.flags, memberId, body, headers);

  it('refuses support and another merchant’s operators, and a missing reason at its field', async () => {
    expect((await flag(ana.id, { flag: 'deposit', on: false, reason: 'x' }, brazilSupport)).statusCode).toBe(403);
    expect((await flag(ana.id, { flag: 'deposit', on: false, reason: 'x' }, uemoaRisk)).statusCode).toBe(403);
    const bad = await flag(ana.id, { flag: 'teleport', on: false, reason: ' ' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().value.fields).toEqual(
      expect.arrayContaining([
        { field: 'flag', message: 'validation.unknown_value' },
        { field: 'reason', message: 'validation.required' },
      ]),
    );
  });

  it('refuses deposits while switched off, and lets them through again', async () => {
    const deposit = () => ana.call('POST', apiPaths.deposits, { requestId: rid('dep'), channel: 'NOPE', amount: 50 });
    expect((await flag(ana.id, { flag: 'deposit', on: false, reason: 'Card chargebacks' })).json().value).toMatchObject({
      canDeposit: false,
      canWithdraw: true,
      canLogin: true,
      canPlay: true,
      reason: 'Card chargebacks',
    });
    const refused = await deposit();
    expect([refused.statusCode, refused.json().code, refused.json().message]).toEqual([
      403,
      'APP_ERR_PAYMENT_DEPOSIT_BLOCKED',
      'error.deposit_blocked',
    ]);
    await flag(ana.id, { flag: 'deposit', on: true, reason: 'Cleared' });
    expect((await deposit()).json().code).toBe('APP_ERR_PAYMENT_CHANNEL_UNKNOWN');
  });

  it('refuses withdrawals while switched off, and lets them through again', async () => {
    const withdraw = () =>
      ana.call('POST', apiPaths.withdrawals, { requestId: rid('wd'), accountId: 2_000_000, amount: 50, paymentPassword: '246810' });
    await flag(ana.id, { flag: 'withdraw', on: false, reason: 'Multi-account review' });
    const refused = await withdraw();
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'APP_ERR_PAYMENT_WITHDRAW_BLOCKED']);
    await flag(ana.id, { flag: 'withdraw', on: true, reason: 'Cleared' });
    expect((await withdraw()).json().code).not.toBe('APP_ERR_PAYMENT_WITHDRAW_BLOCKED');
  });

  it('refuses every stake while play is switched off, and takes them again', async () => {
    const db = sut.database.db;
    const brazil = await merchantByCode(db, 'BRAZIL');
    if (!brazil) throw new Error('no Brazil');
    const main = await fundMember(db, brazil, loner.id, 1_000);
    const games = await houseAccount(db, brazil.id, 'games', brazil.currency, loner.id);
    const bet = () =>
      post(db, {
        merchantId: brazil.id,
        type: 'bet',
        postings: [
          { accountId: main, amount: -100 },
          { accountId: games, amount: 100 },
        ],
      });
    await flag(loner.id, { flag: 'play', on: false, reason: 'Bonus abuse review' });
    await expect(bet()).rejects.toMatchObject({ code: 'APP_ERR_STAKE_PLAY_BLOCKED' });
    await flag(loner.id, { flag: 'play', on: true, reason: 'Cleared' });
    await expect(bet()).resolves.toMatchObject({ replayed: false });
  });

  it('refuses the login while switched off and ends the live sessions, then lets the player in again', async () => {
    const token = await logIn(byDevice, '198.51.100.99', sharedDevice);
    const info = () => sut.app.inject({ url: apiPaths.memberInfo, headers: { authorization: `Bearer ${token}`, merchant: 'BRAZIL' } });
    expect((await info()).statusCode).toBe(200);
    await flag(byDevice.id, { flag: 'login', on: false, reason: 'Account takeover suspected' });
    expect((await info()).statusCode).toBe(401);
    const refused = await loginRequest(sut.app, { username: byDevice.account, password: 'Secret123' }, { headers: { merchant: 'BRAZIL' } });
    expect([refused.statusCode, refused.json().code, refused.json().message]).toEqual([
      403,
      'APP_ERR_AUTH_LOGIN_BLOCKED',
      'error.login_blocked',
    ]);
    const profile = (await get(backofficePaths.member, byDevice.id)).json().value;
    expect(profile).toMatchObject({ canLogin: false, canDeposit: true, restrictionReason: 'Account takeover suspected' });
    await flag(byDevice.id, { flag: 'login', on: true, reason: 'Owner verified' });
    await logIn(byDevice, '198.51.100.99', sharedDevice);
    const log = (await sut.app.inject({ url: `${adminPaths.auditLog}?action=member.login`, headers: owner })).json().value;
    expect(log.list[0]).toMatchObject({ operator: 'pr-risk', target: `member:${byDevice.id}`, reason: 'Owner verified' });
    expect(log.list[0].details).toEqual({ canLogin: true, before: false });
  });
});

describe('forced logout and password reset', () => {
  it('ends every live session of the player at once', async () => {
    const tokens = [await logIn(loner, '198.51.100.150', 'dev-loner-000000000000001'), await logIn(loner, '198.51.100.151', '')];
    const info = (token: string) =>
      sut.app.inject({ url: apiPaths.memberInfo, headers: { authorization: `Bearer ${token}`, merchant: 'BRAZIL' } });
    for (const token of tokens) expect((await info(token)).statusCode).toBe(200);
    expect((await send('POST', playerPaths.logout, loner.id, { reason: 'x' }, brazilSupport)).statusCode).toBe(403);
    const res = await send('POST', playerPaths.logout, loner.id, { reason: 'Shared phone reported lost' });
    expect(res.json().value.ended).toBeGreaterThanOrEqual(2);
    for (const token of tokens) expect((await info(token)).statusCode).toBe(401);
    const log = (await sut.app.inject({ url: `${adminPaths.auditLog}?action=member.logout`, headers: owner })).json().value;
    expect(log.list[0]).toMatchObject({ target: `member:${loner.id}`, reason: 'Shared phone reported lost' });
  });

  it('sends a temporary password that must be changed at the next login; the old one stops working', async () => {
    const res = await send('POST', playerPaths.passwordReset, byAddress.id, { reason: 'Player asked by phone' });
    expect(res.json().value).toEqual({ channel: 'sms', to: byAddress.mobile });
    const text = await lastMessage(sut.database.db, byAddress.mobile);
    // Twelve letters and digits, both kinds: no word of the message nor the brand looks like it.
    const temporary = /\b(?=[A-Za-z0-9]*\d)(?=[A-Za-z0-9]*[A-Za-z])[A-Za-z0-9]{12}\b/.exec(text.replace(byAddress.account, ''))?.[0] ?? '';
    expect(temporary).toHaveLength(12);
    const old = await loginRequest(sut.app, { username: byAddress.account, password: 'Secret123' }, { headers: { merchant: 'BRAZIL' } });
    expect(old.json().code).toBe('APP_ERR_AUTH_LOGIN_FAILED');
    const fresh = await loginRequest(sut.app, { username: byAddress.account, password: temporary }, { headers: { merchant: 'BRAZIL' } });
    expect(fresh.json().value.firstTimeLogin).toBe(true);
    expect((await get(backofficePaths.member, byAddress.id)).json().value.mustChangePassword).toBe(true);
  });
});

describe('notes', () => {
  it('lets support write a note read back newest first as plain text, refused elsewhere and when empty', async () => {
    const note = (text: string, headers = brazilSupport) => send('POST', playerPaths.notes, ana.id, { text }, headers);
    expect((await note('Called about a late PIX deposit')).statusCode).toBe(200);
    expect((await note('<b>Asked</b> for the limit rules')).statusCode).toBe(200);
    expect((await note('x', uemoaRisk)).statusCode).toBe(403);
    const empty = await note('   ');
    expect(empty.json().value.fields).toEqual([{ field: 'text', message: 'validation.required' }]);
    const page = (await get(playerPaths.notes, ana.id, brazilSupport)).json().value;
    expect(page.list.map((n: { text: string; operator: string }) => [n.operator, n.text])).toEqual([
      ['pr-support', '<b>Asked</b> for the limit rules'],
      ['pr-support', 'Called about a late PIX deposit'],
    ]);
    expect(page.total).toBe(2);
    expect((await get(playerPaths.notes, ana.id, uemoaRisk)).statusCode).toBe(403);
  });
});

describe('the search by e-mail and address', () => {
  const search = (q: string, headers = owner) =>
    sut.app.inject({ url: `${backofficePaths.members}?q=${encodeURIComponent(q)}`, headers }).then((r) => r.json().value);
  const ids = (value: { list: { id: number }[] }) => value.list.map((m) => m.id).sort((a, b) => a - b);

  it('finds the players who logged in from an address, within the operator’s merchants', async () => {
    expect(ids(await search(sharedIp))).toEqual([ana.id, byAddress.id, otherMerchant.id].sort((a, b) => a - b));
    expect(ids(await search(sharedIp, brazilRisk))).toEqual([ana.id, byAddress.id].sort((a, b) => a - b));
    expect(ids(await search(sharedIp, uemoaRisk))).toEqual([otherMerchant.id]);
    expect((await search('192.0.2.254')).list).toEqual([]);
  });

  it('finds a player by e-mail in any case', async () => {
    await sut.database.db.execute(sql`update members set email = ${`${ana.account}@Example.com`} where id = ${ana.id}`);
    expect(ids(await search(`${ana.account.toUpperCase()}@example.COM`))).toEqual([ana.id]);
  });
});
