import type { Announcements, AnnouncementsQuery, Banner, BannerGroup, HelpArticle, Notice, Promotion } from '@platform/contract';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { localText } from '../../platform/http.ts';
import type { Merchant } from '../merchants/merchants.service.ts';
import { findPromotion, listBanners, listHelpArticles, listPromotions, pageAnnouncements } from './content.repository.ts';
import type { banners, promotions } from './content.tables.ts';

/** Who reads: the merchant and the reader's language, for picking texts. */
export interface Reader {
  merchant: Merchant;
  lang: string;
}

const text = (reader: Reader, t: Record<string, string>) => localText(t, reader.lang, reader.merchant.langList);

function toBanner(reader: Reader, row: typeof banners.$inferSelect): Banner {
  return {
    bannerId: row.id,
    groupName: row.groupName as BannerGroup,
    url: row.imageUrl,
    title: text(reader, row.title),
    linkageType: row.linkageType,
    linkageTarget: row.linkageTarget,
  };
}

function toPromotion(reader: Reader, row: typeof promotions.$inferSelect): Promotion {
  return {
    id: row.id,
    category: row.category,
    title: text(reader, row.title),
    summary: text(reader, row.summary),
    content: text(reader, row.content),
    imageUrl: row.imageUrl,
    startsAt: row.startsAt?.getTime() ?? null,
    endsAt: row.endsAt?.getTime() ?? null,
  };
}

/** Popups are the PL and PU types, shown once at start rather than in the notice list. */
const popupTypes = new Set(['PL', 'PU']);

/**
 * The announcement bundle of the home page: a page of notices, the popup list, the home banners
 * and the promotion list, for the requested types.
 */
export async function announcementBundle(db: Db, reader: Reader, query: AnnouncementsQuery, now = new Date()): Promise<Announcements> {
  const noticeTypes = query.types.filter((t) => !popupTypes.has(t));
  const popupRequested = query.types.filter((t) => popupTypes.has(t));
  const offset = (query.pageNo - 1) * query.pageSize;
  const [notices, popups, bannerRows, promotionRows] = await Promise.all([
    pageAnnouncements(db, reader.merchant.id, noticeTypes, offset, query.pageSize, now),
    pageAnnouncements(db, reader.merchant.id, popupRequested, 0, 20, now),
    listBanners(db, reader.merchant.id, ['w_home'], now),
    query.types.includes('PR') ? listPromotions(db, reader.merchant.id, undefined, now) : Promise.resolve([]),
  ]);
  const toNotice = (row: (typeof notices.rows)[number]): Notice => ({
    id: row.id,
    type: row.type as Notice['type'],
    title: text(reader, row.title),
    content: text(reader, row.content),
    timestamp: row.publishedAt.getTime(),
  });
  return {
    notices: notices.rows.map(toNotice),
    totalPages: Math.max(1, Math.ceil(notices.total / query.pageSize)),
    totalElements: notices.total,
    banners: bannerRows.map((b) => toBanner(reader, b)),
    popupList: popups.rows.map(toNotice),
    promotionList: promotionRows.map((p) => toPromotion(reader, p)),
  };
}

export async function bannersOf(db: Db, reader: Reader, group: BannerGroup): Promise<Banner[]> {
  return (await listBanners(db, reader.merchant.id, [group])).map((b) => toBanner(reader, b));
}

export async function promotionsOf(db: Db, reader: Reader, category: string | undefined, now = new Date()): Promise<Promotion[]> {
  return (await listPromotions(db, reader.merchant.id, category, now)).map((p) => toPromotion(reader, p));
}

/** A merchant's promotion; another merchant's id is not found, never shown. */
export async function promotionDetail(db: Db, reader: Reader, id: number): Promise<Promotion> {
  const row = await findPromotion(db, reader.merchant.id, id);
  if (!row) throw new AppError('APP_ERR_PROMOTION_NOT_FOUND');
  return toPromotion(reader, row);
}

export async function helpCentre(db: Db, reader: Reader): Promise<HelpArticle[]> {
  return (await listHelpArticles(db, reader.merchant.id)).map((h) => ({
    id: h.id,
    category: h.category,
    title: text(reader, h.title),
    content: text(reader, h.content),
  }));
}
