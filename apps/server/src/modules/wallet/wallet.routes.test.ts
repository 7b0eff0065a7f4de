import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliClient } from '../../../test/operators.ts';
import { newPlayer, type Player, payDeposit, player, rid, setPaymentPassword } from '../../../test/payments.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import { runCli } from '../../cli.ts';
import { memberByAccount } from '../members/members.service.ts';
import { merchantByCode } from '../merchants/merchants.service.ts';
import { checkLedger, houseAccount, post } from './ledger.service.ts';
import { walletAccount } from './wallet.service.ts';

let sut: TestApp;
let brazil: number;
beforeAll(async () => {
  sut = await buildTestApp();
  brazil = (await merchantByCode(sut.database.db, 'BRAZIL'))?.id ?? 0;
});
afterAll(() => sut.close());

const balance = async (p: Player) => (await p.call('GET', '/wps/v2/wallets/balance')).json().value;

/** A game round as the games module will post it: a stake from the main wallet, maybe a win back. */
async function playRound(p: Player & { id: number }, stake: number, win: number, category: string) {
  const db = sut.database.db;
  const main = await walletAccount(db, { id: p.id, merchantId: brazil }, 'main', 'BRL');
  const games = await houseAccount(db, brazil, 'games', 'BRL', p.id);
  await post(db, {
    merchantId: brazil,
    type: 'bet',
    reference: { category },
    postings: [
      { accountId: main, amount: -stake },
      { accountId: games, amount: stake },
    ],
  });
  if (win > 0) {
    await post(db, {
      merchantId: brazil,
      type: 'win',
      reference: { category },
      postings: [
        { accountId: games, amount: -win },
        { accountId: main, amount: win },
      ],
    });
  }
}

describe('balance', () => {
  it('starts the demo player with demo funds', async () => {
    const demo = await player(sut.app, 'demoplayer', 'Demo1234', 'UEMOA');
    expect(await balance(demo)).toMatchObject({ sumBalance: 100_000, currency: 'XOF' });
  });

  it('shows the main wallet, the vendor wallets and their sum', async () => {
    const p = await newPlayer(sut.app, sut.database.db);
    await payDeposit(sut.app, p, { channel: 'PIX', amount: 100 });
    const b = await balance(p);
    expect(b).toMatchObject({ sumBalance: 100, main: 100, bonus: 0, locked: 0, currency: 'BRL' });
    expect(b.wallets.map((w: { vendor: string }) => w.vendor)).toEqual(['JDB', 'KM']);
    expect((await sut.app.inject({ method: 'GET', url: '/wps/v2/wallets/balance' })).statusCode).toBe(401);
  });

  it('pushes the new balance to the open site over WebSocket when money moves', async () => {
    const p = await newPlayer(sut.app, sut.database.db);
    const ws = await sut.app.injectWS('/wps/v2/wallets/live');
    const messages: { type: string; value: { sumBalance: number } }[] = [];
    const next = (n: number) =>
      new Promise<void>((ok, fail) => {
        const t = setTimeout(() => fail(new Error(`only ${messages.length} messages`)), 5000);
        const check = () => {
          if (messages.length >= n) {
            clearTimeout(t);
            ok();
          } else setTimeout(check, 10);
        };
        check();
      });
    ws.on('message', (data) => messages.push(JSON.parse(String(data))));
    ws.send(JSON.stringify({ token: p.token }));
    await next(1);
    expect(messages[0]).toMatchObject({ type: 'balance', value: { sumBalance: 0 } });
    await payDeposit(sut.app, p, { channel: 'PIX', amount: 42 });
    await next(2);
    expect(messages[1]?.value.sumBalance).toBe(42);
    ws.terminate();
  });

  it('closes the socket when its session ends by logout, and pushes nothing after', async () => {
    const p = await newPlayer(sut.app, sut.database.db);
    const ws = await sut.app.injectWS('/wps/v2/wallets/live');
    const first = new Promise<unknown>((ok) => ws.once('message', (data) => ok(JSON.parse(String(data)))));
    const closed = new Promise<number>((ok) => ws.on('close', (code) => ok(code)));
    ws.send(JSON.stringify({ token: p.token }));
    expect(await first).toMatchObject({ type: 'balance' });
    const after: unknown[] = [];
    ws.on('message', (data) => after.push(JSON.parse(String(data))));
    expect((await p.call('DELETE', '/wps/session/logout')).statusCode).toBe(200);
    expect(await closed).toBe(4401);
    expect(after).toEqual([]);
  });

  it('closes a socket that does not log in', async () => {
    const ws = await sut.app.injectWS('/wps/v2/wallets/live');
    const closed = new Promise<number>((ok) => ws.on('close', (code) => ok(code)));
    ws.send(JSON.stringify({ token: 'x'.repeat(43) }));
    expect(await closed).toBe(4401);
  });
});

