import type { VietnamRegion, VnGameMenuQuery, VnGameMenus } from '@platform/contract';
import type { Db } from '../../platform/db.ts';
import { localText } from '../../platform/http.ts';
import { playableGamesOf } from '../catalog/catalog.service.ts';
import type { Merchant } from '../merchants/merchants.service.ts';
import { LOTTERY_PRIZE_MODE } from './lottery.bets.ts';
import { lotteryGamesOf } from './lottery.service.ts';

/** The regions in the /vnlottery page's order, with their names in the site's languages. */
const vnRegions: readonly { region: VietnamRegion; label: Record<string, string> }[] = [
  {
    region: 'NORTH',
    label: {
      EN: 'North (Miền Bắc)',
      PT: 'Norte (Miền Bắc)',
      FR: 'Nord (Miền Bắc)',
      CN: '北部 (Miền Bắc)',
      VI: 'Miền Bắc',
      ID: 'Utara (Miền Bắc)',
    },
  },
  {
    region: 'CENTRAL',
    label: {
      EN: 'Central (Miền Trung)',
      PT: 'Centro (Miền Trung)',
      FR: 'Centre (Miền Trung)',
      CN: '中部 (Miền Trung)',
      VI: 'Miền Trung',
      ID: 'Tengah (Miền Trung)',
    },
  },
  {
    region: 'SOUTH',
    label: {
      EN: 'South (Miền Nam)',
      PT: 'Sul (Miền Nam)',
      FR: 'Sud (Miền Nam)',
      CN: '南部 (Miền Nam)',
      VI: 'Miền Nam',
      ID: 'Selatan (Miền Nam)',
    },
  },
];
/** The vendor the merchants' catalogs offer the lottery games under. */
const LOTTERY_VENDOR = 'TCG_SEA';

/**
 * The spec's VN lottery menus: the three regions in the page's order, each with the Vietnamese games the
 * merchant offers (its lottery vendor switched on, the game not switched off), the soonest draw first.
 * Bets are priced in the merchant's prize mode (LOTTERY_PRIZE_MODE): asked for another mode, the menu
 * lists the regions without games, since none can be bought in it.
 */
export async function vnGameMenus(db: Db, merchant: Merchant, lang: string, q: VnGameMenuQuery, now = new Date()): Promise<VnGameMenus> {
  const [games, playable] =
    q.prizeMode === LOTTERY_PRIZE_MODE
      ? await Promise.all([lotteryGamesOf(db, lang, now), playableGamesOf(db, merchant, LOTTERY_VENDOR)])
      : [[], []];
  const offered = new Set(playable);
  const vietnamese = games
    .filter((g) => g.region !== null && offered.has(g.code))
    .sort((a, b) => (a.current?.drawAt ?? '~').localeCompare(b.current?.drawAt ?? '~') || a.code.localeCompare(b.code));
  return {
    prizeMode: q.prizeMode,
    device: q.device,
    gameMenus: vnRegions.map(({ region, label }) => ({
      gameGroupCode: region,
      labelName: localText(label, lang, ['EN']),
      games: vietnamese
        .filter((g) => g.region === region)
        .map((g) => ({
          gameCode: g.code,
          labelName: g.name,
          weekdays: g.weekdays,
          issue: g.current?.issue ?? null,
          closesAt: g.current?.closesAt ?? null,
          drawAt: g.current?.drawAt ?? null,
        })),
    })),
  };
}
