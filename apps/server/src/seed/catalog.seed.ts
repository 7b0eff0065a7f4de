import type { NewGameRow } from '../modules/catalog/catalog.repository.ts';
import type { LocalText } from '../modules/content/content.tables.ts';
import { vietnamProvinceGames } from './vietnam-provinces.seed.ts';

type G = {
  vendor: string;
  type: string;
  code: string;
  name: LocalText;
  classify: string;
  /** Smallest stake, in minor units. */
  minBet: number;
  lines?: number;
  hot?: boolean;
  playType?: string;
  isGame?: 'GAME' | 'VASSALAGE';
  /** The tile, when not the game's own (/img/games/<vendor>-<code>.svg). */
  image?: string;
};

const same = (name: string): LocalText => ({ EN: name });

/**
 * The demo catalog. Our own titles (in-house slots and provably fair games, the lottery games) can
 * launch; the third-party vendors' games are listed as a real operator's catalog would list them and
 * stay marked as needing that vendor's contract.
 */
const catalog: G[] = [
  // In-house: three video slots of one engine, and the provably fair originals.
  { vendor: 'INHOUSE', type: 'RNG', code: 'jungle-gems', name: same('Jungle Gems'), classify: 'SLOT', minBet: 20, lines: 20, hot: true },
  {
    vendor: 'INHOUSE',
    type: 'RNG',
    code: 'carnival-nights',
    name: { EN: 'Carnival Nights', PT: 'Noites de Carnaval', FR: 'Nuits de Carnaval' },
    classify: 'SLOT',
    minBet: 20,
    lines: 20,
    hot: true,
  },
  {
    vendor: 'INHOUSE',
    type: 'RNG',
    code: 'savanna-sun',
    name: { EN: 'Savanna Sun', PT: 'Sol da Savana', FR: 'Soleil de la Savane' },
    classify: 'SLOT',
    minBet: 20,
    lines: 20,
  },
  { vendor: 'INHOUSE', type: 'RNG', code: 'dice', name: { EN: 'Dice', PT: 'Dados', FR: 'Dés' }, classify: 'INSTANT', minBet: 10 },
  { vendor: 'INHOUSE', type: 'RNG', code: 'crash', name: same('Crash'), classify: 'CRASH', minBet: 10, hot: true },
  { vendor: 'INHOUSE', type: 'RNG', code: 'mines', name: { EN: 'Mines', PT: 'Minas', FR: 'Mines' }, classify: 'INSTANT', minBet: 10 },
  { vendor: 'INHOUSE', type: 'RNG', code: 'plinko', name: same('Plinko'), classify: 'INSTANT', minBet: 10 },
  // Lottery (TCG_SEA) and fast e-lottery (TCG_ELOTT): our own draws.
  {
    vendor: 'TCG_SEA',
    type: 'LOTT',
    code: 'SSC',
    name: { EN: 'Lucky SSC', PT: 'SSC da Sorte', FR: 'SSC Chance' },
    classify: 'LOTTERY',
    minBet: 2,
    playType: 'SSC_5_DIRECT',
    hot: true,
  },
  { vendor: 'TCG_SEA', type: 'LOTT', code: '11X5', name: same('11 Choose 5'), classify: 'LOTTERY', minBet: 2, playType: '11X5_ANY_5' },
  { vendor: 'TCG_SEA', type: 'LOTT', code: 'PK10', name: same('PK10 Racing'), classify: 'LOTTERY', minBet: 2, playType: 'PK10_POSITION' },
  { vendor: 'TCG_SEA', type: 'LOTT', code: 'LHC', name: same('Mark Six'), classify: 'LOTTERY', minBet: 2, playType: 'LHC_SPECIAL' },
  {
    vendor: 'TCG_SEA',
    type: 'LOTT',
    code: 'VN_NORTH',
    name: { EN: 'Vietnam North', PT: 'Vietnã Norte', FR: 'Vietnam Nord' },
    classify: 'LOTTERY',
    minBet: 100,
    playType: 'VN_NORTH_LO2',
  },
  // One per province; a region's provinces share its tile.
  ...vietnamProvinceGames.map(
    (g): G => ({
      vendor: 'TCG_SEA',
      type: 'LOTT',
      code: g.code,
      name: g.name,
      classify: 'LOTTERY',
      minBet: 100,
      playType: 'VN_SOUTH_LO2',
      image: `/img/games/tcg_sea-${g.code.slice(0, 4).toLowerCase()}.svg`,
    }),
  ),
  {
    vendor: 'TCG_ELOTT',
    type: 'ELOTT',
    code: 'SSC1',
    name: { EN: 'SSC 1 minute', PT: 'SSC 1 minuto', FR: 'SSC 1 minute' },
    classify: 'LOTTERY',
    minBet: 2,
    playType: 'SSC_5_DIRECT',
    hot: true,
  },
  {
    vendor: 'TCG_ELOTT',
    type: 'ELOTT',
    code: 'SSC3',
    name: { EN: 'SSC 3 minutes', PT: 'SSC 3 minutos', FR: 'SSC 3 minutes' },
    classify: 'LOTTERY',
    minBet: 2,
    playType: 'SSC_5_DIRECT',
  },
  {
    vendor: 'TCG_ELOTT',
    type: 'ELOTT',
    code: 'PK10F',
    name: { EN: 'Fast PK10', PT: 'PK10 Rápido', FR: 'PK10 Rapide' },
    classify: 'LOTTERY',
    minBet: 2,
    playType: 'PK10_POSITION',
  },
  // Third-party slots (need the vendor's contract).
  ...['Golden Tiger Fortune', 'Dragon Treasure Ways', 'Lucky Koi Pond', 'Mystic Panda', 'Wild Samba', 'Pharaoh Riches'].map(
    (name, i): G => ({
      vendor: 'PG',
      type: 'RNG',
      code: `pg-${i + 1}`,
      name: same(name),
      classify: 'SLOT',
      minBet: 40,
      lines: [20, 243, 25, 30, 40, 10][i] ?? 20,
      hot: i === 0,
    }),
  ),
  ...['Sweet Candy Bonanza', 'Olympus Thunder', 'Big Bass Harbour', 'Wolf Gold Moon', 'Fruit Party Deluxe'].map(
    (name, i): G => ({
      vendor: 'PP',
      type: 'RNG',
      code: `pp-${i + 1}`,
      name: same(name),
      classify: 'SLOT',
      minBet: 20,
      lines: [20, 20, 10, 25, 0][i] ?? 20,
      hot: i < 2,
    }),
  ),
  ...['Super Ace Cards', 'Money Coming', 'Fortune Gems Jili', 'Boxing King'].map(
    (name, i): G => ({
      vendor: 'JILI',
      type: 'RNG',
      code: `jili-${i + 1}`,
      name: same(name),
      classify: 'SLOT',
      minBet: 10,
      lines: [1024, 1, 5, 88][i] ?? 20,
    }),
  ),
  ...['Elvis Frog Vegas', 'Aztec Magic Bonanza', 'Lucky Lady Moon'].map(
    (name, i): G => ({ vendor: 'BGS', type: 'RNG', code: `bgs-${i + 1}`, name: same(name), classify: 'SLOT', minBet: 10, lines: 25 }),
  ),
  // Live casino, sports, e-sports, cockfight, fishing and card games: one lobby card per vendor.
  {
    vendor: 'EVO',
    type: 'LIVE',
    code: 'evo-lobby',
    name: { EN: 'Live Casino Lobby', PT: 'Lobby do Cassino ao Vivo', FR: 'Lobby Casino en Direct' },
    classify: 'LIVE',
    minBet: 100,
    isGame: 'VASSALAGE',
  },
  { vendor: 'EVO', type: 'LIVE', code: 'evo-baccarat', name: same('Speed Baccarat A'), classify: 'LIVE', minBet: 500, hot: true },
  { vendor: 'EVO', type: 'LIVE', code: 'evo-roulette', name: same('Lightning Roulette'), classify: 'LIVE', minBet: 100 },
  { vendor: 'EZUGI', type: 'LIVE', code: 'ezugi-blackjack', name: same('Blackjack VIP'), classify: 'LIVE', minBet: 1000 },
  {
    vendor: 'SABA',
    type: 'SPORTS',
    code: 'saba-sportsbook',
    name: { EN: 'Sportsbook', PT: 'Apostas Esportivas', FR: 'Paris Sportifs' },
    classify: 'SPORTBOOK',
    minBet: 100,
  },
  { vendor: 'IMES', type: 'ESPORTS', code: 'imes-esports', name: same('IM eSports'), classify: 'SPORTBOOK', minBet: 100 },
  { vendor: 'TF', type: 'ESPORTS', code: 'tf-esports', name: same('TF eSports'), classify: 'SPORTBOOK', minBet: 100 },
  { vendor: 'SV388', type: 'COCKFIGHT', code: 'sv388-arena', name: same('SV388 Arena'), classify: 'LIVE', minBet: 500 },
  { vendor: 'JDB', type: 'FISH', code: 'jdb-dragon-fishing', name: same('Dragon Fishing'), classify: 'FISHING', minBet: 10, hot: true },
  { vendor: 'JDB', type: 'FISH', code: 'jdb-ocean-king', name: same('Ocean Catch'), classify: 'FISHING', minBet: 10 },
  { vendor: 'KM', type: 'PVP', code: 'km-teen-patti', name: same('Teen Patti'), classify: 'CARD', minBet: 100 },
  { vendor: 'KM', type: 'PVP', code: 'km-ludo', name: same('Ludo Royale'), classify: 'CARD', minBet: 100 },
];

export const demoGames: NewGameRow[] = catalog.map((g, sort) => ({
  vendorCode: g.vendor,
  gameType: g.type,
  gameCode: g.code,
  name: g.name,
  isGame: g.isGame ?? 'GAME',
  defaultPlayType: g.playType ?? '',
  accountTypeName: g.vendor,
  gameClassify: g.classify,
  minBet: g.minBet,
  lines: g.lines ?? 0,
  hot: g.hot ?? false,
  images: { EN: g.image ?? `/img/games/${g.vendor.toLowerCase()}-${g.code.toLowerCase()}.svg` },
  sort,
}));
