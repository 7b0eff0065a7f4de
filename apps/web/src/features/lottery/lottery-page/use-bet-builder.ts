import type { LotteryGame } from '@platform/contract';
import { type DrawContext, orderAmount, type PlayType, type ZodiacAnimal } from '@platform/games/lottery';
import { useMemo, useState } from 'react';
import { type Board, browserRandom, emptyPicks, newRequestId, type Picks, picksOf, prizeMode, selectionOf } from '../boards.ts';
import type { SlipBet } from './BetSlip.tsx';

/** The stake's units in minor units: 1, 0.1 and 0.01 of the currency. */
export const units = [100, 10, 1] as const;
export type Unit = (typeof units)[number];

/**
 * The bet being built on the board: the picks, unit and multiple, and what the package makes of them
 * (selection, 注 count and amount, priced as the server will price it).
 */
export function useBetBuilder(game: LotteryGame | undefined, playType: string, board: Board | undefined, play: PlayType | undefined) {
  // Picks belong to one play type of one game; another play type starts empty.
  const pickKey = `${game?.code}|${playType}`;
  const [picksState, setPicksState] = useState<{ key: string; picks: Picks } | null>(null);
  const picks = board ? (picksState?.key === pickKey ? picksState.picks : emptyPicks(board)) : null;
  const setPicks = (next: Picks) => setPicksState({ key: pickKey, picks: next });
  const [unit, setUnit] = useState<Unit>(100);
  const [multiple, setMultiple] = useState(1);

  // What a selection depends on besides the picks: the Mark Six year animal of the issue taking bets.
  const yearAnimal = game?.current?.yearAnimal;
  const draw = useMemo<DrawContext>(() => (yearAnimal ? { yearAnimal: yearAnimal as ZodiacAnimal } : {}), [yearAnimal]);
  const selection = board && picks ? selectionOf(board, picks, draw) : null;
  const problem = play && selection ? play.validate(selection) : null;
  const betCount = play && selection && !problem ? play.betCount(selection) : 0;
  const amount = play && selection && betCount > 0 ? orderAmount(play, selection, { unit, multiple }, prizeMode) : 0;

  const quickPick = () => {
    if (!play || !board) return;
    if (board.kind === 'zodiac' && !draw.yearAnimal) return;
    setPicks(picksOf(board, play.quickPick(browserRandom, draw) as Record<string, unknown>));
  };
  /** The board's bet for the slip (the board starts again empty), or null while the picks make no bet. */
  const take = (): SlipBet | null => {
    if (!play || !selection || betCount === 0 || !board) return null;
    setPicks(emptyPicks(board));
    return { key: newRequestId(), playType, selection: structuredClone(selection), unit, multiple, betCount, amount };
  };
  return { picks, setPicks, unit, setUnit, multiple, setMultiple, draw, betCount, amount, quickPick, take };
}
