import type { Db } from '../../platform/db.ts';
import { sqlState } from '../../platform/db-errors.ts';
import { GroupWriter } from '../../platform/group-writer.ts';
import { ReadCache } from '../../platform/read-cache.ts';
import { postMany } from '../wallet/ledger.service.ts';
import { BalanceNotices } from '../wallet/wallet.service.ts';
import {
  issueOpen,
  type PlacedSlip,
  type PreparedSlip,
  placedSlip,
  type SlipReads,
  slipMovement,
  slipTickets,
  writeSlip,
} from './lottery.bets.ts';
import { DEFAULT_CAPS, exposureLines, WHOLE_DRAW } from './lottery.limits.ts';
import { type DrawRow, drawByIssue, enabledGames } from './lottery.repository.ts';
import { type BatchLine, type BatchTicket, overCap, slipsAlongside, slipTicketsOf } from './lottery-bets.repository.ts';

/**
 * Slips by group commit (decision 0045). Under load, every slip of an issue adds to the issue's one
 * liability line, and a slip written alone holds that row from its update to its commit: slips of
 * an issue then commit one after another. Slips that arrive while a batch is written go together in
 * the next: one statement, committing on its own, debits them all through the ledger's batch (stake
 * gate included), writes their tickets and adds their liability lines, each line once per batch.
 * No transaction around it: its locks are held for the statement and its commit, never across a
 * round trip to this process.
 *
 * A slip is written alone, as before, whenever the batch cannot answer it as alone would: a chase
 * (its own row first), an issue no longer open when prepared, a repeated request id, a debit the
 * member cannot afford or the gate refuses (their answers carry details the batch does not), and
 * every slip of a batch that took a line over its cap (the statement fails, so nothing of it is
 * written; alone, only the slips over the cap are refused, at their fields). A slip of a member waits for that member's slip in
 * flight, so a member account appears once per batch.
 */
export class LotterySlips {
  readonly writer: GroupWriter<PreparedSlip, PlacedSlip | undefined>;
  private readonly notices: BalanceNotices;
  /**
   * Games and draws as a slip is prepared: a second old at most. A batch checks again in its
   * statement that each slip's issue is open, and a slip written alone reads its draw afresh.
   */
  readonly reads: SlipReads;

  constructor(private readonly db: Db) {
    this.notices = new BalanceNotices(db);
    const cache = new ReadCache(1000, 1000);
    this.reads = {
      games: () => cache.get('games', () => enabledGames(db)),
      draw: (code, issue) => cache.get(`draw:${code}:${issue}`, () => drawByIssue(db, code, issue)),
    };
    this.writer = new GroupWriter<PreparedSlip, PlacedSlip | undefined>({
      write: (slips) => this.writeTogether(slips),
      single: () => Promise.resolve(undefined),
      keys: (slip) => [`account:${slip.main}`],
      maxBatch: 64,
      // One batch at a time: batches of one issue queue on its liability line anyway, and one in flight
      // gathers more slips per statement (decision 0045).
      maxInFlight: 1,
      // A batch over a cap is expected now and then: its slips, written alone, are answered as alone.
      onBatchError: (err, size) => {
        if (!overCap(err)) console.error(JSON.stringify({ level: 40, msg: 'lottery slips written one by one', size, code: sqlState(err) }));
      },
    });
  }

  /** Sends the balance notices still waiting (before the database closes). */
  close(): Promise<void> {
    return this.notices.flush();
  }

  /** Places a prepared slip, with whatever other slips are being placed (see the class). */
  async place(slip: PreparedSlip): Promise<PlacedSlip> {
    if (slip.body.chase || !issueOpen(slip)) return writeSlip(this.db, await this.fresh(slip));
    const placed = await this.writer.submit(slip);
    if (placed) return placed;
    return writeSlip(this.db, await this.fresh(slip));
  }

  /** The slip with its draw as the database has it now: written alone, it is judged on that, not on the cache. */
  private async fresh(slip: PreparedSlip): Promise<PreparedSlip> {
    return { ...slip, draw: await drawByIssue(this.db, slip.game.code, slip.body.issue) };
  }

  /** Writes a batch in one statement; a slip answered undefined is then written alone. */
  private async writeTogether(slips: PreparedSlip[]): Promise<(PlacedSlip | undefined)[]> {
    const tickets: BatchTicket[] = [];
    const lines: BatchLine[] = [];
    for (const [i, slip] of slips.entries()) {
      const planned = slipTickets(slip, null);
      for (const { row } of planned) tickets.push({ ...row, i });
      for (const line of exposureLines(planned.map((p) => p.row))) lines.push({ ...line, i, merchantId: slip.merchant.id });
    }
    const results = await postMany(
      this.db,
      slips.map((slip) => ({
        merchantId: slip.merchant.id,
        type: 'bet',
        memberAccountId: slip.main,
        houseAccountId: slip.house,
        amount: -slip.total,
        ...slipMovement(slip),
      })),
      slipsAlongside(
        slips.map((slip) => ({ drawId: (slip.draw as DrawRow).id, at: slip.now })),
        tickets,
        lines,
        WHOLE_DRAW,
        DEFAULT_CAPS,
      ),
    );
    this.notices.add(slips.filter((_, i) => results[i]?.status === 'posted').map((s) => s.member.id));
    return results.map((m, i) => {
      const slip = slips[i] as PreparedSlip;
      return m.status === 'posted' ? placedSlip(slip, slipTicketsOf(m.alongside), m.balance) : undefined;
    });
  }
}