describe('transferFund', () => {
  it('moves an amount into a vendor wallet and everything back out', async () => {
    const p = await newPlayer(sut.app, sut.database.db);
    await payDeposit(sut.app, p, { channel: 'PIX', amount: 100 });
    const inRes = await p.call('POST', '/wps/v2/wallets/transfer', { vendor: 'jdb', direction: 'in', amount: 30.25, requestId: rid() });
    expect(inRes.statusCode).toBe(200);
    expect(inRes.json().value.balance).toMatchObject({ sumBalance: 100, main: 69.75 });
    expect(inRes.json().value.balance.wallets[0]).toMatchObject({ vendor: 'JDB', balance: 30.25 });
    const outRes = await p.call('POST', '/wps/v2/wallets/transfer', { vendor: 'JDB', direction: 'out', all: true, requestId: rid() });
    expect(outRes.json().value.amount).toBe(30.25);
    expect(outRes.json().value.balance).toMatchObject({ sumBalance: 100, main: 100 });
  });

  it('answers a repeated request once, and refuses the id reused for another amount', async () => {
    const p = await newPlayer(sut.app, sut.database.db);
    await payDeposit(sut.app, p, { channel: 'PIX', amount: 50 });
    const body = { vendor: 'KM', direction: 'in', all: true, requestId: rid() };
    const answers = await Promise.all(Array.from({ length: 10 }, () => p.call('POST', '/wps/v2/wallets/transfer', body)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((a) => a.json().value.transactionId)).size).toBe(1);
    expect(await balance(p)).toMatchObject({ sumBalance: 50, main: 0 });
    const reuse = await p.call('POST', '/wps/v2/wallets/transfer', { ...body, all: undefined, amount: 1 });
    expect(reuse.statusCode).toBe(409);
    expect(reuse.json().code).toBe('APP_ERR_LEDGER_DUPLICATE');
  });

  it('refuses more than the wallet holds, unknown vendors and bad amounts at the field', async () => {
    const p = await newPlayer(sut.app, sut.database.db);
    await payDeposit(sut.app, p, { channel: 'PIX', amount: 10 });
    const over = await p.call('POST', '/wps/v2/wallets/transfer', { vendor: 'JDB', direction: 'in', amount: 10.01, requestId: rid() });
    expect(over.statusCode).toBe(409);
    expect(over.json().value.fields).toEqual([{ field: 'amount', message: 'error.insufficient_funds' }]);
    const seamless = await p.call('POST', '/wps/v2/wallets/transfer', { vendor: 'PG', direction: 'in', amount: 1, requestId: rid() });
    expect(seamless.statusCode).toBe(404);
    const bad = await p.call('POST', '/wps/v2/wallets/transfer', { vendor: 'JDB', direction: 'in', amount: 1.001, requestId: rid() });
    expect(bad.json().value.fields).toEqual([{ field: 'amount', message: 'validation.amount_decimals' }]);
    const none = await p.call('POST', '/wps/v2/wallets/transfer', { vendor: 'JDB', direction: 'in', requestId: rid() });
    expect(none.json().value.fields).toEqual([{ field: 'amount', message: 'validation.required' }]);
    expect(await balance(p)).toMatchObject({ sumBalance: 10, main: 10 });
  });
});

