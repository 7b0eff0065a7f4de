/**
 * How each play type is picked on screen: which rows of number buttons or which options, and how the
 * picks become the package's selection (and back, for quick picks). The rules themselves (valid
 * selection, 注 count, price) stay in @platform/games; this file is only the board's layout.
 */
import {
  ballColours,
  betPrice,
  type DrawContext,
  dragonTigerSides,
  findPlayType,
  type PlayType,
  type PrizeMode,
  ratioToNumber,
  twoSidedAttributes,
  type ZodiacAnimal,
  zodiacAnimals,
  zodiacOf,
} from '@platform/games/lottery';

/** Prize mode the server plays every merchant in (decision 0008). */
export const prizeMode: PrizeMode = 'Lott';

/** Row labels: SSC positions 万千百十个, ranks 1st…10th, or no label. */
export type RowLabel = { kind: 'digit-position'; index: number } | { kind: 'rank'; n: number } | { kind: 'none' };

/** Number buttons, one row per position; the selection keeps one list per row. */
interface PositionsBoard {
  kind: 'positions';
  rows: RowLabel[];
  min: number;
  max: number;
}

/** One row of number buttons; the selection is the list under `field`. */
interface NumbersBoard {
  kind: 'numbers';
  field: 'numbers' | 'digits' | 'sums';
  min: number;
  max: number;
  /** Digits shown (zero-padded), 0 = as is. */
  pad: number;
}

/** Three rows of digits (hundreds, tens, units) whose every combination is one three-digit number. */
interface ComposedBoard {
  kind: 'composed';
  digits: number;
}

/** Option buttons (big/small, dragon/tiger, colours), optionally on one chosen position or rank. */
interface OptionsBoard {
  kind: 'options';
  field: 'attributes' | 'sides' | 'colours';
  choices: readonly string[];
  at?: { field: 'position' | 'rank'; values: RowLabel[]; keys: number[] };
}

/** The twelve animals of the Mark Six 生肖, each with its numbers under the draw's year animal. */
interface ZodiacBoard {
  kind: 'zodiac';
}

export type Board = PositionsBoard | NumbersBoard | ComposedBoard | OptionsBoard | ZodiacBoard;

/** What the player has picked on a board. */
export interface Picks {
  rows: number[][];
  choices: string[];
  at: number;
}

const sscPositions = (from: number, to: number): RowLabel[] =>
  Array.from({ length: to - from + 1 }, (_, i) => ({ kind: 'digit-position', index: from + i }));
const ranks = (count: number): RowLabel[] => Array.from({ length: count }, (_, i) => ({ kind: 'rank', n: i + 1 }));
const digits = { min: 0, max: 9 };

/** The Vietnamese boards of a region's rules (VN_NORTH or VN_SOUTH): the same plays, each its own play type id. */
function vietnamBoards(family: 'VN_NORTH' | 'VN_SOUTH'): [string, Board][] {
  const numbers: Board = { kind: 'numbers', field: 'numbers', min: 0, max: 99, pad: 2 };
  const heads: Board = { kind: 'numbers', field: 'digits', ...digits, pad: 0 };
  return [
    [`${family}_LO2`, numbers],
    [`${family}_DE`, numbers],
    [`${family}_LO3`, { kind: 'composed', digits: 3 }],
    [`${family}_CANG3`, { kind: 'composed', digits: 3 }],
    [`${family}_HEAD`, heads],
    [`${family}_TAIL`, heads],
    [`${family}_XIEN2`, numbers],
    [`${family}_XIEN3`, numbers],
    [`${family}_XIEN4`, numbers],
  ];
}

