import { toMinor } from '@platform/contract';
import { createMember, memberByAccount } from '../modules/members/members.service.ts';
import type { Merchant } from '../modules/merchants/merchants.service.ts';
import { inviteCodeOf, recordReferral, setProgram } from '../modules/referral/referral.service.ts';
import { createLevel, depositsCount } from '../modules/vip/vip.service.ts';
import type { Db } from '../platform/db.ts';
import { demoAccounts } from './members.seed.ts';

// The demo merchants' VIP levels and invite-friends programme (decision 0036), through the services
// (the market rule applies to the seed too: Brazil's levels count valid bets only). Thresholds and
// bonuses in major units, after the domain notes' eight-tier table, scaled to each currency.

const names = [
  { EN: 'Regular', PT: 'Regular', FR: 'Standard', CN: '普通', VI: 'Thường', ID: 'Reguler' },
  { EN: 'Silver', PT: 'Prata', FR: 'Argent', CN: '白银', VI: 'Bạc', ID: 'Perak' },
  { EN: 'Gold', PT: 'Ouro', FR: 'Or', CN: '黄金', VI: 'Vàng', ID: 'Emas' },
  { EN: 'Platinum', PT: 'Platina', FR: 'Platine', CN: '铂金', VI: 'Bạch kim', ID: 'Platinum' },
  { EN: 'Diamond', PT: 'Diamante', FR: 'Diamant', CN: '钻石', VI: 'Kim cương', ID: 'Berlian' },
  { EN: 'Crown', PT: 'Coroa', FR: 'Couronne', CN: '皇冠', VI: 'Vương miện', ID: 'Mahkota' },
];

/** Per merchant: valid bets, deposits, upgrade bonus per rank (major units), wagering multiple; the referral programme. */
const demo: Record<
  string,
  { bets: number[]; deposits: number[]; bonus: number[]; multiple: number; referral: { minDeposit: number; reward: number } }
> = {
  BRAZIL: {
    bets: [0, 1_000, 5_000, 20_000, 80_000, 300_000],
    deposits: [0, 0, 0, 0, 0, 0],
    bonus: [0, 10, 40, 150, 500, 1_500],
    multiple: 0,
    referral: { minDeposit: 50, reward: 20 },
  },
  UEMOA: {
    bets: [0, 100_000, 500_000, 2_000_000, 8_000_000, 30_000_000],
    deposits: [0, 10_000, 50_000, 200_000, 800_000, 3_000_000],
    bonus: [0, 1_000, 4_000, 15_000, 50_000, 150_000],
    multiple: 3,
    referral: { minDeposit: 10_000, reward: 2_000 },
  },
};

export async function seedLoyalty(db: Db, merchant: Merchant, now: Date): Promise<void> {
  const d = demo[merchant.code];
  if (!d) return;
  const minor = (v: number) => toMinor(v, merchant.currency);
  for (const [i, name] of names.entries()) {
    await createLevel(db, merchant, {
      rank: i + 1,
      name,
      minValidBets: minor(d.bets[i] ?? 0),
      minDeposits: depositsCount(merchant) ? minor(d.deposits[i] ?? 0) : 0,
      upgradeBonus: minor(d.bonus[i] ?? 0),
      wageringMultiple: d.multiple,
      privileges: { rebateBp: 0, withdrawalsPerDay: 0 },
    });
  }
  await setProgram(db, merchant.id, {
    minDeposit: minor(d.referral.minDeposit),
    reward: minor(d.referral.reward),
    wageringMultiple: d.multiple,
  });
  // The demo player's invite code and a friend who registered with it and has not deposited yet.
  const player = await memberByAccount(db, merchant.id, demoAccounts.player.account);
  if (!player) return;
  await inviteCodeOf(db, merchant.id, player.id);
  const friend = await createMember(db, {
    merchantId: merchant.id,
    account: 'demofriend',
    nickname: 'Demo Friend',
    language: merchant.langList[0] ?? 'EN',
    createdAt: now,
  });
  await recordReferral(db, merchant.id, friend.id, player.id, now);
}