describe('transferUpline', () => {
  it('sends money between a player and its agent both ways, and nowhere else', async () => {
    const db = sut.database.db;
    const agentRow = await memberByAccount(db, brazil, 'demoagent');
    const agent = await newPlayer(sut.app, db, 'BRAZIL', { type: 1 });
    const playerUnder = await newPlayer(sut.app, db, 'BRAZIL', { uplineId: agent.id });
    const stranger = await newPlayer(sut.app, db);
    expect(agentRow).toBeDefined();
    await payDeposit(sut.app, playerUnder, { channel: 'PIX', amount: 80 });
    const noPassword = await playerUnder.call('POST', '/wps/v2/wallets/transferUpline', {
      account: agent.account,
      amount: 5,
      requestId: rid(),
    });
    expect(noPassword.json().code).toBe('APP_ERR_WALLET_PAYMENT_PASSWORD_NOT_SET');
    await setPaymentPassword(playerUnder);
    await setPaymentPassword(agent);
    const up = await playerUnder.call('POST', '/wps/v2/wallets/transferUpline', {
      account: agent.account,
      amount: 30,
      paymentPassword: '246810',
      requestId: rid(),
    });
    expect(up.statusCode).toBe(200);
    expect((await balance(agent)).main).toBe(30);
    const down = await agent.call('POST', '/wps/v2/wallets/transferUpline', {
      account: playerUnder.account,
      amount: 10,
      paymentPassword: '246810',
      requestId: rid(),
    });
    expect(down.statusCode).toBe(200);
    expect((await balance(playerUnder)).main).toBe(60);
    const sideways = await playerUnder.call('POST', '/wps/v2/wallets/transferUpline', {
      account: stranger.account,
      amount: 1,
      paymentPassword: '246810',
      requestId: rid(),
    });
    expect(sideways.statusCode).toBe(403);
    const wrong = await playerUnder.call('POST', '/wps/v2/wallets/transferUpline', {
      account: agent.account,
      amount: 1,
      paymentPassword: '000000',
      requestId: rid(),
    });
    expect(wrong.json().value.fields).toEqual([{ field: 'paymentPassword', message: 'error.payment_password_wrong' }]);
    expect((await balance(stranger)).main).toBe(0);
    expect((await checkLedger(db)).ok).toBe(true);
  });
});

describe('records', () => {
  it('lists the account record by type with totals over the whole filter, for the owner only', async () => {
    const p = await newPlayer(sut.app, sut.database.db);
    await payDeposit(sut.app, p, { channel: 'PIX', amount: 100 });
    await payDeposit(sut.app, p, { channel: 'PIX', amount: 50 });
    await p.call('POST', '/wps/v2/wallets/transfer', { vendor: 'JDB', direction: 'in', amount: 20, requestId: rid() });
    const all = (await p.call('GET', '/wps/v2/wallets/transactions?period=today&pageSize=2')).json().value;
    expect(all.totalElements).toBe(4);
    expect(all.totalPages).toBe(2);
    expect(all.content).toHaveLength(2);
    expect(all.totals).toEqual({ in: 170, out: 20, net: 150 });
    const onlyDeposits = (await p.call('GET', '/wps/v2/wallets/transactions?types=deposit&period=past7')).json().value;
    expect(onlyDeposits.content.map((r: { amount: number }) => r.amount)).toEqual([50, 100]);
    expect(onlyDeposits.content[0]).toMatchObject({ type: 'deposit', wallet: 'main', balanceAfter: 150 });
    expect(onlyDeposits.totals).toEqual({ in: 150, out: 0, net: 150 });
    const yesterday = (await p.call('GET', '/wps/v2/wallets/transactions?period=yesterday')).json().value;
    expect(yesterday.totalElements).toBe(0);
    const bad = await p.call('GET', '/wps/v2/wallets/transactions?types=nonsense');
    expect(bad.statusCode).toBe(400);
    const other = await newPlayer(sut.app, sut.database.db);
    expect((await other.call('GET', '/wps/v2/wallets/transactions?period=today')).json().value.totalElements).toBe(0);
  });

  it('names each movement by what identifies it, in no one language: references, vendors, the other account', async () => {
    const db = sut.database.db;
    const agent = await newPlayer(sut.app, db, 'BRAZIL', { type: 1 });
    const p = await newPlayer(sut.app, db, 'BRAZIL', { uplineId: agent.id });
    const { deposit } = await payDeposit(sut.app, p, { channel: 'PIX', amount: 100 });
    await p.call('POST', '/wps/v2/wallets/transfer', { vendor: 'JDB', direction: 'in', amount: 20, requestId: rid() });
    await setPaymentPassword(p);
    const up = { account: agent.account, amount: 5, paymentPassword: '246810', requestId: rid() };
    expect((await p.call('POST', '/wps/v2/wallets/transferUpline', up)).statusCode).toBe(200);
    const rows = async (who: Player) =>
      (await who.call('GET', '/wps/v2/wallets/transactions?period=today'))
        .json()
        .value.content.map((r: { type: string; wallet: string; reference: string }) => `${r.type} ${r.wallet}: ${r.reference}`);
    expect(await rows(p)).toEqual([
      `upline_transfer main: ${agent.account}`,
      'transfer vendor:JDB: JDB',
      'transfer main: JDB',
      `deposit main: ${deposit.reference}`,
    ]);
    expect(await rows(agent)).toEqual([`upline_transfer main: ${p.account}`]);
  });

  it('computes personal profit per day and per game category from the ledger', async () => {
    const p = await newPlayer(sut.app, sut.database.db);
    await payDeposit(sut.app, p, { channel: 'PIX', amount: 100 });
    await playRound(p, 1_000, 2_500, 'RNG');
    await playRound(p, 2_000, 0, 'LIVE');
    await playRound(p, 500, 0, 'RNG');
    const profit = (await p.call('GET', '/wps/v2/wallets/profit?period=today')).json().value;
    expect(profit.total).toEqual({ bets: 35, wins: 25, rebates: 0, profit: -10 });
    expect(profit.days).toHaveLength(1);
    expect(profit.categories).toEqual([
      { category: 'LIVE', bets: 20, wins: 0, rebates: 0, profit: -20 },
      { category: 'RNG', bets: 15, wins: 25, rebates: 0, profit: 10 },
    ]);
  });
});

