import { describe, expect, it } from 'vitest';
import { playTypes } from './games.ts';
import { betPrice, expectedReturn, houseEdge, houseEdgeTable, officialPrize, prizeModes, seededPrizeModes } from './odds.ts';
import { pk10Plays } from './pk10.ts';
import { formatRatio, ratio, ratioEquals } from './ratio.ts';
import { sscPlays } from './ssc.ts';
import { x11x5Plays } from './x11x5.ts';

const at1800 = { ...seededPrizeModes.SEA, prizeGroups: { SSC: 1800, '11X5': 1800, PK10: 1800 } };
const prize = (play: (typeof playTypes)[number]) => formatRatio(betPrice(play, 'PLAIN', at1800).prize, 2);

describe('prize groups', () => {
  it('reproduces the published @1800 prizes of a 2-unit 注', () => {
    expect(prize(sscPlays.SSC_5_DIRECT)).toBe('180000.00');
    expect(prize(sscPlays.SSC_3_DIRECT_MIDDLE)).toBe('1800.00');
    expect(prize(sscPlays.SSC_3_GROUP3_FRONT)).toBe('600.00');
    expect(prize(sscPlays.SSC_3_GROUP6_FRONT)).toBe('300.00');
    expect(prize(sscPlays.SSC_2_DIRECT_BACK)).toBe('180.00');
    expect(prize(sscPlays.SSC_2_GROUP_BACK)).toBe('90.00');
    expect(prize(sscPlays.SSC_ANY_POSITION)).toBe('18.00');
    expect(prize(x11x5Plays['11X5_ANY_2'])).toBe('9.90');
    expect(prize(x11x5Plays['11X5_ANY_3'])).toBe('29.70');
    expect(prize(x11x5Plays['11X5_FRONT2_DIRECT'])).toBe('198.00');
    expect(prize(x11x5Plays['11X5_FRONT2_GROUP'])).toBe('99.00');
    expect(prize(x11x5Plays['11X5_FRONT3_DIRECT'])).toBe('1782.00');
    expect(prize(x11x5Plays['11X5_FRONT3_GROUP'])).toBe('297.00');
    expect(prize(pk10Plays.PK10_TOP1_DIRECT)).toBe('18.00');
  });

  it('gives 组三 653.33… at 1960 exactly (2/p × G/2000), not a rounded figure', () => {
    expect(ratioEquals(officialPrize(ratio(3, 1000), 1960), ratio(1960, 3))).toBe(true);
  });

  it('returns exactly G/2000 on every official play', () => {
    for (const mode of prizeModes) {
      for (const play of playTypes.filter((p) => p.pricing === 'official')) {
        const group = seededPrizeModes[mode].prizeGroups[play.game] as number;
        expect(ratioEquals(expectedReturn(play, 'PLAIN', mode), ratio(group, 2000)), play.id).toBe(true);
      }
    }
  });
});

describe('seeded prize modes', () => {
  it('price every option of every play in every mode', () => {
    for (const mode of prizeModes)
      for (const play of playTypes) for (const o of play.options) expect(() => betPrice(play, o.key, mode)).not.toThrow();
  });

  it('keep every bet below a fair game: the house edge is positive everywhere', () => {
    for (const mode of prizeModes) for (const play of playTypes) expect(houseEdge(play, mode), `${mode} ${play.id}`).toBeGreaterThan(0);
  });

  it('refuse to price what the configuration lacks', () => {
    const bare = { prizeGroups: {}, creditOdds: {}, vietnamRates: {}, maxPayout: 1 };
    expect(() => betPrice(sscPlays.SSC_5_DIRECT, 'PLAIN', bare)).toThrow(RangeError);
    expect(() => betPrice(pk10Plays.PK10_SUM_TOP2, '11', bare)).toThrow(RangeError);
    expect(() => betPrice(pk10Plays.PK10_SUM_TOP2, '99', 'Lott')).toThrow(RangeError);
  });

  it('prints the house edge of every play and option per mode', () => {
    const rows = houseEdgeTable('Lott');
    const byMode = Object.fromEntries(prizeModes.map((m) => [m, houseEdgeTable(m)]));
    const table = rows.map((row, i) => ({
      play: row.playType,
      name: row.name,
      option: row.option,
      cost: row.cost,
      'prize@Lott': row.prize,
      ...Object.fromEntries(prizeModes.map((m) => [`edge ${m}`, `${((byMode[m]?.[i]?.houseEdge ?? 0) * 100).toFixed(2)}%`])),
    }));
    console.table(table);
    expect(rows.length).toBe(playTypes.reduce((n, p) => n + p.options.length, 0));
  });
});
