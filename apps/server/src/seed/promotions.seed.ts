import { createOffer, type NewOfferInput } from '../modules/promotions/promotions.service.ts';
import type { Db } from '../platform/db.ts';

/**
 * The demo merchants' promotions that pay (decision 0030), each presented by a content promotion of
 * content.seed.ts (its key). UEMOA: the welcome bonus on the first deposit. Brazil offers no bonus
 * before a bet (the market rule would refuse one): its daily rebate is paid on bets already settled.
 */
const demoOffers: Record<string, (NewOfferInput & { contentKey: string })[]> = {
  UEMOA: [
    {
      contentKey: 'welcome',
      title: {
        EN: 'Welcome bonus 150% up to 100,000\u00a0F\u202fCFA',
        PT: 'Bônus de boas-vindas 150% até 100.000\u00a0F\u202fCFA',
        FR: 'Bonus de bienvenue 150\u00a0% jusqu’à 100\u202f000\u00a0F\u202fCFA',
        CN: '首存奖金 150%，最高 100,000\u00a0F\u202fCFA',
        VI: 'Thưởng chào mừng 150%, tối đa 100.000\u00a0F\u202fCFA',
        ID: 'Bonus selamat datang 150% hingga 100.000\u00a0F\u202fCFA',
      },
      // No-break spaces keep an amount and its currency on one line, as the site formats them.
      // The bonus alone times 10: within the 10× ceiling the UK set for 2026, the strictest benchmark we know.
      terms: {
        type: 'first_deposit',
        percent: 150,
        cap: 100_000,
        minDeposit: 2_000,
        base: 'bonus',
        claimDays: 7,
        multiple: 10,
        contributions: { RNG: 100, LOTT: 20, '*': 0 },
        maxBet: 5_000,
        wagerDays: 14,
      },
    },
  ],
  BRAZIL: [
    {
      contentKey: 'rebate',
      title: {
        EN: 'Daily rebate up to 0.8%',
        PT: 'Rebate diário de até 0,8%',
        FR: 'Remise quotidienne jusqu’à 0,8\u00a0%',
        CN: '每日返水最高 0.8%',
        VI: 'Hoàn trả hằng ngày tới 0,8%',
        ID: 'Rebate harian hingga 0,8%',
      },
      terms: {
        type: 'daily_rebate',
        ratesBp: { RNG: 80, LOTT: 50, LIVE: 50, '*': 30 },
        capPerDay: 50_000,
        multiple: 1,
        contributions: { '*': 100 },
        maxBet: null,
        wagerDays: 7,
      },
    },
  ],
};

/** Seeds a demo merchant's promotions through the engine (its market rule applies to the seed too). */
export async function seedDemoOffers(
  db: Db,
  merchant: { id: number; code: string; country: string },
  promotionIds: Record<string, number>,
): Promise<void> {
  for (const [sort, { contentKey, ...offer }] of (demoOffers[merchant.code] ?? []).entries()) {
    await createOffer(db, merchant, { ...offer, promotionId: promotionIds[contentKey] ?? null, sort });
  }
}
