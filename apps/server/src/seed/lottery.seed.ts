import type { lotteryGames } from '../modules/lottery/lottery.tables.ts';
import { vietnamProvinceGames } from './vietnam-provinces.seed.ts';

type Row = typeof lotteryGames.$inferInsert;

/**
 * The demo lottery: fast games drawn by our CSPRNG every 1 to 5 minutes (Vietnam time numbering),
 * Mark Six three evenings a week... kept daily here for the demo, the Vietnamese northern draw at its
 * real time (18:15 in Hanoi) and the southern and central provinces on their weekdays, whose results
 * an operator enters.
 */
export const demoLotteryGames: Row[] = [
  {
    code: 'SSC1',
    family: 'SSC',
    name: { EN: 'SSC 1 minute', PT: 'SSC 1 minuto', FR: 'SSC 1 minute' },
    schedule: { kind: 'interval', seconds: 60, utcOffsetMinutes: 420 },
    closeSeconds: 10,
    resultSource: 'rng',
    sort: 0,
  },
  {
    code: 'SSC3',
    family: 'SSC',
    name: { EN: 'SSC 3 minutes', PT: 'SSC 3 minutos', FR: 'SSC 3 minutes' },
    schedule: { kind: 'interval', seconds: 180, utcOffsetMinutes: 420 },
    closeSeconds: 15,
    resultSource: 'rng',
    sort: 1,
  },
  {
    code: 'SSC',
    family: 'SSC',
    name: { EN: 'Lucky SSC', PT: 'SSC da Sorte', FR: 'SSC Chance' },
    schedule: { kind: 'interval', seconds: 300, utcOffsetMinutes: 420 },
    closeSeconds: 30,
    resultSource: 'rng',
    sort: 2,
  },
  {
    code: '11X5',
    family: '11X5',
    name: { EN: '11 Choose 5' },
    schedule: { kind: 'interval', seconds: 180, utcOffsetMinutes: 420 },
    closeSeconds: 15,
    resultSource: 'rng',
    sort: 3,
  },
  {
    code: 'PK10F',
    family: 'PK10',
    name: { EN: 'Fast PK10', PT: 'PK10 Rápido', FR: 'PK10 Rapide' },
    schedule: { kind: 'interval', seconds: 60, utcOffsetMinutes: 420 },
    closeSeconds: 10,
    resultSource: 'rng',
    sort: 4,
  },
  {
    code: 'PK10',
    family: 'PK10',
    name: { EN: 'PK10 Racing' },
    schedule: { kind: 'interval', seconds: 300, utcOffsetMinutes: 420 },
    closeSeconds: 30,
    resultSource: 'rng',
    sort: 5,
  },
  {
    code: 'LHC',
    family: 'LHC',
    name: { EN: 'Mark Six' },
    schedule: { kind: 'daily', times: ['21:30'], utcOffsetMinutes: 480 },
    closeSeconds: 900,
    resultSource: 'rng',
    sort: 6,
  },
  {
    code: 'VN_NORTH',
    family: 'VN_NORTH',
    name: { EN: 'Vietnam North', PT: 'Vietnã Norte', FR: 'Vietnam Nord' },
    schedule: { kind: 'daily', times: ['18:15'], utcOffsetMinutes: 420 },
    closeSeconds: 900,
    resultSource: 'official',
    sort: 7,
  },
  ...vietnamProvinceGames.map((g, i) => ({ ...g, sort: 8 + i })),
];

/** Liability caps of the demo merchants (minor units of their currency): R$ 50,000 on a number and R$ 1,000,000 on an issue; 20,000,000 and 500,000,000 F CFA (whole francs). */
export const demoLotteryCaps: Record<string, { numberCap: number; drawCap: number }> = {
  BRAZIL: { numberCap: 5_000_000, drawCap: 100_000_000 },
  UEMOA: { numberCap: 20_000_000, drawCap: 500_000_000 },
};