describe('turnover', () => {
  it('asks a deposit to be wagered before withdrawal, counting bets posted to the ledger', async () => {
    const p = await newPlayer(sut.app, sut.database.db);
    await payDeposit(sut.app, p, { channel: 'PIX', amount: 100 });
    const owed = (await p.call('GET', '/wps/member/info/funds/consolidated')).json().value.turnover;
    expect(owed).toEqual({ required: 100, wagered: 0, remaining: 100, multiplier: 1 });
    await playRound(p, 6_000, 0, 'RNG');
    expect((await p.call('GET', '/wps/member/info/funds/consolidated')).json().value.turnover.remaining).toBe(40);
    // A bet the game could not complete is rolled back: its stake no longer counts.
    const db = sut.database.db;
    const main = await walletAccount(db, { id: p.id, merchantId: brazil }, 'main', 'BRL');
    const games = await houseAccount(db, brazil, 'games', 'BRL', p.id);
    await post(db, {
      merchantId: brazil,
      type: 'bet',
      postings: [
        { accountId: main, amount: -500 },
        { accountId: games, amount: 500 },
      ],
    });
    expect((await p.call('GET', '/wps/member/info/funds/consolidated')).json().value.turnover.remaining).toBe(35);
    await post(db, {
      merchantId: brazil,
      type: 'rollback',
      postings: [
        { accountId: games, amount: -500 },
        { accountId: main, amount: 500 },
      ],
    });
    expect((await p.call('GET', '/wps/member/info/funds/consolidated')).json().value.turnover.remaining).toBe(40);
    await playRound(p, 4_000, 8_000, 'RNG');
    expect((await p.call('GET', '/wps/member/info/funds/consolidated')).json().value.turnover.remaining).toBe(0);
    // Wagering beyond what was owed is not banked for the next deposit.
    await playRound(p, 1_000, 0, 'RNG');
    await payDeposit(sut.app, p, { channel: 'PIX', amount: 20 });
    expect((await p.call('GET', '/wps/member/info/funds/consolidated')).json().value.turnover.remaining).toBe(20);
  });
});

describe('API description', () => {
  it('documents the money routes', async () => {
    const doc = (await sut.app.inject({ method: 'GET', url: '/docs/json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/wps/v2/wallets/balance',
        '/wps/depositv2',
        '/wps/withdraw',
        '/wps/v2/wallets/transactions',
        '/admin/v1/withdrawals',
      ]),
    );
  });
});

describe('operator commands', () => {
  it('sets the turnover multiplier of a merchant for deposits from then on', async () => {
    const lines: string[] = [];
    expect(await runCli(['turnover', 'BRAZIL', '3'], (l) => lines.push(l), cliClient(sut))).toBe(0);
    const p = await newPlayer(sut.app, sut.database.db);
    await payDeposit(sut.app, p, { channel: 'PIX', amount: 10 });
    expect((await p.call('GET', '/wps/member/info/funds/consolidated')).json().value.turnover).toMatchObject({
      required: 30,
      multiplier: 3,
    });
    expect(await runCli(['turnover', 'BRAZIL', '101'], (l) => lines.push(l), cliClient(sut))).toBe(2);
    expect(await runCli(['turnover', 'BRAZIL', '1'], (l) => lines.push(l), cliClient(sut))).toBe(0);
  });

  it('finds every cent after all of the above', async () => {
    const lines: string[] = [];
    expect(await runCli(['ledger', 'check'], (l) => lines.push(l), cliClient(sut))).toBe(0);
    expect(lines.at(-1)).toMatch(/^ledger ok/);
  });
});
