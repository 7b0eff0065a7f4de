import { eq } from 'drizzle-orm';
import { lotteryDraws } from '../src/modules/lottery/lottery.tables.ts';
import type { Db } from '../src/platform/db.ts';

/** The game's first issue still taking bets at `at`. */
export async function openIssueAt(db: Db, code: string, at: Date): Promise<{ id: number; issue: string }> {
  const open = (await db.select().from(lotteryDraws).where(eq(lotteryDraws.gameCode, code)))
    .filter((d) => d.status === 'open' && d.closesAt > at)
    .sort((a, b) => a.drawAt.getTime() - b.drawAt.getTime());
  if (!open[0]) throw new Error(`no open issue of ${code}`);
  return open[0];
}

/** 定位胆 on the first position: each picked digit pays 19.60 per unit of 1.00 at multiple 1 (prize group 1960). */
export const anyPosition = (digits: number[], multiple: number) => ({
  playType: 'SSC_ANY_POSITION',
  selection: { positions: [digits, [], [], [], []] },
  unit: 100 as const,
  multiple,
  betCount: digits.length,
});
