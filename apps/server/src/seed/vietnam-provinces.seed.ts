import type { lotteryGames } from '../modules/lottery/lottery.tables.ts';

type Row = typeof lotteryGames.$inferInsert;

/** Province lottery names by game code suffix; they stay in Vietnamese in every language. */
const vietnamProvinces: Record<string, string> = {
  HCM: 'TP.HCM',
  DT: 'Đồng Tháp',
  CM: 'Cà Mau',
  BTR: 'Bến Tre',
  VT: 'Vũng Tàu',
  BL: 'Bạc Liêu',
  DN: 'Đồng Nai',
  CT: 'Cần Thơ',
  ST: 'Sóc Trăng',
  TN: 'Tây Ninh',
  AG: 'An Giang',
  BTH: 'Bình Thuận',
  VL: 'Vĩnh Long',
  BD: 'Bình Dương',
  TV: 'Trà Vinh',
  LA: 'Long An',
  BP: 'Bình Phước',
  HG: 'Hậu Giang',
  TG: 'Tiền Giang',
  KG: 'Kiên Giang',
  DL: 'Đà Lạt',
  PY: 'Phú Yên',
  TTH: 'Huế',
  DLK: 'Đắk Lắk',
  QNM: 'Quảng Nam',
  DNG: 'Đà Nẵng',
  KH: 'Khánh Hòa',
  BDI: 'Bình Định',
  QT: 'Quảng Trị',
  QB: 'Quảng Bình',
  GL: 'Gia Lai',
  NT: 'Ninh Thuận',
  QNG: 'Quảng Ngãi',
  DNO: 'Đắk Nông',
  KT: 'Kon Tum',
};

/**
 * Which provinces draw on which local weekday (Monday first, as the domain reference lists them), and
 * when (Hanoi time). The code prefix names the region (XSMN: Miền Nam, XSMT: Miền Trung; decision 8).
 * The provincial mergers of 2025 may have changed this table: it is data, so a correction is an edit
 * here (or of the games' schedules in the database), not code. Huế is also reported on Sundays; we
 * follow the reference, which lists it on Mondays only.
 */
export const vietnamWeek = {
  SOUTH: {
    prefix: 'XSMN',
    time: '16:15',
    days: [
      ['HCM', 'DT', 'CM'],
      ['BTR', 'VT', 'BL'],
      ['DN', 'CT', 'ST'],
      ['TN', 'AG', 'BTH'],
      ['VL', 'BD', 'TV'],
      ['HCM', 'LA', 'BP', 'HG'],
      ['TG', 'KG', 'DL'],
    ],
  },
  CENTRAL: {
    prefix: 'XSMT',
    time: '17:15',
    days: [
      ['PY', 'TTH'],
      ['DLK', 'QNM'],
      ['DNG', 'KH'],
      ['BDI', 'QT', 'QB'],
      ['GL', 'NT'],
      ['DNG', 'QNG', 'DNO'],
      ['KH', 'KT'],
    ],
  },
} as const;

/**
 * One game per province of the South and the Central regions: the southern rules (18 numbers, family
 * VN_SOUTH, so its play types), results entered by an operator and confirmed by a second one, drawn
 * on its weekdays.
 */
export const vietnamProvinceGames: Row[] = Object.values(vietnamWeek).flatMap(({ prefix, time, days }) => {
  const weekdaysOf = new Map<string, number[]>();
  days.forEach((provinces, i) => {
    // Monday first here; schedules count from Sunday (0).
    for (const p of provinces) weekdaysOf.set(p, [...(weekdaysOf.get(p) ?? []), (i + 1) % 7]);
  });
  return [...weekdaysOf].map(([province, weekdays]) => ({
    code: `${prefix}_${province}`,
    family: 'VN_SOUTH',
    name: { EN: vietnamProvinces[province] ?? province },
    schedule: { kind: 'weekly' as const, days: weekdays, time, utcOffsetMinutes: 420 },
    // As the northern draw: betting closes 15 minutes before the live draw starts.
    closeSeconds: 900,
    resultSource: 'official',
  }));
});
