import { boardsByFamily } from './boards.ts';

/** The lottery page of a game, on its first play type (the home and the /elott lobby link there). */
export function lotteryPagePath(code: string, family: string): string {
  const playType = boardsByFamily[family]?.[0]?.[0];
  return `/lottery?${new URLSearchParams(playType ? { gameCode: code, playType } : { gameCode: code })}`;
}
