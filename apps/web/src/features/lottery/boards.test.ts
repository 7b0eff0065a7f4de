import { ballColourTable, type DrawContext, zodiacAnimals, zodiacOf } from '@platform/games/lottery';
import { describe, expect, it } from 'vitest';
import { boardsByFamily, browserRandom, emptyPicks, picksOf, playOf, selectionOf, zodiacCells } from './boards.ts';

/** A Mark Six draw in the year of the horse (2026). */
const horseYear: DrawContext = { yearAnimal: 'HORSE' };

describe('lottery boards', () => {
  const all = Object.entries(boardsByFamily).flatMap(([family, boards]) => boards.map(([id, board]) => ({ family, id, board })));

  it('offer only play types of their own game family', () => {
    for (const { family, id } of all) expect(playOf(id).game).toBe(family);
  });

  it('show every quick pick on the board and read it back as the same valid selection', () => {
    for (const { id, board } of all) {
      const play = playOf(id);
      for (let i = 0; i < 20; i++) {
        const pick = play.quickPick(browserRandom, horseYear) as Record<string, unknown>;
        const selection = selectionOf(board, picksOf(board, pick), horseYear);
        expect(play.validate(selection), id).toBeNull();
        expect(play.betCount(selection), id).toBe(play.betCount(pick));
      }
    }
  });

  it('start empty, which no play accepts as a bet', () => {
    for (const { id, board } of all) expect(playOf(id).validate(selectionOf(board, emptyPicks(board), horseYear)), id).not.toBeNull();
  });

  it('turn three digit rows into every three-digit number they make', () => {
    const board = boardsByFamily.VN_NORTH?.find(([id]) => id === 'VN_NORTH_LO3')?.[1];
    if (!board) throw new Error('no lô 3 board');
    expect(selectionOf(board, { rows: [[1], [2, 3], [0, 9]], choices: [], at: 0 })).toEqual({ numbers: [120, 129, 130, 139] });
  });
});

describe('the Mark Six zodiac board', () => {
  const board = boardsByFamily.LHC?.find(([id]) => id === 'LHC_SPECIAL_ZODIAC')?.[1];
  if (!board) throw new Error('no zodiac board');

  it('deals the 49 numbers to the twelve animals: five to the year animal, four to each other', () => {
    for (const yearAnimal of zodiacAnimals) {
      const cells = zodiacCells(yearAnimal);
      expect(cells.map((c) => c.animal)).toEqual([...zodiacAnimals]);
      expect(cells.flatMap((c) => c.numbers).sort((a, b) => a - b)).toEqual(Array.from({ length: 49 }, (_, i) => i + 1));
      for (const cell of cells) {
        expect(cell.numbers.every((n) => zodiacOf(n, yearAnimal) === cell.animal)).toBe(true);
        expect(cell.option).toBe(cell.animal === yearAnimal ? 'FIVE' : 'FOUR');
        expect(cell.numbers).toHaveLength(cell.animal === yearAnimal ? 5 : 4);
      }
    }
  });

  it('shows the year of the horse as published: horse 01 13 25 37 49, snake 02 14 26 38, goat 12 24 36 48', () => {
    const cells = new Map(zodiacCells('HORSE').map((c) => [c.animal, c.numbers]));
    expect(cells.get('HORSE')).toEqual([1, 13, 25, 37, 49]);
    expect(cells.get('SNAKE')).toEqual([2, 14, 26, 38]);
    expect(cells.get('GOAT')).toEqual([12, 24, 36, 48]);
    // Every number has its Mark Six colour on the board.
    const colours = Object.values(ballColourTable).flat();
    expect([...cells.values()].flat().every((n) => colours.includes(n))).toBe(true);
  });

  it('names the draw year in the selection, and is no bet without it', () => {
    const picks = { ...emptyPicks(board), choices: ['RAT', 'HORSE'] };
    const selection = selectionOf(board, picks, horseYear);
    expect(selection).toEqual({ yearAnimal: 'HORSE', animals: ['RAT', 'HORSE'] });
    const play = playOf('LHC_SPECIAL_ZODIAC');
    expect(play.validate(selection)).toBeNull();
    expect(play.betCount(selection)).toBe(2);
    expect(play.validate(selectionOf(board, picks))).not.toBeNull();
    expect(picksOf(board, selection).choices).toEqual(['RAT', 'HORSE']);
  });
});
