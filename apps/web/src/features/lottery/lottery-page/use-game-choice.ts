import type { LotteryGame } from '@platform/contract';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { boardOf, boardsByFamily, playOf } from '../boards.ts';

/**
 * The game and play type shown, from the page's gameCode and playType query. The query is kept only
 * when both are there (one alone is removed); otherwise the first game and its first play type show.
 */
export function useGameChoice(list: readonly LotteryGame[]) {
  const [params, setParams] = useSearchParams();
  const wantedGame = params.get('gameCode');
  const wantedPlay = params.get('playType');
  const both = Boolean(wantedGame && wantedPlay);
  useEffect(() => {
    if (both || (!params.has('gameCode') && !params.has('playType'))) return;
    const next = new URLSearchParams(params);
    next.delete('gameCode');
    next.delete('playType');
    setParams(next, { replace: true });
  }, [both, params, setParams]);

  const game = (both ? list.find((g) => g.code === wantedGame) : undefined) ?? list[0];
  const family = game?.family ?? '';
  const boards = boardsByFamily[family] ?? [];
  const playType = (both && game && boardOf(family, wantedPlay ?? '') ? wantedPlay : boards[0]?.[0]) ?? '';
  const board = boardOf(family, playType);
  const play = playType ? playOf(playType) : undefined;
  const choose = (code: string, type: string) => setParams({ gameCode: code, playType: type }, { replace: false });
  return { wantedGame, game, family, boards, playType, board, play, choose };
}
