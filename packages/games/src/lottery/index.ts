export type { ResultOf } from './games.ts';
export { drawResult, findPlayType, playTypes, resultFromSeed, validateResult } from './games.ts';
export { drawContextOf, drawYearAnimal, lunarNewYear, lunarYearOf } from './lunar-year.ts';
export type {
  BallColour,
  MarkSixColourSelection,
  MarkSixResult,
  MarkSixSpecialSelection,
  MarkSixTwoSidedSelection,
  MarkSixZodiacSelection,
  ZodiacAnimal,
  ZodiacBase,
} from './mark-six.ts';
export { ballColours, ballColourTable, colourOf, markSixPlays, zodiacAnimals, zodiacOf, zodiacYearAnimal } from './mark-six.ts';
export type { BetPrice, HouseEdgeRow, PrizeMode, PrizeModeConfig, VietnamRate } from './odds.ts';
export {
  betPrice,
  expectedReturn,
  houseEdge,
  houseEdgeTable,
  modeConfig,
  officialPrize,
  prizeModes,
  seededCreditOdds,
  seededPrizeModes,
  seededVietnamRates,
} from './odds.ts';
export type {
  DragonTiger,
  Pk10DragonTigerSelection,
  Pk10PositionsSelection,
  Pk10RankTwoSidedSelection,
  Pk10Result,
  Pk10SumSelection,
  Pk10SumTwoSidedSelection,
} from './pk10.ts';
export { dragonTigerSides, pk10Plays, pk10Sums, pk10SumWays } from './pk10.ts';
export type {
  DrawContext,
  FieldIssue,
  GameCode,
  LotteryMessage,
  PlayOption,
  PlayType,
  PositionsSelection,
  Pricing,
  Tally,
  TwoSided,
} from './play.ts';
export { gameCodes, lotteryMessages, twoSidedAttributes } from './play.ts';
export type { HmacSha256, RandomBytes } from './random.ts';
export { minSeedBytes, randomInt, sampleDistinct, seededBytes } from './random.ts';
export type { Ratio } from './ratio.ts';
export { formatRatio, parseDecimal, ratioToNumber } from './ratio.ts';
export type {
  SscDigitsSelection,
  SscPositionsSelection,
  SscPositionTwoSidedSelection,
  SscResult,
  SscSumTwoSidedSelection,
} from './ssc.ts';
export { sscPlays } from './ssc.ts';
export type { ChaseDoubling, ChasePlan, ChaseStep, Settlement, Stake } from './stake.ts';
export {
  chaseCancellations,
  chasePlan,
  defaultMaxMultiple,
  maxTicketPayout,
  numberExposure,
  orderAmount,
  payout,
  settle,
  stakeUnits,
  validateStake,
} from './stake.ts';
export type { VietnamDigitsSelection, VietnamNumbersSelection, VietnamPrize, VietnamRegion, VietnamResult } from './vietnam.ts';
export {
  vietnamLayouts,
  vietnamNumberCount,
  vietnamPlays,
  vietnamPrizes,
  vietnamRegions,
  vietnamTails,
  xienHitRate,
} from './vietnam.ts';
export type { X11x5NumbersSelection, X11x5Result } from './x11x5.ts';
export { x11x5Plays } from './x11x5.ts';
