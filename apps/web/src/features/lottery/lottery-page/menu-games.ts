import type { LotteryGame } from '@platform/contract';

const DAY_MS = 86_400_000;
const isProvince = (g: LotteryGame) => g.region === 'SOUTH' || g.region === 'CENTRAL';

/**
 * The games the lottery menu lists, starred first, each group in the menu's own order. A Vietnamese
 * province (35 of them, each on its weekdays) is listed only when its open issue draws within a day of
 * `now`, when it is starred or when it is the game asked for; /vnlottery has them all, and
 * `hiddenProvinces` says the menu left some out.
 */
export function menuGames(
  list: readonly LotteryGame[],
  isFavourite: (code: string) => boolean,
  wantedGame: string | null,
  now: number,
): { menu: LotteryGame[]; hiddenProvinces: boolean } {
  const listed = list.filter(
    (g) =>
      !isProvince(g) || isFavourite(g.code) || g.code === wantedGame || (g.current !== null && Date.parse(g.current.drawAt) - now < DAY_MS),
  );
  return {
    menu: [...listed.filter((g) => isFavourite(g.code)), ...listed.filter((g) => !isFavourite(g.code))],
    hiddenProvinces: list.length > listed.length,
  };
}