/** The boards by play type id, in the order the play tabs show them per game family. */
export const boardsByFamily: Readonly<Record<string, readonly [string, Board][]>> = {
  SSC: [
    ['SSC_5_DIRECT', { kind: 'positions', rows: sscPositions(0, 4), ...digits }],
    ['SSC_3_DIRECT_FRONT', { kind: 'positions', rows: sscPositions(0, 2), ...digits }],
    ['SSC_3_DIRECT_MIDDLE', { kind: 'positions', rows: sscPositions(1, 3), ...digits }],
    ['SSC_3_DIRECT_BACK', { kind: 'positions', rows: sscPositions(2, 4), ...digits }],
    ['SSC_3_GROUP6_BACK', { kind: 'numbers', field: 'digits', ...digits, pad: 0 }],
    ['SSC_2_DIRECT_FRONT', { kind: 'positions', rows: sscPositions(0, 1), ...digits }],
    ['SSC_2_DIRECT_BACK', { kind: 'positions', rows: sscPositions(3, 4), ...digits }],
    ['SSC_ANY_POSITION', { kind: 'positions', rows: sscPositions(0, 4), ...digits }],
    [
      'SSC_POSITION_TWO_SIDED',
      {
        kind: 'options',
        field: 'attributes',
        choices: twoSidedAttributes,
        at: { field: 'position', values: sscPositions(0, 4), keys: [0, 1, 2, 3, 4] },
      },
    ],
    ['SSC_SUM_TWO_SIDED', { kind: 'options', field: 'attributes', choices: twoSidedAttributes }],
  ],
  '11X5': [
    ['11X5_ANY_1', { kind: 'numbers', field: 'numbers', min: 1, max: 11, pad: 2 }],
    ['11X5_ANY_2', { kind: 'numbers', field: 'numbers', min: 1, max: 11, pad: 2 }],
    ['11X5_ANY_3', { kind: 'numbers', field: 'numbers', min: 1, max: 11, pad: 2 }],
    ['11X5_ANY_4', { kind: 'numbers', field: 'numbers', min: 1, max: 11, pad: 2 }],
    ['11X5_ANY_5', { kind: 'numbers', field: 'numbers', min: 1, max: 11, pad: 2 }],
    ['11X5_FRONT2_DIRECT', { kind: 'positions', rows: ranks(2), min: 1, max: 11 }],
    ['11X5_FRONT3_DIRECT', { kind: 'positions', rows: ranks(3), min: 1, max: 11 }],
    ['11X5_FRONT3_GROUP', { kind: 'numbers', field: 'numbers', min: 1, max: 11, pad: 2 }],
  ],
  PK10: [
    ['PK10_POSITION', { kind: 'positions', rows: ranks(10), min: 1, max: 10 }],
    ['PK10_TOP1_DIRECT', { kind: 'positions', rows: ranks(1), min: 1, max: 10 }],
    ['PK10_TOP2_DIRECT', { kind: 'positions', rows: ranks(2), min: 1, max: 10 }],
    ['PK10_TOP3_DIRECT', { kind: 'positions', rows: ranks(3), min: 1, max: 10 }],
    [
      'PK10_DRAGON_TIGER',
      { kind: 'options', field: 'sides', choices: dragonTigerSides, at: { field: 'rank', values: ranks(5), keys: [1, 2, 3, 4, 5] } },
    ],
    [
      'PK10_RANK_TWO_SIDED',
      {
        kind: 'options',
        field: 'attributes',
        choices: twoSidedAttributes,
        at: { field: 'rank', values: ranks(10), keys: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] },
      },
    ],
    ['PK10_SUM_TOP2_TWO_SIDED', { kind: 'options', field: 'attributes', choices: twoSidedAttributes }],
    ['PK10_SUM_TOP2', { kind: 'numbers', field: 'sums', min: 3, max: 19, pad: 0 }],
  ],
  LHC: [
    ['LHC_SPECIAL', { kind: 'numbers', field: 'numbers', min: 1, max: 49, pad: 2 }],
    ['LHC_SPECIAL_TWO_SIDED', { kind: 'options', field: 'attributes', choices: twoSidedAttributes }],
    ['LHC_SPECIAL_COLOUR', { kind: 'options', field: 'colours', choices: ballColours }],
    ['LHC_SPECIAL_ZODIAC', { kind: 'zodiac' }],
  ],
  VN_NORTH: vietnamBoards('VN_NORTH'),
  // The southern rules, for every province of the South and the Centre.
  VN_SOUTH: vietnamBoards('VN_SOUTH'),
};

/** The board of a play type of a family, if the site offers it. */
export function boardOf(family: string, playType: string): Board | undefined {
  return boardsByFamily[family]?.find(([id]) => id === playType)?.[1];
}

