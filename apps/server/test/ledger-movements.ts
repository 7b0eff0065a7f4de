import { sql } from 'drizzle-orm';
import { insertMember } from '../src/modules/members/members.repository.ts';
import { houseAccount, memberAccount, post } from '../src/modules/wallet/ledger.service.ts';
import { type Db, queryRows } from '../src/platform/db.ts';

/** A member with its main account and the house accounts movements of the feed tests use. */
export interface FeedPlayer {
  merchantId: number;
  memberId: number;
  main: number;
  cashIn: number;
  cashOut: number;
  games: number;
}

export async function feedPlayers(db: Db, merchant: { id: number; currency: string }, n: number, prefix: string): Promise<FeedPlayer[]> {
  const players: FeedPlayer[] = [];
  for (let i = 0; i < n; i++) {
    const member = await insertMember(db, { merchantId: merchant.id, account: `${prefix}${i}`, language: 'EN' });
    players.push({
      merchantId: merchant.id,
      memberId: member.id,
      main: await memberAccount(db, merchant.id, member.id, 'main', merchant.currency),
      cashIn: await houseAccount(db, merchant.id, 'cash_in', merchant.currency),
      cashOut: await houseAccount(db, merchant.id, 'cash_out', merchant.currency),
      games: await houseAccount(db, merchant.id, 'games', merchant.currency),
    });
  }
  return players;
}

const categories = ['SLOT', 'LIVE', 'LOTT'];

/**
 * The `i`th movement of a player's deterministic stream: deposits, bets, wins, rollbacks and
 * withdrawals in turn, never more than the player holds.
 */
export async function playMovement(db: Db, p: FeedPlayer, i: number): Promise<void> {
  const category = categories[i % categories.length];
  // The first deposit covers whatever the stream's later stakes and withdrawals take.
  const amount = i === 0 ? 10_000_000 : 100 + (i % 9) * 100;
  const step = i % 6;
  const move = (type: string, from: number, to: number, reference: Record<string, unknown> = {}) =>
    post(db, {
      merchantId: p.merchantId,
      type,
      postings: [
        { accountId: from, amount: -amount },
        { accountId: to, amount },
      ],
      reference,
    });
  if (step === 0) await move('deposit', p.cashIn, p.main);
  else if (step === 1 || step === 3) await move('bet', p.main, p.games, { category });
  else if (step === 2) await move('win', p.games, p.main, { category });
  else if (step === 4) await move('rollback', p.games, p.main, { category });
  else await move('withdrawal', p.main, p.cashOut);
}

/**
 * The daily statistics recomputed straight from the ledger's entries, by a query of its own (the
 * oracle the consumer's sums are checked against).
 */
export function statisticsFromLedger(db: Db): Promise<Record<string, string | number>[]> {
  return queryRows(
    db,
    sql`select t.merchant_id, a.member_id, to_char((t.created_at at time zone m.time_zone)::date, 'YYYY-MM-DD') as day,
               case when t.type in ('bet', 'win', 'rollback', 'lottery_refund') then coalesce(t.reference->>'category', 'OTHER') else 'WALLET' end as category,
               sum(case when t.type = 'bet' then 1 else 0 end)::int as bets,
               sum(case when t.type = 'bet' then -e.amount else 0 end)::bigint as stake,
               sum(case when t.type in ('bet', 'rollback', 'lottery_refund') then -e.amount else 0 end)::bigint as valid_stake,
               sum(case when t.type = 'win' then e.amount else 0 end)::bigint as payout,
               sum(case when t.type = 'deposit' then e.amount else 0 end)::bigint as deposits,
               sum(case when t.type = 'withdrawal' then -e.amount else 0 end)::bigint as withdrawals,
               sum(case when t.type = 'bonus' then e.amount else 0 end)::bigint as bonuses,
               sum(case when t.type = 'adjustment' then e.amount else 0 end)::bigint as adjustments
          from ledger_entries e
          join ledger_transactions t on t.id = e.transaction_id
          join ledger_accounts a on a.id = e.account_id
          join merchants m on m.id = t.merchant_id
         where a.member_id is not null
           and t.type in ('bet', 'win', 'rollback', 'lottery_refund', 'deposit', 'withdrawal', 'bonus', 'adjustment')
         group by 1, 2, 3, 4
         order by 2, 3, 4`,
  );
}

/** The stored daily statistics, in the oracle's shape and order. */
export function storedStatistics(db: Db): Promise<Record<string, string | number>[]> {
  return queryRows(
    db,
    sql`select merchant_id, member_id, to_char(day, 'YYYY-MM-DD') as day, category, bets, stake, valid_stake, payout,
               deposits, withdrawals, bonuses, adjustments
          from daily_member_stats
         order by 2, 3, 4`,
  );
}
