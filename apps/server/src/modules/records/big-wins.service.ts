import { type BigWins, toAmount } from '@platform/contract';
import type { Db } from '../../platform/db.ts';
import { localText } from '../../platform/http.ts';
import { maskAccount } from '../lottery/lottery.board.ts';
import type { Merchant } from '../merchants/merchants.service.ts';
import { largestWinsSince } from './big-wins.repository.ts';

/** How far back the home page's big wins look, and how many it shows. */
export const BIG_WIN_WINDOW_DAYS = 7;
export const BIG_WIN_COUNT = 12;

/**
 * The home page's recent big wins: the merchant's largest wins of the last week (any game, lottery
 * tickets too), accounts masked as on the lottery's winner board, names in the reader's language.
 */
export async function bigWins(
  db: Db,
  merchant: Pick<Merchant, 'id' | 'currency' | 'langList'>,
  lang: string,
  now = new Date(),
): Promise<BigWins> {
  const since = new Date(now.getTime() - BIG_WIN_WINDOW_DAYS * 86_400_000);
  const rows = await largestWinsSince(db, merchant.id, since, BIG_WIN_COUNT);
  const fallbacks = merchant.langList;
  return {
    currency: merchant.currency,
    list: rows.map((r) => {
      const stake = Number(r.stake);
      const win = Number(r.win);
      return {
        username: maskAccount(r.account),
        kind: r.kind,
        vendor: r.vendor,
        gameCode: r.game_code,
        gameName: r.name ? localText(r.name, lang, fallbacks) : r.game_code,
        image: r.images ? localText(r.images, lang, fallbacks) : '',
        win: toAmount(win, merchant.currency),
        multiplier: stake > 0 ? Math.round((win / stake) * 10) / 10 : 0,
        wonAt: new Date(r.time).toISOString(),
      };
    }),
  };
}
