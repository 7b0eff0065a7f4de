import { z } from 'zod';
import { idParamSchema } from './input.ts';

export const announcementTypes = ['B', 'PL', 'PU', 'PR', 'H'] as const;
export type AnnouncementType = (typeof announcementTypes)[number];

export const bannerGroups = ['w_home', 'w_down', 'w_promotion', 'w_shop', 'w_help', 'w_reg', 'w_inhouse'] as const;
export type BannerGroup = (typeof bannerGroups)[number];

export const noticeSchema = z.object({
  id: z.number(),
  type: z.enum(announcementTypes),
  title: z.string(),
  /** HTML, to be sanitised by the renderer. */
  content: z.string(),
  /** Epoch milliseconds. */
  timestamp: z.number(),
});
export type Notice = z.infer<typeof noticeSchema>;

export const bannerSchema = z.object({
  bannerId: z.number(),
  groupName: z.enum(bannerGroups),
  /** Image URL. */
  url: z.string(),
  title: z.string(),
  /** Empty when the slide is not clickable; 'promotion', 'route' or 'url' otherwise. */
  linkageType: z.string(),
  linkageTarget: z.string(),
});
export type Banner = z.infer<typeof bannerSchema>;

export const promotionSchema = z.object({
  id: z.number(),
  category: z.string(),
  title: z.string(),
  summary: z.string(),
  /** HTML, to be sanitised by the renderer. */
  content: z.string(),
  imageUrl: z.string(),
  /** Epoch milliseconds, or null when open-ended. */
  startsAt: z.number().nullable(),
  endsAt: z.number().nullable(),
});
export type Promotion = z.infer<typeof promotionSchema>;

const typesParam = z
  .string()
  .max(40)
  .default('B,PL,PU,PR,H')
  .transform((s, ctx) => {
    const parts = s
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean);
    for (const p of parts) {
      if (!(announcementTypes as readonly string[]).includes(p)) {
        ctx.addIssue({ code: 'custom', message: 'validation.unknown_value' });
        return z.NEVER;
      }
    }
    return parts as AnnouncementType[];
  });

export const announcementsQuerySchema = z.object({
  /** Comma-separated announcement types: B (notice), PL, PU (popup), PR (promotion), H (home). */
  types: typesParam,
  /** Platform, W for the web site. */
  platform: z.enum(['W']).default('W'),
  /** Page of the notice list, from 1. */
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  /** Notices per page; the notice dialog uses 9. */
  pageSize: z.coerce.number().int().min(1).max(50).default(9),
});
export type AnnouncementsQuery = z.infer<typeof announcementsQuerySchema>;

export const announcementsSchema = z.object({
  notices: z.array(noticeSchema),
  totalPages: z.number(),
  totalElements: z.number(),
  banners: z.array(bannerSchema),
  popupList: z.array(noticeSchema),
  promotionList: z.array(promotionSchema),
});
export type Announcements = z.infer<typeof announcementsSchema>;

export const bannersQuerySchema = z.object({
  /** Banner group, e.g. w_home. */
  group: z.enum(bannerGroups),
});

export const promotionsQuerySchema = z.object({
  /** Category filter, e.g. new_player; all categories when absent. */
  category: z
    .string()
    .max(40)
    .regex(/^[a-z_]+$/)
    .optional(),
});

export const promotionDetailParamsSchema = z.object({
  id: idParamSchema,
});
