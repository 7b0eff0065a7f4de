import { z } from 'zod';
import { bannerGroups } from './content.ts';

/**
 * The back office's banners (issue 17, decision 0034): a merchant's banners of every group with
 * their texts per language, link, order, schedule and switch; an edit is audited and shown by the
 * site within its read cache's time (at once on the node that took it).
 */
export const contentAdminPaths = {
  banners: '/admin/v1/merchants/:code/banners',
  banner: '/admin/v1/merchants/:code/banners/:id',
} as const;

export const bannerLinkageTypes = ['', 'promotion', 'route', 'url'] as const;

export const adminBannerSchema = z.object({
  id: z.number(),
  groupName: z.enum(bannerGroups),
  imageUrl: z.string(),
  /** Per language code (EN, PT...). */
  title: z.record(z.string(), z.string()),
  linkageType: z.enum(bannerLinkageTypes),
  linkageTarget: z.string(),
  sort: z.number(),
  enabled: z.boolean(),
  /** Epoch milliseconds, or null (open). */
  startsAt: z.number().nullable(),
  endsAt: z.number().nullable(),
  /** Switched on and within its schedule now: what the site shows. */
  live: z.boolean(),
});
export type AdminBanner = z.infer<typeof adminBannerSchema>;

export const adminBannersSchema = z.object({
  list: z.array(adminBannerSchema),
  /** The languages a title may be written in: the merchant's own first (each required), then the site's others (optional). */
  languages: z.array(z.string()),
  /** The images the merchant's banners and promotions already use: a banner picks one of them. */
  images: z.array(z.string()),
});
export type AdminBanners = z.infer<typeof adminBannersSchema>;

export const bannerParamsSchema = z.object({
  code: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, 'validation.invalid'),
  id: z.coerce.number({ error: 'validation.invalid' }).int().min(1, 'validation.invalid').max(2_147_483_647, 'validation.invalid'),
});

export const bannerBodySchema = z.object({
  imageUrl: z.string().min(1, 'validation.required').max(500, 'validation.too_big'),
  title: z.record(
    z.string().regex(/^[A-Z]{2}$/, 'validation.invalid'),
    // Blank allowed here: the merchant's own languages are required by the server, the others optional.
    z.string().trim().max(80, 'validation.too_big'),
  ),
  linkageType: z.enum(bannerLinkageTypes, { error: 'validation.invalid' }),
  linkageTarget: z.string().trim().max(300, 'validation.too_big'),
  sort: z.number({ error: 'validation.invalid' }).int('validation.invalid').min(0, 'validation.invalid').max(9999, 'validation.invalid'),
  enabled: z.boolean({ error: 'validation.invalid' }),
  startsAt: z.number({ error: 'validation.invalid' }).int().min(0, 'validation.invalid').nullable(),
  endsAt: z.number({ error: 'validation.invalid' }).int().min(0, 'validation.invalid').nullable(),
});
export type BannerBody = z.infer<typeof bannerBodySchema>;
