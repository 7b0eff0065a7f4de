/**
 * The games side by side: result checks and draws by game code, commit–reveal draws from a server seed,
 * and the list of every play type.
 */
import { drawMarkSix, type MarkSixResult, markSixPlays, validateMarkSixResult } from './mark-six.ts';
import { drawPk10, type Pk10Result, pk10Plays, validatePk10Result } from './pk10.ts';
import type { FieldIssue, GameCode, PlayType } from './play.ts';
import { type HmacSha256, type RandomBytes, seededBytes } from './random.ts';
import { drawSsc, type SscResult, sscPlays, validateSscResult } from './ssc.ts';
import { drawVietnam, type VietnamResult, validateVietnamResult, vietnamPlays } from './vietnam.ts';
import { drawX11x5, validateX11x5Result, type X11x5Result, x11x5Plays } from './x11x5.ts';

/** The result type of each game. */
export interface ResultOf {
  SSC: SscResult;
  '11X5': X11x5Result;
  PK10: Pk10Result;
  LHC: MarkSixResult;
  VN_NORTH: VietnamResult;
  VN_SOUTH: VietnamResult;
}

const games: { [G in GameCode]: { validate(result: unknown): FieldIssue | null; draw(randomBytes: RandomBytes): ResultOf[G] } } = {
  SSC: { validate: validateSscResult, draw: drawSsc },
  '11X5': { validate: validateX11x5Result, draw: drawX11x5 },
  PK10: { validate: validatePk10Result, draw: drawPk10 },
  LHC: { validate: validateMarkSixResult, draw: drawMarkSix },
  VN_NORTH: { validate: (r) => validateVietnamResult('NORTH', r), draw: (rb) => drawVietnam('NORTH', rb) },
  VN_SOUTH: { validate: (r) => validateVietnamResult('SOUTH', r), draw: (rb) => drawVietnam('SOUTH', rb) },
};

/** Checks the shape of a result entered or imported by an operator; null when it is a valid result of the game. */
export function validateResult(game: GameCode, result: unknown): FieldIssue | null {
  return games[game].validate(result);
}

/** Draws a result from a random byte source (pass a CSPRNG: every outcome is exactly equally likely). */
export function drawResult<G extends GameCode>(game: G, randomBytes: RandomBytes): ResultOf[G] {
  return games[game].draw(randomBytes);
}

/**
 * The result a revealed server seed commits to: `drawResult` over the HMAC-SHA256 stream of the seed with
 * the context `${game}|${issue}`, so one seed never yields the same bytes for two games or issues.
 */
export function resultFromSeed<G extends GameCode>(game: G, seedHex: string, hmac: HmacSha256, issue = ''): ResultOf[G] {
  return drawResult(game, seededBytes(seedHex, hmac, `${game}|${issue}`));
}

/** Every play type of every game. */
export const playTypes: readonly PlayType[] = [
  ...Object.values(sscPlays),
  ...Object.values(x11x5Plays),
  ...Object.values(pk10Plays),
  ...Object.values(markSixPlays),
  ...Object.values(vietnamPlays),
];

const byId = new Map(playTypes.map((p) => [p.id, p]));

/** The play type with this id, if any. */
export function findPlayType(id: string): PlayType | undefined {
  return byId.get(id);
}
