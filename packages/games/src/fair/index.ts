export type { CrashBet, CrashResult } from './crash.ts';
export {
  CRASH_GROWTH_PER_MS,
  CRASH_MAX_POINT,
  CRASH_MIN_CASH_OUT,
  crashCashOut,
  crashMultiplierAt,
  crashPoint,
  crashPointFrom,
  crashReachProbability,
  crashRtp,
  crashTimeToReach,
  playCrash,
  verifyCrash,
} from './crash.ts';
export type { DiceBet, DiceDirection, DiceResult } from './dice.ts';
export {
  assertDiceBet,
  DICE_HOUSE_EDGE_BP,
  DICE_MAX_WINNING_ROLLS,
  DICE_MIN_WINNING_ROLLS,
  diceMultiplierBp,
  diceRtp,
  diceWinningRolls,
  diceWins,
  playDice,
  rollDice,
  verifyDice,
} from './dice.ts';
export type { EnvelopeTerms } from './envelopes.ts';
export { assertEnvelopeTerms, ENVELOPES_MAX, envelopeAmounts, envelopeWeight } from './envelopes.ts';
export type { Fraction } from './fraction.ts';
export { addFractions, divFractions, fraction, mulFractions, sameFraction } from './fraction.ts';
export type { MinesBet, MinesResult } from './mines.ts';
export {
  MINES_CELLS,
  MINES_HOUSE_EDGE_BP,
  minesLayout,
  minesLayoutFrom,
  minesMultiplierBp,
  minesRtp,
  playMines,
  verifyMines,
} from './mines.ts';
export { assertStake, divFloor, ONE_X_BP, payoutOf } from './payout.ts';
export type { PlinkoBet, PlinkoResult, PlinkoRisk } from './plinko.ts';
export {
  PLINKO_MAX_ROWS,
  PLINKO_MIN_ROWS,
  PLINKO_RTP_BAND,
  playPlinko,
  plinkoPathFrom,
  plinkoRisks,
  plinkoRtp,
  plinkoSlotWeights,
  plinkoTable,
  verifyPlinko,
} from './plinko.ts';
export type { PublicSeedPair, RevealedSeedPair, RoundSeeds, SeedPair } from './seeds.ts';
export {
  assertRoundSeeds,
  createSeedPair,
  hashServerSeed,
  isClientSeed,
  isServerSeed,
  publicSeedPair,
  rotateSeedPair,
  serverSeedMatchesHash,
  takeNonce,
  toHex,
} from './seeds.ts';
export { HmacSha256, sha256 } from './sha256.ts';
export type { BlockSource } from './stream.ts';
export { blockMessage, FairStream, fairStream, fastBlockSource, fastFairStream, hmacBlockSource, outcomeBytes } from './stream.ts';
