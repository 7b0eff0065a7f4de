/**
 * Prices per prize mode. The spec names the modes (Lott, ZY, Elott, SEA) but not their prices, so every
 * number here is seeded data a merchant can replace: prize groups for official plays, decimal odds for
 * credit plays, per-point price and pay for Vietnamese plays, and the ticket payout cap.
 */
import { playTypes } from './games.ts';
import type { GameCode, PlayType } from './play.ts';
import { addRatio, divRatio, formatRatio, mulRatio, parseDecimal, type Ratio, ratio, ratioToNumber, subRatio } from './ratio.ts';

export const prizeModes = ['Lott', 'ZY', 'Elott', 'SEA'] as const;
export type PrizeMode = (typeof prizeModes)[number];

/** A Vietnamese play's price: `price` units buy one point (注), each hit pays `pay` units. */
export interface VietnamRate {
  /** Whole units one point costs (e.g. 23 for North lô: one point covers 27 prize numbers at a discount). */
  price: number;
  /** Units paid per hit, as a decimal string. */
  pay: string;
}

/** Everything that prices bets in one prize mode. */
export interface PrizeModeConfig {
  /** Prize group G per game for official plays: the prize of a 2-unit 注 whose chance is 1/1000. */
  prizeGroups: Readonly<Partial<Record<GameCode, number>>>;
  /** Decimal odds, stake included, by credit play id then option. */
  creditOdds: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** Per-point rates by Vietnamese play id. */
  vietnamRates: Readonly<Record<string, VietnamRate>>;
  /** Most a single ticket pays, in minor units of the merchant's currency. */
  maxPayout: number;
}

const twoSided = (odds: string) => ({ BIG: odds, SMALL: odds, ODD: odds, EVEN: odds });

/**
 * Seeded credit odds. 50/50 bets at 1.98 (common); PK10 冠亚和 below the fair 45/22.5/15/11.25/9 and
 * 2.25/1.8; Mark Six 特码 42.55 as one platform shows it, 生肖 and 波色 about 5% under fair (9.8, 12.25; 2.88, 3.06).
 */
export const seededCreditOdds: PrizeModeConfig['creditOdds'] = {
  SSC_POSITION_TWO_SIDED: twoSided('1.98'),
  SSC_SUM_TWO_SIDED: twoSided('1.98'),
  PK10_DRAGON_TIGER: { DRAGON: '1.98', TIGER: '1.98' },
  PK10_RANK_TWO_SIDED: twoSided('1.98'),
  PK10_SUM_TOP2_TWO_SIDED: { BIG: '2.2', SMALL: '1.78', ODD: '1.78', EVEN: '2.2' },
  PK10_SUM_TOP2: {
    '3': '43',
    '4': '43',
    '5': '21.5',
    '6': '21.5',
    '7': '14.5',
    '8': '14.5',
    '9': '10.8',
    '10': '10.8',
    '11': '8.6',
    '12': '10.8',
    '13': '10.8',
    '14': '14.5',
    '15': '14.5',
    '16': '21.5',
    '17': '21.5',
    '18': '43',
    '19': '43',
  },
  LHC_SPECIAL: { PLAIN: '42.55' },
  LHC_SPECIAL_TWO_SIDED: twoSided('1.97'),
  LHC_SPECIAL_ZODIAC: { FIVE: '9.3', FOUR: '11.6' },
  LHC_SPECIAL_COLOUR: { RED: '2.75', BLUE: '2.9', GREEN: '2.9' },
};

/**
 * Seeded Vietnamese rates, from rates seen in the market where there are any: North lô 23 a point paying 80
 * a hit; South bao lô (price = 18 prize numbers) paying 75; lô 3 số bao at 1:650; đề 1 ăn 99 (online);
 * 3 càng 1 ăn 900; North xiên 15/40/100. Đầu/đuôi 9.5 and South xiên are our own, unconfirmed.
 */
export const seededVietnamRates: PrizeModeConfig['vietnamRates'] = {
  VN_NORTH_LO2: { price: 23, pay: '80' },
  VN_NORTH_LO3: { price: 23, pay: '650' },
  VN_NORTH_DE: { price: 1, pay: '99' },
  VN_NORTH_CANG3: { price: 1, pay: '900' },
  VN_NORTH_HEAD: { price: 1, pay: '9.5' },
  VN_NORTH_TAIL: { price: 1, pay: '9.5' },
  VN_NORTH_XIEN2: { price: 1, pay: '15' },
  VN_NORTH_XIEN3: { price: 1, pay: '40' },
  VN_NORTH_XIEN4: { price: 1, pay: '100' },
  VN_SOUTH_LO2: { price: 18, pay: '75' },
  VN_SOUTH_LO3: { price: 17, pay: '650' },
  VN_SOUTH_DE: { price: 1, pay: '99' },
  VN_SOUTH_CANG3: { price: 1, pay: '900' },
  VN_SOUTH_HEAD: { price: 1, pay: '9.5' },
  VN_SOUTH_TAIL: { price: 1, pay: '9.5' },
  VN_SOUTH_XIEN2: { price: 1, pay: '30' },
  VN_SOUTH_XIEN3: { price: 1, pay: '110' },
  VN_SOUTH_XIEN4: { price: 1, pay: '400' },
};

