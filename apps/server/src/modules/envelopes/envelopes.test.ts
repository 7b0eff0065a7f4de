import { envelopePaths } from '@platform/contract';
import { fair } from '@platform/games';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freshIp, loginRequest } from '../../../test/auth.ts';
import { makeOperator } from '../../../test/operators.ts';
import type { Player } from '../../../test/payments.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import type { Db } from '../../platform/db.ts';
import { periodAt } from '../../platform/periods.ts';
import { loadAuthConfig } from '../auth/auth.config.ts';
import { PasswordHasher } from '../auth/passwords.ts';
import { createMember } from '../members/members.service.ts';
import { type Merchant, merchantByCode } from '../merchants/merchants.service.ts';
import { balanceOf, checkLedger, memberAccount } from '../wallet/ledger.service.ts';
import { setEnvelopesClock } from './envelopes.service.ts';

let t: TestApp;
let app: FastifyInstance;
let db: Db;
let brazil: Merchant;
let admin: Record<string, string>;
const MINUTE = 60_000;

beforeAll(async () => {
  t = await buildTestApp();
  app = t.app;
  db = t.database.db;
  brazil = (await merchantByCode(db, 'BRAZIL')) as Merchant;
  const op = await makeOperator(db, { account: 'envelopes-content', role: 'content', merchants: ['BRAZIL'] });
  admin = { authorization: `Bearer ${op.key}` };
});
afterEach(() => setEnvelopesClock(null));
afterAll(() => t.close());

/** What the statistics consumer keeps for a bet today (the merchant's day). */
async function betToday(memberId: number) {
  const day = periodAt('day', brazil.timeZone, new Date()).key;
  await db.execute(sql`insert into daily_member_stats (merchant_id, member_id, day, category, bets, stake, valid_stake)
    values (${brazil.id}, ${memberId}, ${day}::date, 'RNG', 1, 100, 100) on conflict do nothing`);
}

async function schedule(body: object) {
  return app.inject({ method: 'POST', url: envelopePaths.adminRounds, headers: admin, payload: { merchant: 'BRAZIL', ...body } });
}

let passwordHash = '';
let next = 0;
/** A fresh Brazil player logged in from an address of its own (100 logins from one would meet the captcha). */
async function newPlayer(): Promise<Player & { id: number }> {
  passwordHash ||= await new PasswordHasher(loadAuthConfig().passwordHash).hash('Secret123');
  const account = `env${process.pid % 1000}x${Date.now().toString(36).slice(-4)}${next++}`;
  const row = await createMember(db, { merchantId: brazil.id, account, passwordHash, passwordChangedAt: new Date(), type: 0 });
  const login = await loginRequest(
    app,
    { username: account, password: 'Secret123' },
    { headers: { merchant: 'BRAZIL' }, remoteAddress: freshIp() },
  );
  if (login.statusCode !== 200) throw new Error(`login of ${account} failed: ${login.body}`);
  const headers = { authorization: `Bearer ${login.json().value.token}`, merchant: 'BRAZIL' };
  return {
    id: row.id,
    token: login.json().value.token,
    merchant: 'BRAZIL',
    headers,
    call: (method, url, payload) => app.inject({ method, url, headers, payload: payload as never, remoteAddress: freshIp() }),
  };
}

const main = async (memberId: number) => balanceOf(db, await memberAccount(db, brazil.id, memberId, 'main', brazil.currency));
const open = (p: Player, id: number) => p.call('POST', envelopePaths.open.replace(':id', String(id)));

