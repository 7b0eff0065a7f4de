import { type OpenedNumbers, POPULAR_WINDOW_HOURS, type PopularLottery, toAmount, type VnNumbers, type Winner } from '@platform/contract';
import { lottery } from '@platform/games';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { localText } from '../../platform/http.ts';
import { accountsOf, type MemberRow } from '../members/members.service.ts';
import {
  addFavourite,
  betsPerGame,
  drawnResults,
  enabledGames,
  favouriteCodes,
  type LotteryGameRow,
  latestResults,
  removeFavourite,
  winsSince,
} from './lottery.repository.ts';

/** Days of wins the winner board looks back over. */
export const WINNER_WINDOW_DAYS = 7;
const vietnamFamilies = new Set(['VN_NORTH', 'VN_SOUTH']);

const nameOf = (game: LotteryGameRow, lang: string) => localText(game.name, lang, ['EN']);

/**
 * A winner's account as the public board shows it: the first two characters and the last one
 * (`de***r`), so players recognise themselves without anyone reading another's account.
 */
export function maskAccount(account: string): string {
  if (account.length <= 3) return `${account.slice(0, 1)}***`;
  return `${account.slice(0, 2)}***${account.slice(-1)}`;
}

/** Every game, the most played by the merchant's players over the window first, then the menu's order. */
export async function popularLottery(db: Db, merchantId: number, lang: string, count: number, now = new Date()): Promise<PopularLottery> {
  const since = new Date(now.getTime() - POPULAR_WINDOW_HOURS * 3600_000);
  const [games, counts] = await Promise.all([enabledGames(db), betsPerGame(db, merchantId, since)]);
  const by = new Map(counts.map((c) => [c.code, c]));
  const list = games
    .map((g, order) => ({ g, order, bets: by.get(g.code)?.bets ?? 0, players: by.get(g.code)?.players ?? 0 }))
    .sort((a, b) => b.bets - a.bets || a.order - b.order)
    .slice(0, count)
    .map(({ g, bets, players }) => ({ code: g.code, name: nameOf(g, lang), family: g.family, bets, players }));
  return { list };
}

/** The numbers each game opened last: its latest drawn result, the newest draw first. */
export async function openedNumbers(db: Db, lang: string): Promise<OpenedNumbers> {
  const [games, latest] = await Promise.all([enabledGames(db), latestResults(db)]);
  const byCode = new Map(games.map((g) => [g.code, g]));
  const list = latest
    .flatMap((d) => {
      const g = byCode.get(d.gameCode);
      return g ? [{ code: g.code, name: nameOf(g, lang), family: g.family, issue: d.issue, drawAt: d.drawAt, result: d.result }] : [];
    })
    .sort((a, b) => b.drawAt.getTime() - a.drawAt.getTime())
    .map((r) => ({ ...r, drawAt: r.drawAt.toISOString() }));
  return { list };
}

/** The merchant's winning tickets of the last WINNER_WINDOW_DAYS days, accounts masked. */
export async function winnerBoard(
  db: Db,
  merchant: { id: number; currency: string },
  lang: string,
  q: { order: 'latest' | 'top'; count: number },
  now = new Date(),
): Promise<{ list: Winner[] }> {
  const since = new Date(now.getTime() - WINNER_WINDOW_DAYS * 86_400_000);
  const [games, wins] = await Promise.all([enabledGames(db), winsSince(db, merchant.id, since, q.order, q.count)]);
  const byCode = new Map(games.map((g) => [g.code, g]));
  const accounts = await accountsOf(
    db,
    wins.map((w) => w.memberId),
  );
  return {
    list: wins.map((w) => {
      const g = byCode.get(w.gameCode);
      return {
        username: maskAccount(accounts.get(w.memberId) ?? ''),
        gameCode: w.gameCode,
        gameName: g ? nameOf(g, lang) : w.gameCode,
        issue: w.issue,
        playType: w.playType,
        payout: toAmount(w.payout, merchant.currency),
        wonAt: (w.settledAt ?? now).toISOString(),
      };
    }),
  };
}

/**
 * The 100 lô numbers (00–99) of a Vietnamese game over its latest draws: how often each ended a prize,
 * and how many draws ago it last did (the 'gan' players watch).
 */
export async function vnNumbers(db: Db, q: { gameCode?: string | undefined; draws: number }): Promise<VnNumbers> {
  const games = (await enabledGames(db)).filter((g) => vietnamFamilies.has(g.family));
  const game = q.gameCode ? games.find((g) => g.code === q.gameCode) : games[0];
  if (!game) throw new AppError('APP_ERR_LOTTERY_GAME_UNKNOWN');
  const draws = await drawnResults(db, game.code, q.draws);
  const hits = new Array<number>(100).fill(0);
  const since = new Array<number | null>(100).fill(null);
  draws.forEach((d, age) => {
    for (const n of lottery.vietnamTails(d.result as lottery.VietnamResult, 2)) {
      hits[n] = (hits[n] ?? 0) + 1;
      if (since[n] === null) since[n] = age;
    }
  });
  return {
    gameCode: game.code,
    draws: draws.length,
    numbers: hits.map((h, n) => ({ number: String(n).padStart(2, '0'), hits: h, since: since[n] ?? null })),
  };
}

export const memberLotteryFavourites = (db: Db, member: MemberRow) => favouriteCodes(db, member.id);

/** Stars or unstars a game in the member's lottery menu; answers the favourite codes. */
export async function setLotteryFavourite(db: Db, member: MemberRow, gameCode: string, on: boolean): Promise<string[]> {
  if (on) {
    if (!(await enabledGames(db)).some((g) => g.code === gameCode)) throw new AppError('APP_ERR_LOTTERY_GAME_UNKNOWN');
    await addFavourite(db, member.id, gameCode);
  } else await removeFavourite(db, member.id, gameCode);
  return favouriteCodes(db, member.id);
}
