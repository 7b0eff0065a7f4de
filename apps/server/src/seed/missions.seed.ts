import type { NewMissionBody } from '@platform/contract';
import type { Merchant } from '../modules/merchants/merchants.service.ts';
import { anyMission } from '../modules/missions/missions.repository.ts';
import { createMission, setCheckinRules } from '../modules/missions/missions.service.ts';
import type { Db } from '../platform/db.ts';

type Mission = Omit<NewMissionBody, 'merchant'>;

/** Three rounds of the site's own games (the demo player's lobby): done by playing a slot three times. */
const playThree = (points: number): Mission => ({
  title: {
    EN: 'Play 3 rounds of our games today',
    PT: 'Jogue 3 rodadas dos nossos jogos hoje',
    FR: 'Jouez 3 parties de nos jeux aujourd’hui',
    CN: '今天玩 3 局自营游戏',
    VI: 'Chơi 3 ván trò chơi của chúng tôi hôm nay',
    ID: 'Mainkan 3 ronde game kami hari ini',
  },
  period: 'day',
  kind: 'bet_count',
  category: 'RNG',
  target: 3,
  reward: { kind: 'points', amount: points, multiple: 0 },
  enabled: true,
  sort: 1,
});

/** The demo merchants' missions (minor units) and check-in tables: the check-in figures of the domain notes (0.5, 0.5, 1, 1.5, 1.5, 2, 2; a full week +9). */
const demo: Record<string, { missions: Mission[]; checkinUnit: number; minDeposit: number }> = {
  BRAZIL: {
    missions: [
      playThree(50),
      {
        title: {
          EN: 'Bet R$ 20 today',
          PT: 'Aposte R$ 20 hoje',
          FR: 'Misez 20 R$ aujourd’hui',
          CN: '今天投注 R$ 20',
          VI: 'Cược R$ 20 hôm nay',
          ID: 'Taruhan R$ 20 hari ini',
        },
        period: 'day',
        kind: 'valid_bet',
        category: null,
        target: 2_000,
        reward: { kind: 'bonus', amount: 200, multiple: 1 },
        enabled: true,
        sort: 2,
      },
      {
        title: {
          EN: 'Place 30 bets this week',
          PT: 'Faça 30 apostas nesta semana',
          FR: 'Placez 30 paris cette semaine',
          CN: '本周投注 30 次',
          VI: 'Đặt 30 cược trong tuần này',
          ID: 'Pasang 30 taruhan minggu ini',
        },
        period: 'week',
        kind: 'bet_count',
        category: null,
        target: 30,
        reward: { kind: 'points', amount: 300, multiple: 0 },
        enabled: true,
        sort: 3,
      },
    ],
    checkinUnit: 100,
    minDeposit: 0,
  },
  UEMOA: {
    missions: [
      playThree(50),
      {
        title: {
          EN: 'Deposit 5,000 F CFA today',
          PT: 'Deposite 5.000 F CFA hoje',
          FR: 'Déposez 5 000 F CFA aujourd’hui',
          CN: '今天充值 5,000 F CFA',
          VI: 'Nạp 5.000 F CFA hôm nay',
          ID: 'Deposit 5.000 F CFA hari ini',
        },
        period: 'day',
        kind: 'deposit',
        category: null,
        target: 5_000,
        reward: { kind: 'points', amount: 20, multiple: 0 },
        enabled: true,
        sort: 2,
      },
    ],
    checkinUnit: 100,
    minDeposit: 1_000,
  },
};

/** Seeds a demo merchant's missions and check-in rules through the reward centre's services, only when it has no mission yet. */
export async function seedMissions(db: Db, merchant: Merchant): Promise<void> {
  const d = demo[merchant.code];
  if (!d || (await anyMission(db, merchant.id))) return;
  for (const m of d.missions) await createMission(db, merchant, m);
  const half = d.checkinUnit / 2;
  await setCheckinRules(db, merchant.id, {
    enabled: true,
    days: [half, half, d.checkinUnit, 3 * half, 3 * half, 2 * d.checkinUnit, 2 * d.checkinUnit].map((amount) => ({
      kind: 'bonus' as const,
      amount,
      multiple: 1,
    })),
    weekBonus: { kind: 'bonus', amount: 9 * d.checkinUnit, multiple: 1 },
    minDeposit: d.minDeposit,
  });
}
