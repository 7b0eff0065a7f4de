// Lottery settlement: one draw of a million tickets on PostgreSQL, timed.
import { and, eq, sql } from 'drizzle-orm';
import { settleDraw } from '../apps/server/src/modules/lottery/lottery.bets.ts';
import { lotteryTick } from '../apps/server/src/modules/lottery/lottery.service.ts';
import { lotteryDraws } from '../apps/server/src/modules/lottery/lottery.tables.ts';
import { MerchantDirectory } from '../apps/server/src/modules/merchants/merchants.service.ts';
import { checkLedger } from '../apps/server/src/modules/wallet/ledger.service.ts';
import { freshDatabase } from './fresh-database.ts';

const players = 10_000;

/**
 * Settles one drawn SSC issue of `tickets` any-position tickets (written straight into a fresh
 * PostgreSQL database) and times settleDraw alone; undefined when PostgreSQL is not reachable.
 */
export async function lotterySettlement(
  tickets: number,
): Promise<{ tickets: number; seconds: number; paid: unknown; invariantsOk: boolean } | undefined> {
  const fresh = await freshDatabase('bench_lottery');
  if (!fresh) return undefined;
  try {
    const db = fresh.database.db;
    const directory = new MerchantDirectory(db, 60_000);
    const brazil = (await directory.list()).find((m) => m.code === 'BRAZIL');
    if (!brazil) throw new Error('no merchant');
    const now = new Date();
    await lotteryTick(db, now);
    const [draw] = await db
      .select()
      .from(lotteryDraws)
      .where(and(eq(lotteryDraws.gameCode, 'SSC'), eq(lotteryDraws.status, 'open')))
      .orderBy(lotteryDraws.drawAt)
      .limit(1);
    if (!draw) throw new Error('no draw');

    // Players' wallets, then the tickets: any-position picks (定位胆) of one to three digits on a random
    // position, 2 units each, as the slips would have written them.
    await db.execute(sql`insert into ledger_accounts (merchant_id, member_id, kind, currency, house)
                       select ${brazil.id}, 1000000 + g, 'main', 'BRL', 0 from generate_series(1, ${players}) g`);
    await db.execute(sql`
    insert into lottery_bets (merchant_id, member_id, account_id, draw_id, game_code, issue, play_type, selection, unit, multiple, bet_count, amount, prize_mode, request_id)
    select ${brazil.id}, a.member_id, a.id, ${draw.id}, ${draw.gameCode}, ${draw.issue}, 'SSC_ANY_POSITION',
           jsonb_build_object('positions', (select jsonb_agg(case when p = pos then picks else '[]'::jsonb end order by p) from generate_series(0, 4) p)),
           100, 1, jsonb_array_length(picks), 200 * jsonb_array_length(picks), 'Lott', 'bench-' || g
    from generate_series(1, ${tickets}) g
    cross join lateral (select (g % 5) as pos,
                               (select jsonb_agg(d) from (select distinct ((g * 7 + k * 3) % 10) d from generate_series(1, 1 + g % 3) k) ds) as picks) x
    join ledger_accounts a on a.member_id = 1000000 + (g % ${players}) + 1 and a.kind = 'main'`);
    await db.execute(sql`analyze lottery_bets`);

    await lotteryTick(db, new Date(draw.drawAt.getTime() + 1000));
    const [drawn] = await db.select().from(lotteryDraws).where(eq(lotteryDraws.id, draw.id));
    if (drawn?.status !== 'drawn') throw new Error('draw not drawn');
    const started = performance.now();
    const result = await settleDraw(db, directory, drawn, new Date());
    const seconds = (performance.now() - started) / 1000;
    const invariants = await checkLedger(db);
    return { tickets: result.tickets, seconds, paid: result.paid, invariantsOk: invariants.ok };
  } finally {
    await fresh.drop();
  }
}
