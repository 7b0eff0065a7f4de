import { and, asc, desc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { announcements, banners, helpArticles, promotions } from './content.tables.ts';

type AnnouncementRow = typeof announcements.$inferSelect;
type BannerRow = typeof banners.$inferSelect;
type PromotionRow = typeof promotions.$inferSelect;
type HelpRow = typeof helpArticles.$inferSelect;

const live = (now: Date) => and(lte(announcements.publishedAt, now), or(isNull(announcements.endsAt), gt(announcements.endsAt, now)));

/** One page of a merchant's live announcements of the given types, newest first, with the total. */
export async function pageAnnouncements(
  db: Db,
  merchantId: number,
  types: string[],
  offset: number,
  limit: number,
  now: Date,
): Promise<{ rows: AnnouncementRow[]; total: number }> {
  if (types.length === 0) return { rows: [], total: 0 };
  const where = and(eq(announcements.merchantId, merchantId), inArray(announcements.type, types), live(now));
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(announcements)
      .where(where)
      .orderBy(desc(announcements.publishedAt), desc(announcements.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(announcements).where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** The banners the site shows now: switched on and within their schedule, in their order. */
export function listBanners(db: Db, merchantId: number, groups?: string[], now = new Date()): Promise<BannerRow[]> {
  const where = and(
    eq(banners.merchantId, merchantId),
    groups ? inArray(banners.groupName, groups) : undefined,
    eq(banners.enabled, true),
    or(isNull(banners.startsAt), lte(banners.startsAt, now)),
    or(isNull(banners.endsAt), gt(banners.endsAt, now)),
  );
  return db.select().from(banners).where(where).orderBy(asc(banners.sort), asc(banners.id));
}

const promotionLive = (now: Date) =>
  and(or(isNull(promotions.startsAt), lte(promotions.startsAt, now)), or(isNull(promotions.endsAt), gt(promotions.endsAt, now)));

export function listPromotions(db: Db, merchantId: number, category: string | undefined, now: Date): Promise<PromotionRow[]> {
  const byCategory = category ? eq(promotions.category, category) : undefined;
  return db
    .select()
    .from(promotions)
    .where(and(eq(promotions.merchantId, merchantId), byCategory, promotionLive(now)))
    .orderBy(asc(promotions.sort), asc(promotions.id));
}

export async function findPromotion(db: Db, merchantId: number, id: number): Promise<PromotionRow | undefined> {
  const [row] = await db
    .select()
    .from(promotions)
    .where(and(eq(promotions.merchantId, merchantId), eq(promotions.id, id)))
    .limit(1);
  return row;
}

export function listHelpArticles(db: Db, merchantId: number): Promise<HelpRow[]> {
  return db
    .select()
    .from(helpArticles)
    .where(eq(helpArticles.merchantId, merchantId))
    .orderBy(asc(helpArticles.sort), asc(helpArticles.id));
}
