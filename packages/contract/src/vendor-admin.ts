import { z } from 'zod';
import { merchantCodeParamsSchema } from './admin.ts';
import { gameCategories } from './games.ts';

/**
 * The operators' switch of a merchant's game vendors: which vendors the merchant offers, whether each
 * is on, and turning one on or off. A vendor without a contract is seeded off on the demo merchants;
 * an operator turns it on once the contract is signed.
 */
export const vendorAdminPaths = {
  merchantVendors: '/admin/v1/merchants/:code/vendors',
  merchantVendor: '/admin/v1/merchants/:code/vendors/:vendor',
} as const;

export const merchantVendorParamsSchema = merchantCodeParamsSchema.extend({
  vendor: z.string().regex(/^[A-Za-z0-9_]{1,32}$/, 'validation.invalid'),
});

export const merchantVendorBodySchema = z.object({ enabled: z.boolean() });
export type MerchantVendorBody = z.infer<typeof merchantVendorBodySchema>;

export const adminMerchantVendorSchema = z.object({
  vendor: z.string(),
  name: z.string(),
  gameType: z.enum(gameCategories),
  /** True when the vendor's contract is configured and its games can launch. */
  launchable: z.boolean(),
  /** Whether the merchant has the vendor switched on (shown in the navigation, its games listed). */
  enabled: z.boolean(),
  wallet: z.enum(['seamless', 'transfer']),
});
export type AdminMerchantVendor = z.infer<typeof adminMerchantVendorSchema>;

export const adminMerchantVendorListSchema = z.object({ code: z.string(), list: z.array(adminMerchantVendorSchema) });
