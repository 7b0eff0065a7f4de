import { inhousePaths, seamlessPaths } from '@platform/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { MemberRow } from '../src/modules/members/members.tables.ts';
import type { Merchant } from '../src/modules/merchants/merchants.service.ts';
import { insertProvider } from '../src/modules/seamless/seamless.repository.ts';
import { openGameSession, signSeamless } from '../src/modules/seamless/seamless.service.ts';
import { type Db, queryRows } from '../src/platform/db.ts';
import { fundMember } from './funds.ts';
import { newPlayer, rid } from './payments.ts';

/**
 * Stakes from the paths a player's money leaves by (a third-party provider's bet, our own dice, a
 * transfer into a vendor wallet), for tests of the stake gate's policies.
 */
export class Stakes {
  private serial = 0;
  constructor(
    private readonly app: FastifyInstance,
    private readonly db: Db,
    private readonly merchant: Merchant,
    private readonly provider: { code: string; secret: string },
  ) {}

  /** Registers the test provider (once per database). */
  async setUp(): Promise<void> {
    await insertProvider(this.db, { code: this.provider.code, vendorCode: 'INHOUSE', secret: this.provider.secret });
  }

  /** A logged-in player with `minor` on the wallet and a dice launch token. */
  async gambler(minor = 100_000) {
    const p = await newPlayer(this.app, this.db, this.merchant.code);
    const member = { id: p.id, merchantId: this.merchant.id } as MemberRow;
    await fundMember(this.db, this.merchant, p.id, minor);
    const dice = (await openGameSession(this.db, member, 'INHOUSE', 'dice')).token;
    return { ...p, member, dice };
  }

  /** A provider's signed call of `kind` (bet or win) for `amount` of the currency. */
  providerCall(g: { id: number; dice: string }, kind: 'bet' | 'win', amount: number, round = `r-${++this.serial}-${Date.now()}`) {
    const body = JSON.stringify({
      playerId: String(g.id),
      ...(kind === 'bet' ? { token: g.dice } : {}),
      transactionId: `${kind}-${++this.serial}-${Date.now()}`,
      roundId: round,
      gameCode: 'dice',
      amount,
      currency: this.merchant.currency,
    });
    return this.app.inject({
      method: 'POST',
      url: kind === 'bet' ? seamlessPaths.bet : seamlessPaths.win,
      headers: {
        'content-type': 'application/json',
        'x-provider': this.provider.code,
        'x-signature': signSeamless(this.provider.secret, body),
      },
      payload: body,
    });
  }

  diceRoll(g: { dice: string }, amount: number) {
    return this.app.inject({
      method: 'POST',
      url: inhousePaths.diceRoll,
      payload: { token: g.dice, amount, target: 50, direction: 'under' },
    });
  }

  transferIn(g: { call: (m: 'POST', u: string, p: object) => Promise<{ statusCode: number; json(): { code: string } }> }, amount: number) {
    return g.call('POST', '/wps/v2/wallets/transfer', { vendor: 'JDB', direction: 'in', amount, requestId: rid() });
  }

  /** What the member has staked: the debits of its bets and of its transfers into vendor wallets, in minor units. */
  async staked(memberId: number): Promise<number> {
    const [row] = await queryRows<{ total: string }>(
      this.db,
      sql`select coalesce(sum(-e.amount), 0) as total
            from ledger_entries e
            join ledger_accounts a on a.id = e.account_id
            join ledger_transactions t on t.id = e.transaction_id
           where a.member_id = ${memberId} and a.kind = 'main' and e.amount < 0 and t.type in ('bet', 'transfer')`,
    );
    return Number(row?.total);
  }
}