/** Empty picks for a board. */
export function emptyPicks(board: Board): Picks {
  const rows = board.kind === 'positions' ? board.rows.length : board.kind === 'composed' ? board.digits : 1;
  return { rows: Array.from({ length: rows }, () => []), choices: [], at: board.kind === 'options' ? (board.at?.keys[0] ?? 0) : 0 };
}

/** Every combination of the rows' digits as numbers (hundreds first). */
function composed(rows: readonly number[][]): number[] {
  let out = [0];
  for (const row of rows) out = out.flatMap((prefix) => row.map((d) => prefix * 10 + d));
  return rows.every((r) => r.length > 0) ? [...new Set(out)].sort((a, b) => a - b) : [];
}

/** One animal of the zodiac board: its numbers 1–49 and its price option (the year animal owns five). */
export interface ZodiacCell {
  animal: ZodiacAnimal;
  numbers: number[];
  option: 'FIVE' | 'FOUR';
}

/** The animals in the cycle's order (rat first) with their numbers for a draw whose lunar year is `yearAnimal`'s. */
export function zodiacCells(yearAnimal: ZodiacAnimal): ZodiacCell[] {
  const balls = Array.from({ length: 49 }, (_, i) => i + 1);
  return zodiacAnimals.map((animal) => {
    const numbers = balls.filter((n) => zodiacOf(n, yearAnimal) === animal);
    return { animal, numbers, option: numbers.length === 5 ? 'FIVE' : 'FOUR' };
  });
}

/**
 * The package selection of the picks (unchecked: the play type's `validate` decides). Zodiac picks
 * name the draw's year animal from `draw`; without it they are no valid selection.
 */
export function selectionOf(board: Board, picks: Picks, draw: DrawContext = {}): Record<string, unknown> {
  const sorted = (xs: readonly number[]) => [...xs].sort((a, b) => a - b);
  switch (board.kind) {
    case 'positions':
      return { positions: picks.rows.map(sorted) };
    case 'numbers':
      return { [board.field]: sorted(picks.rows[0] ?? []) };
    case 'composed':
      return { numbers: composed(picks.rows) };
    case 'options':
      return board.at ? { [board.at.field]: picks.at, [board.field]: picks.choices } : { [board.field]: picks.choices };
    case 'zodiac':
      return { yearAnimal: draw.yearAnimal, animals: picks.choices };
  }
}

/** The picks that show a selection (a quick pick) on the board. */
export function picksOf(board: Board, selection: Record<string, unknown>): Picks {
  const picks = emptyPicks(board);
  switch (board.kind) {
    case 'positions':
      return { ...picks, rows: (selection.positions as number[][]).map((r) => [...r]) };
    case 'numbers':
      return { ...picks, rows: [[...(selection[board.field] as number[])]] };
    case 'composed': {
      const numbers = selection.numbers as number[];
      return {
        ...picks,
        rows: Array.from({ length: board.digits }, (_, i) => [
          ...new Set(numbers.map((n) => Math.floor(n / 10 ** (board.digits - 1 - i)) % 10)),
        ]),
      };
    }
    case 'options':
      return {
        ...picks,
        choices: [...(selection[board.field] as string[])],
        at: board.at ? (selection[board.at.field] as number) : picks.at,
      };
    case 'zodiac':
      return { ...picks, choices: [...(selection.animals as string[])] };
  }
}

/** Random bytes from the browser's CSPRNG, for the package's quick picks. */
export const browserRandom = (n: number) => crypto.getRandomValues(new Uint8Array(n));

/** What one winning 注 of the play credits per price unit at multiple 1, stake included (the first option's, or each option's). */
export function prizeOf(play: PlayType, option?: string): number {
  return ratioToNumber(betPrice(play, option ?? play.options[0]?.key ?? '', prizeMode).prize);
}

/** Cost of one 注 in price units (2 official, 1 credit, the point price Vietnamese). */
export function costOf(play: PlayType): number {
  return betPrice(play, play.options[0]?.key ?? '', prizeMode).cost;
}

/** The package's play type; boards only list ids the package has. */
export function playOf(id: string): PlayType {
  const play = findPlayType(id);
  if (!play) throw new Error(`unknown play type ${id}`);
  return play;
}

/** A fresh id for a slip (the server places a slip once per id): 128 random bits in hex. */
export function newRequestId(): string {
  return [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('');
}