describe('envelope rain', () => {
  it('seeds upcoming rounds on each demo merchant, their seed hash public and the seed not', async () => {
    for (const code of ['BRAZIL', 'UEMOA']) {
      const v = (await app.inject({ method: 'GET', url: envelopePaths.rounds, headers: { merchant: code } })).json().value;
      expect(v.current).toMatchObject({ count: 20, serverSeed: null });
      expect(v.current.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
      expect(v.current.startsAt - Date.now()).toBeLessThan(35 * MINUTE);
    }
  });

  it('refuses a budget below the envelopes’ minimum and a start in the past at their fields', async () => {
    const low = await schedule({ startsAt: Date.now() + MINUTE, minutes: 5, budget: 100, count: 20, minAmount: 50 });
    expect(low.statusCode).toBe(400);
    expect(low.json().value.fields ?? low.json().fields ?? low.json()).toBeDefined();
    expect(JSON.stringify(low.json())).toContain('validation.envelope_budget');
    const past = await schedule({ startsAt: Date.now() - 3_600_000, minutes: 5, budget: 1000, count: 10, minAmount: 50 });
    expect(past.statusCode).toBe(400);
    expect(JSON.stringify(past.json())).toContain('startsAt');
    const other = await app.inject({
      method: 'POST',
      url: envelopePaths.adminRounds,
      headers: admin,
      payload: { merchant: 'UEMOA', startsAt: Date.now() + MINUTE, minutes: 5, budget: 1000, count: 10, minAmount: 50 },
    });
    expect(other.statusCode).toBe(403);
  });

  it('pays 100 concurrent openers once each within the budget, then reveals a seed that recomputes every envelope', async () => {
    const start = Date.now() + MINUTE;
    const res = await schedule({ startsAt: start, minutes: 10, budget: 3_000, count: 60, minAmount: 10 });
    expect(res.statusCode).toBe(200);
    const round = res.json().value;
    expect(round.serverSeed).toBeNull();
    const players = await Promise.all(Array.from({ length: 100 }, () => newPlayer()));
    for (const p of players.slice(0, 99)) await betToday(p.id);
    const before = await Promise.all(players.map((p) => main(p.id)));

    expect((await open(players[0] as Player, round.id)).json().code).toBe('APP_ERR_ENVELOPE_CLOSED');
    setEnvelopesClock(() => new Date(start + MINUTE));
    expect((await open(players[99] as Player, round.id)).json().code).toBe('APP_ERR_ENVELOPE_NOT_ELIGIBLE');
    await betToday((players[99] as { id: number }).id);

    const answers = await Promise.all(players.map((p) => open(p, round.id)));
    const paid = answers.filter((a) => a.statusCode === 200);
    expect(paid).toHaveLength(60);
    expect(answers.filter((a) => a.json().code === 'APP_ERR_ENVELOPE_EMPTY')).toHaveLength(40);
    const indexes = paid.map((a) => a.json().value.index).sort((a, b) => a - b);
    expect(indexes).toEqual(Array.from({ length: 60 }, (_, i) => i));

    // The same player again, 20 at once: nothing more.
    const again = await Promise.all(Array.from({ length: 20 }, () => open(players[0] as Player, round.id)));
    expect(again.every((a) => a.statusCode === 409)).toBe(true);

    const after = await Promise.all(players.map((p) => main(p.id)));
    const credited = after.map((a, i) => a - (before[i] as number));
    const total = credited.reduce((s, c) => s + c, 0);
    expect(total).toBeLessThanOrEqual(3_000);

    const listed = (await (players[0] as Player).call('GET', envelopePaths.rounds)).json().value;
    expect(listed.current).toMatchObject({ id: round.id, state: 'live', opened: 60, serverSeed: null });

    setEnvelopesClock(() => new Date(start + 11 * MINUTE));
    const closed = (await (players[0] as Player).call('GET', envelopePaths.rounds)).json().value.closed;
    const revealed = closed.find((r: { id: number }) => r.id === round.id);
    expect(fair.serverSeedMatchesHash(revealed.serverSeed, revealed.serverSeedHash)).toBe(true);
    const amounts = fair.envelopeAmounts(revealed.serverSeed, revealed.clientSeed, { budget: 3_000, count: 60, minAmount: 10 });
    expect(amounts.reduce((s, a) => s + a, 0)).toBe(total);
    for (const [i, a] of answers.entries()) {
      if (a.statusCode !== 200) {
        expect(credited[i]).toBe(0);
        continue;
      }
      const { index, amount } = a.json().value;
      expect(Math.round(amount * 100)).toBe(amounts[index]);
      expect(credited[i]).toBe(amounts[index]);
    }
    expect(revealed.mine).not.toBeNull();
    const rows = (await app.inject({ method: 'GET', url: `${envelopePaths.adminRounds}?merchant=BRAZIL`, headers: admin })).json().value;
    expect(rows.find((r: { id: number }) => r.id === round.id)).toMatchObject({ opened: 60, paid: total, serverSeed: revealed.serverSeed });
    expect((await open(players[1] as Player, round.id)).json().code).toBe('APP_ERR_ENVELOPE_CLOSED');
    expect((await checkLedger(db)).ok).toBe(true);
  }, 120_000);
});
