import { insertGames } from '../modules/catalog/catalog.repository.ts';
import { announcements, banners, helpArticles, promotions } from '../modules/content/content.tables.ts';
import { gameVendors, merchantVendors } from '../modules/games/games.tables.ts';
import { insertGames as insertLotteryGames } from '../modules/lottery/lottery.repository.ts';
import { lotterySettings } from '../modules/lottery/lottery.tables.ts';
import { countMerchants, insertMerchant } from '../modules/merchants/merchants.repository.ts';
import { paymentSettings } from '../modules/merchants/merchants.tables.ts';
import { paymentChannels } from '../modules/payments/payments.tables.ts';
import type { Db } from '../platform/db.ts';
import { seedDemoAgentPlay, seedDemoAgents } from './agents.seed.ts';
import { demoGames } from './catalog.seed.ts';
import { demoAnnouncements, demoBanners, demoHelpArticles, demoMerchantVendors, demoPromotions, demoVendors } from './content.seed.ts';
import { seedEnvelopeRounds } from './envelopes.seed.ts';
import { seedInbox } from './inbox.seed.ts';
import { seedLeaderboards } from './leaderboards.seed.ts';
import { demoLotteryCaps, demoLotteryGames } from './lottery.seed.ts';
import { seedLoyalty } from './loyalty.seed.ts';
import { seedDemoMembers } from './members.seed.ts';
import { demoMerchants } from './merchants.seed.ts';
import { seedMissions } from './missions.seed.ts';
import { seedFirstOwner } from './operators.seed.ts';
import {
  demoPaymentChannels,
  demoPaymentSettings,
  demoTransferVendors,
  seedDemoAdjustmentRequest,
  seedDemoMoney,
} from './payments.seed.ts';
import { seedPoints } from './points.seed.ts';
import { seedDemoOffers } from './promotions.seed.ts';
import { seedGameProviders } from './providers.seed.ts';
import { seedResponsibleGaming } from './responsible-gaming.seed.ts';
import { seedSupport } from './support.seed.ts';
import { seedVerification } from './verification.seed.ts';

const DAY = 86_400_000;

export interface SeedOptions {
  /**
   * Whether the demo merchants start with the vendors that have no contract (not launchable) switched
   * on. Off by default: a category with nothing to play is not offered, and an operator turns a
   * vendor on through the admin API once its contract is signed. The test factories turn them on,
   * as the tests of the lobbies, transfer wallets and seamless calls were written for the full catalog.
   */
  vendorsWithoutContract?: 'on' | 'off';
}

/** Seeds the demo merchants and their content, only into an empty database. Returns whether it did. */
export async function seedDemoData(db: Db, now = new Date(), opts: SeedOptions = {}): Promise<boolean> {
  const launchable = new Set(demoVendors.filter((v) => v.launchable).map((v) => v.code));
  // The first owner of the back office, into a database without operators (one that had merchants before operators existed too).
  await seedFirstOwner(db);
  if ((await countMerchants(db)) > 0) return false;
  await db.transaction(async (tx) => {
    await tx.insert(gameVendors).values(demoVendors);
    await seedGameProviders(tx as unknown as Db);
    await insertGames(tx as unknown as Db, demoGames);
    await insertLotteryGames(tx as unknown as Db, demoLotteryGames);
    for (const m of demoMerchants) {
      const merchant = await insertMerchant(tx as unknown as Db, m);
      const vendorCodes = demoMerchantVendors[m.code] ?? [];
      const transfer = new Set(demoTransferVendors[m.code] ?? []);
      await tx.insert(merchantVendors).values(
        vendorCodes.map((vendorCode, sort) => ({
          merchantId: merchant.id,
          vendorCode,
          sort,
          enabled: launchable.has(vendorCode) || opts.vendorsWithoutContract === 'on',
          wallet: transfer.has(vendorCode) ? 'transfer' : 'seamless',
        })),
      );
      const caps = demoLotteryCaps[m.code];
      if (caps) await tx.insert(lotterySettings).values({ merchantId: merchant.id, ...caps });
      const settings = demoPaymentSettings[m.code];
      if (settings) await tx.insert(paymentSettings).values({ merchantId: merchant.id, ...settings });
      const channels = demoPaymentChannels[m.code] ?? [];
      if (channels.length) await tx.insert(paymentChannels).values(channels.map((c) => ({ merchantId: merchant.id, ...c })));
      const promotionIds: Record<string, number> = {};
      for (const [sort, p] of (demoPromotions[m.code] ?? []).entries()) {
        const [row] = await tx
          .insert(promotions)
          .values({
            merchantId: merchant.id,
            category: p.category,
            title: p.title,
            summary: p.summary,
            content: p.content,
            imageUrl: p.image,
            sort,
          })
          .returning({ id: promotions.id });
        if (row) promotionIds[p.key] = row.id;
      }
      await seedDemoOffers(tx as unknown as Db, merchant, promotionIds);
      await tx.insert(banners).values(
        demoBanners(m.code, promotionIds).map((b, sort) => ({
          merchantId: merchant.id,
          groupName: b.group,
          imageUrl: b.image,
          title: b.title,
          linkageType: b.linkageType,
          linkageTarget: b.linkageTarget,
          sort,
        })),
      );
      await tx.insert(announcements).values(
        demoAnnouncements(m.code).map((a) => ({
          merchantId: merchant.id,
          type: a.type,
          title: a.title,
          content: a.content,
          publishedAt: new Date(now.getTime() - a.daysAgo * DAY - 60_000),
        })),
      );
      await tx
        .insert(helpArticles)
        .values(
          demoHelpArticles.map((h, sort) => ({ merchantId: merchant.id, category: h.category, title: h.title, content: h.content, sort })),
        );
      await seedDemoMembers(tx as unknown as Db, merchant, now);
      await seedInbox(tx as unknown as Db, merchant, now);
      await seedDemoAgents(tx as unknown as Db, merchant.id);
      await seedResponsibleGaming(tx as unknown as Db, merchant);
      await seedVerification(tx as unknown as Db, merchant, now);
      await seedDemoMoney(tx as unknown as Db, merchant);
      await seedDemoAdjustmentRequest(tx as unknown as Db, merchant);
      await seedPoints(tx as unknown as Db, merchant);
      await seedMissions(tx as unknown as Db, merchant);
      await seedEnvelopeRounds(tx as unknown as Db, merchant, now);
      await seedDemoAgentPlay(tx as unknown as Db, merchant, now);
      await seedLoyalty(tx as unknown as Db, merchant, now);
      await seedLeaderboards(tx as unknown as Db, merchant, now);
      await seedSupport(tx as unknown as Db, merchant, now);
    }
  });
  return true;
}
