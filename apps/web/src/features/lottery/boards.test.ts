import { describe, expect, it } from 'vitest';
import { boardsByFamily, browserRandom, emptyPicks, picksOf, playOf, selectionOf } from './boards.ts';

describe('lottery boards', () => {
  const all = Object.entries(boardsByFamily).flatMap(([family, boards]) => boards.map(([id, board]) => ({ family, id, board })));

  it('offer only play types of their own game family', () => {
    for (const { family, id } of all) expect(playOf(id).game).toBe(family);
  });

  it('show every quick pick on the board and read it back as the same valid selection', () => {
    for (const { id, board } of all) {
      const play = playOf(id);
      for (let i = 0; i < 20; i++) {
        const pick = play.quickPick(browserRandom) as Record<string, unknown>;
        const selection = selectionOf(board, picksOf(board, pick));
        expect(play.validate(selection), id).toBeNull();
        expect(play.betCount(selection), id).toBe(play.betCount(pick));
      }
    }
  });

  it('start empty, which no play accepts as a bet', () => {
    for (const { id, board } of all) expect(playOf(id).validate(selectionOf(board, emptyPicks(board))), id).not.toBeNull();
  });

  it('turn three digit rows into every three-digit number they make', () => {
    const board = boardsByFamily.VN_NORTH?.find(([id]) => id === 'VN_NORTH_LO3')?.[1];
    if (!board) throw new Error('no lô 3 board');
    expect(selectionOf(board, { rows: [[1], [2, 3], [0, 9]], choices: [], at: 0 })).toEqual({ numbers: [120, 129, 130, 139] });
  });
});
