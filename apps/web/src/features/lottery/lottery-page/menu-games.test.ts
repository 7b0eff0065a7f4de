import type { LotteryGame } from '@platform/contract';
import { describe, expect, it } from 'vitest';
import { menuGames } from './menu-games.ts';

const now = Date.parse('2026-11-25T10:00:00Z');
const hours = (h: number) => new Date(now + h * 3_600_000).toISOString();

function game(code: string, region: LotteryGame['region'], drawsInHours: number | null): LotteryGame {
  return {
    code,
    family: region ? 'VN' : 'SSC',
    name: code,
    resultSource: 'rng',
    intervalSeconds: region ? null : 60,
    region,
    weekdays: null,
    current:
      drawsInHours === null
        ? null
        : { issue: '1', opensAt: hours(-1), closesAt: hours(drawsInHours), drawAt: hours(drawsInHours), seedHash: null, yearAnimal: null },
    last: null,
  };
}

const none = () => false;

describe('lottery menu games', () => {
  const fast = game('SSC1', null, 0.1);
  const north = game('VN_HN', 'NORTH', 30);
  const today = game('VN_TPHCM', 'SOUTH', 6);
  const later = game('VN_DALAT', 'SOUTH', 50);
  const closed = game('VN_HUE', 'CENTRAL', null);

  it('lists every non-province game and the provinces drawing within a day, and says some were left out', () => {
    const { menu, hiddenProvinces } = menuGames([fast, north, today, later, closed], none, null, now);
    expect(menu.map((g) => g.code)).toEqual(['SSC1', 'VN_HN', 'VN_TPHCM']);
    expect(hiddenProvinces).toBe(true);
  });

  it('lists a later province when it is starred or asked for in the address', () => {
    expect(menuGames([fast, later], (c) => c === 'VN_DALAT', null, now).menu.map((g) => g.code)).toEqual(['VN_DALAT', 'SSC1']);
    expect(menuGames([fast, later], none, 'VN_DALAT', now)).toEqual({ menu: [fast, later], hiddenProvinces: false });
  });

  it('puts starred games first, each group in the menu order', () => {
    const starred = new Set(['VN_TPHCM', 'VN_HN']);
    const { menu } = menuGames([fast, north, today], (c) => starred.has(c), null, now);
    expect(menu.map((g) => g.code)).toEqual(['VN_HN', 'VN_TPHCM', 'SSC1']);
  });
});