const sameGroup = (g: number) => ({ SSC: g, '11X5': g, PK10: g });
const seededCap = 100_000_000;

/** Seeded configuration of each prize mode (they differ only in prize group until real price lists exist). */
export const seededPrizeModes: Readonly<Record<PrizeMode, PrizeModeConfig>> = {
  Lott: { prizeGroups: sameGroup(1960), creditOdds: seededCreditOdds, vietnamRates: seededVietnamRates, maxPayout: seededCap },
  ZY: { prizeGroups: sameGroup(1950), creditOdds: seededCreditOdds, vietnamRates: seededVietnamRates, maxPayout: seededCap },
  Elott: { prizeGroups: sameGroup(1900), creditOdds: seededCreditOdds, vietnamRates: seededVietnamRates, maxPayout: seededCap },
  SEA: { prizeGroups: sameGroup(1800), creditOdds: seededCreditOdds, vietnamRates: seededVietnamRates, maxPayout: seededCap },
};

/** The configuration of a mode given by name (seeded) or in full (merchant's own). */
export function modeConfig(mode: PrizeMode | PrizeModeConfig): PrizeModeConfig {
  return typeof mode === 'string' ? seededPrizeModes[mode] : mode;
}

/** Cost and prize of one 注 at unit 1 and multiple 1, in units; the prize is what a win credits, stake included. */
export interface BetPrice {
  cost: number;
  prize: Ratio;
}

/** Official prize of a 2-unit 注 with hit rate p under prize group G: (2 / p) × (G / 2000). */
export function officialPrize(hitRate: Ratio, prizeGroup: number): Ratio {
  return divRatio(ratio(prizeGroup, 1000), hitRate);
}

/** Price of one 注 of `option` of a play in a mode; throws when the mode has no price for it. */
export function betPrice(play: PlayType, option: string, mode: PrizeMode | PrizeModeConfig): BetPrice {
  const config = modeConfig(mode);
  const hitRate = play.options.find((o) => o.key === option)?.hitRate;
  if (!hitRate) throw new RangeError(`${play.id} has no option ${option}`);
  switch (play.pricing) {
    case 'official': {
      const group = config.prizeGroups[play.game];
      if (group === undefined) throw new RangeError(`no prize group for ${play.game}`);
      return { cost: 2, prize: officialPrize(hitRate, group) };
    }
    case 'credit': {
      const odds = config.creditOdds[play.id]?.[option];
      if (odds === undefined) throw new RangeError(`no odds for ${play.id} ${option}`);
      return { cost: 1, prize: parseDecimal(odds) };
    }
    case 'vietnam': {
      const rate = config.vietnamRates[play.id];
      if (!rate || !Number.isSafeInteger(rate.price) || rate.price < 1) throw new RangeError(`no rate for ${play.id}`);
      return { cost: rate.price, prize: parseDecimal(rate.pay) };
    }
  }
}

/** Expected credit of one 注 of `option` per unit staked, exactly: (hit rate × prize + push rate × cost) / cost. */
export function expectedReturn(play: PlayType, option: string, mode: PrizeMode | PrizeModeConfig): Ratio {
  const { cost, prize } = betPrice(play, option, mode);
  const o = play.options.find((x) => x.key === option);
  if (!o) throw new RangeError(`${play.id} has no option ${option}`);
  return divRatio(addRatio(mulRatio(o.hitRate, prize), mulRatio(o.pushRate, ratio(cost))), ratio(cost));
}

/** House edge of a 1-注 bet (1 − expected return), the smallest over the play's options: the house's worst case. */
export function houseEdge(play: PlayType, mode: PrizeMode | PrizeModeConfig): number {
  return Math.min(...play.options.map((o) => ratioToNumber(subRatio(ratio(1), expectedReturn(play, o.key, mode)))));
}

/** One line of the house-edge report. */
export interface HouseEdgeRow {
  playType: string;
  name: string;
  option: string;
  /** Prize of one 注 in units (cost 2 official, 1 credit, the point price Vietnamese), to 4 decimals. */
  prize: number;
  cost: number;
  /** Expected credit per unit staked. */
  returnRate: number;
  houseEdge: number;
}

/** The house edge of every option of every given play in a mode, exact until the final conversion to number. */
export function houseEdgeTable(mode: PrizeMode | PrizeModeConfig, plays: readonly PlayType[] = playTypes): HouseEdgeRow[] {
  return plays.flatMap((play) =>
    play.options.map((o) => {
      const { cost, prize } = betPrice(play, o.key, mode);
      const returnRate = ratioToNumber(expectedReturn(play, o.key, mode));
      return {
        playType: play.id,
        name: play.name,
        option: o.key,
        prize: Number(formatRatio(prize, 4)),
        cost,
        returnRate,
        houseEdge: 1 - returnRate,
      };
    }),
  );
}
