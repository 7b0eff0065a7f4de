import { type AdminBanner, type AdminBanners, type BannerBody, inboxLanguages } from '@platform/contract';
import { and, asc, eq } from 'drizzle-orm';
import { appendAudit } from '../../platform/audit.ts';
import { type Db, inTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { Merchant } from '../merchants/merchants.service.ts';
import { banners, promotions } from './content.tables.ts';

type BannerRow = typeof banners.$inferSelect;

const isLive = (b: BannerRow, now: Date) => b.enabled && (!b.startsAt || b.startsAt <= now) && (!b.endsAt || b.endsAt > now);

const view = (b: BannerRow, now: Date): AdminBanner => ({
  id: b.id,
  groupName: b.groupName as AdminBanner['groupName'],
  imageUrl: b.imageUrl,
  title: b.title,
  linkageType: b.linkageType as AdminBanner['linkageType'],
  linkageTarget: b.linkageTarget,
  sort: b.sort,
  enabled: b.enabled,
  startsAt: b.startsAt?.getTime() ?? null,
  endsAt: b.endsAt?.getTime() ?? null,
  live: isLive(b, now),
});

/** The images the merchant's banners and promotions use: the set a banner's image is picked from. */
async function imagesOf(db: Db, merchantId: number): Promise<string[]> {
  const [a, b] = await Promise.all([
    db.selectDistinct({ url: banners.imageUrl }).from(banners).where(eq(banners.merchantId, merchantId)),
    db.selectDistinct({ url: promotions.imageUrl }).from(promotions).where(eq(promotions.merchantId, merchantId)),
  ]);
  return [...new Set([...a, ...b].map((r) => r.url).filter((u) => u !== ''))].sort();
}

/** Every banner of the merchant (on or off, any schedule), by group and order, with the images to pick from. */
export async function merchantBanners(db: Db, merchant: Merchant, now = new Date()): Promise<AdminBanners> {
  const rows = await db
    .select()
    .from(banners)
    .where(eq(banners.merchantId, merchant.id))
    .orderBy(asc(banners.groupName), asc(banners.sort), asc(banners.id));
  return { list: rows.map((b) => view(b, now)), languages: titleLanguages(merchant), images: await imagesOf(db, merchant.id) };
}

/**
 * The languages a banner's title may be written in: the merchant's own (each required, its default
 * first), then the site's other languages, optional (a reader of one without a text gets the default).
 */
const titleLanguages = (merchant: Merchant): string[] => [...new Set([...merchant.langList, ...inboxLanguages])];

/** The title as stored: blank optional languages left out, so the reader's fallback answers for them. */
const storedTitle = (title: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(title).filter(([, text]) => text.trim() !== ''));

const refuse = (field: string, message: string) => new AppError('APP_ERR_VALIDATION', [{ field, message }]);

/** The checks the schema cannot make: the merchant's languages, its image set, the link's form, the schedule's order. */
async function checkBody(db: Db, merchant: Merchant, body: BannerBody): Promise<void> {
  const allowed = titleLanguages(merchant);
  for (const lang of Object.keys(body.title)) if (!allowed.includes(lang)) throw refuse(`title.${lang}`, 'validation.unknown_value');
  for (const lang of merchant.langList) if (!body.title[lang]) throw refuse(`title.${lang}`, 'validation.required');
  if (!(await imagesOf(db, merchant.id)).includes(body.imageUrl)) throw refuse('imageUrl', 'validation.unknown_value');
  const target = body.linkageTarget;
  if (body.linkageType === '' && target !== '') throw refuse('linkageTarget', 'validation.invalid');
  if (body.linkageType === 'url' && !/^https:\/\/[^\s<>"]+$/.test(target)) throw refuse('linkageTarget', 'validation.invalid');
  if (body.linkageType === 'route' && !/^\/[\w\-/?=&.]*$/.test(target)) throw refuse('linkageTarget', 'validation.invalid');
  if (body.linkageType === 'promotion') {
    const id = /^\d{1,9}$/.test(target) ? Number(target) : 0;
    const [found] = id
      ? await db
          .select({ id: promotions.id })
          .from(promotions)
          .where(and(eq(promotions.id, id), eq(promotions.merchantId, merchant.id)))
      : [];
    if (!found) throw refuse('linkageTarget', 'validation.unknown_value');
  }
  if (body.startsAt !== null && body.endsAt !== null && body.endsAt <= body.startsAt) throw refuse('endsAt', 'validation.invalid');
}

/**
 * An operator's edit of one banner of the merchant: checked, written and audited (old → new) in one
 * transaction. The caller clears the site's read cache once it has committed.
 */
export async function updateBanner(db: Db, operator: string, merchant: Merchant, id: number, body: BannerBody, now = new Date()) {
  await checkBody(db, merchant, body);
  return inTransaction(db, async (tx) => {
    const [before] = await tx
      .select()
      .from(banners)
      .where(and(eq(banners.id, id), eq(banners.merchantId, merchant.id)))
      .for('update');
    if (!before) throw new AppError('APP_ERR_NOT_FOUND');
    const [after] = await tx
      .update(banners)
      .set({
        imageUrl: body.imageUrl,
        title: storedTitle(body.title),
        linkageType: body.linkageType,
        linkageTarget: body.linkageTarget,
        sort: body.sort,
        enabled: body.enabled,
        startsAt: body.startsAt === null ? null : new Date(body.startsAt),
        endsAt: body.endsAt === null ? null : new Date(body.endsAt),
      })
      .where(eq(banners.id, id))
      .returning();
    if (!after) throw new AppError('APP_ERR_NOT_FOUND');
    const old = view(before, now);
    const fresh = view(after, now);
    const changed = (Object.keys(fresh) as (keyof AdminBanner)[]).filter(
      (k) => k !== 'live' && JSON.stringify(old[k]) !== JSON.stringify(fresh[k]),
    );
    await appendAudit(tx, {
      operator,
      action: 'content.banner.update',
      merchantId: merchant.id,
      target: `banner:${id}`,
      reason: `banner ${id} of ${merchant.code}: ${changed.join(', ') || 'no change'}`,
      details: Object.fromEntries(changed.map((k) => [k, { from: old[k], to: fresh[k] }])),
    });
    return fresh;
  });
}
