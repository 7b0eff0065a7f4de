import { currentDraws, type DrawRow } from '../../server/src/modules/lottery/lottery.repository.ts';
import { lotteryTick } from '../../server/src/modules/lottery/lottery.service.ts';
import { memberByAccount } from '../../server/src/modules/members/members.service.ts';
import { type Merchant, MerchantDirectory } from '../../server/src/modules/merchants/merchants.service.ts';
import { fundMember } from '../../server/test/funds.ts';
import { type Site, startSite } from './harness.ts';

/** The site of the lottery journeys, with what they set up on its database. */
export interface LotterySite {
  site: Site;
  directory: MerchantDirectory;
  brazil: Merchant;
  /** The demo player's main wallet. */
  main: number;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The site, its demo player of Brazil holding 1,000 BRL (a deposit as a paid PIX charge would post
 * it), and the draws of the last `historyMinutes`, so results and boards have a history to show
 * (the clock jobs run here, with explicit times).
 */
export async function startLotterySite(historyMinutes: number): Promise<LotterySite> {
  const site = await startSite();
  const db = site.database.db;
  const directory = new MerchantDirectory(db, 0);
  const brazil = (await directory.list()).find((m) => m.code === 'BRAZIL') as Merchant;
  const member = await memberByAccount(db, brazil.id, 'demoplayer');
  if (!member) throw new Error('no demo player');
  const main = await fundMember(db, brazil, member.id, 100_000);
  await lotteryTick(db, new Date(Date.now() - historyMinutes * 60_000));
  await lotteryTick(db, new Date());
  return { site, directory, brazil, main };
}

/** The draw taking bets on a game with at least `minLeft` seconds of betting left (waits for the next issue otherwise). */
export async function openDraw(site: Site, code: string, minLeft = 30): Promise<DrawRow> {
  const db = site.database.db;
  for (;;) {
    const now = new Date();
    await lotteryTick(db, now);
    const draw = (await currentDraws(db, now)).find((d) => d.gameCode === code);
    if (!draw) throw new Error(`no open draw of ${code}`);
    const left = draw.closesAt.getTime() - now.getTime();
    if (left >= minLeft * 1000) return draw;
    await sleep(left + 1_500);
  }
}
