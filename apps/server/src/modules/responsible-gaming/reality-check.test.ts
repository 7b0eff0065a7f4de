import { responsibleGamingPaths as paths } from '@platform/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Stakes } from '../../../test/stakes.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import type { MemberRow } from '../members/members.tables.ts';
import { type Merchant, MerchantDirectory } from '../merchants/merchants.service.ts';
import { realityCheck } from './reality-check.service.ts';

let t: TestApp;
let brazil: Merchant;
let stakes: Stakes;

beforeAll(async () => {
  t = await buildTestApp();
  brazil = (await new MerchantDirectory(t.database.db, 0).list()).find((m) => m.code === 'BRAZIL') as Merchant;
  stakes = new Stakes(t.app, t.database.db, brazil, { code: 'RCPROV', secret: 'reality-check-provider-secret-0123456' });
  await stakes.setUp();
});
afterAll(() => t.close());

describe('the reality check', () => {
  it('gives the session’s time, bets, returns and net result from the ledger, and the next check at the chosen interval', async () => {
    const g = await stakes.gambler();
    const round = 'rc-round-1';
    expect((await stakes.providerCall(g, 'bet', 10, round)).statusCode).toBe(200);
    expect((await stakes.providerCall(g, 'win', 4, round)).statusCode).toBe(200);
    expect((await stakes.providerCall(g, 'bet', 3)).statusCode).toBe(200);
    const first = (await g.call('GET', paths.realityCheck)).json().value;
    expect(first).toMatchObject({ minutes: 30, minMinutes: 5, maxMinutes: 120, staked: 13, returned: 4, net: -9 });
    expect(first.nextAt).toBe(first.sessionStartedAt + 30 * 60_000);

    expect((await g.call('PUT', paths.realityCheck, { minutes: 15 })).statusCode).toBe(200);
    // Forty minutes into the session (a clock moved, not a wait): played 40, next check at 45.
    const started = new Date(first.sessionStartedAt);
    const later = await realityCheck(t.database.db, brazil, { id: g.id } as MemberRow, started, new Date(started.getTime() + 40 * 60_000));
    expect(later).toMatchObject({ minutes: 15, playedMinutes: 40, net: -9, nextAt: started.getTime() + 45 * 60_000 });
  });

  it('refuses an interval outside the market’s bounds at the field, and keeps the one in force', async () => {
    const g = await stakes.gambler();
    for (const minutes of [4, 121]) {
      const res = await g.call('PUT', paths.realityCheck, { minutes });
      expect(res.statusCode).toBe(400);
      expect(res.json().value.fields).toEqual([
        { field: 'minutes', message: 'validation.reality_check_range', params: { min: 5, max: 120 } },
      ]);
    }
    const fraction = await g.call('PUT', paths.realityCheck, { minutes: 10.5 });
    expect(fraction.statusCode).toBe(400);
    expect((await g.call('GET', paths.realityCheck)).json().value.minutes).toBe(30);
  });
});
