import { z } from 'zod';
import { pageOf, pageQuerySchema } from './pagination.ts';
import { requestIdSchema } from './wallet.ts';

/**
 * The paths of points and the points mall (decision 0032). Points never expire; they are earned by
 * valid bets and deposits at the merchant's rules and kept in their own ledger accounts.
 */
export const pointsPaths = {
  /** The member's points: spendable and held by redemptions still applying. */
  balance: '/wps/points/balance',
  /** The merchant's points rules: what earns points, and the cash ratio. */
  config: '/wps/points/config',
  /** Member transaction detail: every movement of the member's points with the balance it left. */
  transactions: '/wps/points/transactions',
  /** Points to cash at the merchant's ratio (payment password). */
  convert: '/wps/points/convert',
  /** The mall's goods. */
  goods: '/wps/points/mall/goods',
  /** Redeem goods (payment password): points and stock reserved while it is applying. */
  redeem: '/wps/points/redeem',
  /** Redemption history (redeem list): goods and cash conversions. */
  redeemList: '/wps/points/redeem/list',
  adminRedemptions: '/admin/v1/points/redemptions',
  adminRedemptionApprove: '/admin/v1/points/redemptions/:reference/approve',
  adminRedemptionReject: '/admin/v1/points/redemptions/:reference/reject',
  adminRedemptionComplete: '/admin/v1/points/redemptions/:reference/complete',
} as const;

/** applying (points and stock reserved) → approved (points spent, goods on their way) → completed; or rejected (released). */
export const redemptionStatuses = ['applying', 'rejected', 'approved', 'completed'] as const;
export type RedemptionStatus = (typeof redemptionStatuses)[number];
/** goods are shipped (an address is required); virtual goods are delivered to the account; cash is a conversion. */
export const redemptionKinds = ['goods', 'virtual', 'cash'] as const;

export const pointsBalanceSchema = z.object({
  /** Whole points the member may spend. */
  points: z.number(),
  /** Points reserved by redemptions still applying. */
  held: z.number(),
  /** Points earned since the account opened. */
  earned: z.number(),
});
export type PointsBalance = z.infer<typeof pointsBalanceSchema>;

export const pointsConfigSchema = z.object({
  enabled: z.boolean(),
  currency: z.string(),
  /** Valid bets of a category (major units) that earn one point; `*` stands for every category not named. Categories absent earn nothing. */
  betRules: z.array(z.object({ category: z.string(), betPerPoint: z.number() })),
  /** Deposited amount (major units) that earns one point; null: deposits earn none. */
  depositPerPoint: z.number().nullable(),
  /** The points ratio: `points` points convert to `cash` (major units); conversions are in whole steps, from `minPoints`. */
  convert: z.object({ enabled: z.boolean(), points: z.number(), cash: z.number(), minPoints: z.number() }),
});
export type PointsConfig = z.infer<typeof pointsConfigSchema>;

export const pointsTransactionTypes = ['earn', 'redeem', 'release', 'spend', 'convert', 'adjust'] as const;

export const pointsTransactionSchema = z.object({
  id: z.number(),
  time: z.number(),
  type: z.enum(pointsTransactionTypes),
  /** Signed: earned or released points are positive. */
  points: z.number(),
  /** The spendable points right after it. */
  balance: z.number(),
  /** The redemption's reference number, when it belongs to one. */
  reference: z.string().nullable(),
});
export const pointsTransactionsQuerySchema = pageQuerySchema;
export const pointsTransactionsSchema = pageOf(pointsTransactionSchema);
export type PointsTransaction = z.infer<typeof pointsTransactionSchema>;

const points = z.coerce
  .number({ error: 'validation.invalid' })
  .int('validation.not_integer')
  .min(1, 'validation.too_small')
  .max(1_000_000_000, 'validation.too_big');

export const paymentPasswordField = z.string({ error: 'validation.required' }).min(1, 'validation.required').max(64, 'validation.invalid');

export const convertPointsBodySchema = z.object({
  points,
  paymentPassword: paymentPasswordField,
  requestId: requestIdSchema,
});
export type ConvertPointsBody = z.infer<typeof convertPointsBodySchema>;

export const convertAnswerSchema = z.object({
  reference: z.string(),
  points: z.number(),
  /** Cash credited to the main wallet (major units). */
  cash: z.number(),
  balance: pointsBalanceSchema,
});

export const mallGoodSchema = z.object({
  id: z.number(),
  kind: z.enum(['goods', 'virtual']),
  name: z.string(),
  description: z.string(),
  image: z.string(),
  points: z.number(),
  stock: z.number(),
  /** How many one member may redeem per day (0: no limit), and how many they have today. */
  dailyLimit: z.number(),
  redeemedToday: z.number(),
});
export const mallGoodsSchema = z.array(mallGoodSchema);
export type MallGood = z.infer<typeof mallGoodSchema>;

const text = (min: number, max: number) =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required', abort: true })
    .min(min, 'validation.too_small')
    .max(max, 'validation.too_big');

/** Where goods are shipped (the receiving address): every field but the postcode is required. */
export const shippingAddressSchema = z.object({
  name: text(2, 60),
  phone: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .regex(/^\+?[0-9 ()-]{6,20}$/, 'validation.mobile_invalid'),
  address: text(5, 200),
  city: text(2, 60),
  postcode: z
    .string()
    .trim()
    .max(12, 'validation.too_big')
    .regex(/^[A-Za-z0-9 -]*$/, 'validation.invalid')
    .optional(),
});
export type ShippingAddress = z.infer<typeof shippingAddressSchema>;

export const redeemBodySchema = z.object({
  itemId: z.coerce.number({ error: 'validation.required' }).int().min(1, 'validation.required').max(2_147_483_647, 'validation.invalid'),
  quantity: z.coerce
    .number({ error: 'validation.invalid' })
    .int('validation.not_integer')
    .min(1, 'validation.too_small')
    .max(10, 'validation.too_big'),
  paymentPassword: paymentPasswordField,
  requestId: requestIdSchema,
  /** Required for goods that are shipped. */
  address: shippingAddressSchema.optional(),
});
export type RedeemBody = z.infer<typeof redeemBodySchema>;

/** One line of the points and exchange records. */
export const redemptionSchema = z.object({
  reference: z.string(),
  applyTime: z.number(),
  type: z.enum(redemptionKinds),
  name: z.string(),
  quantity: z.number(),
  /** Points required. */
  points: z.number(),
  /** Cash of a conversion (major units); null for goods. */
  amount: z.number().nullable(),
  status: z.enum(redemptionStatuses),
  remark: z.string().nullable(),
  /** The shipment's tracking (transaction) number, once completed. */
  trackingNumber: z.string().nullable(),
  address: shippingAddressSchema.nullable(),
  decidedAt: z.number().nullable(),
});
export type Redemption = z.infer<typeof redemptionSchema>;

export const redeemListQuerySchema = pageQuerySchema.extend({ status: z.enum(redemptionStatuses).optional() });
export const redeemListSchema = pageOf(redemptionSchema);
export const redeemAnswerSchema = z.object({ redemption: redemptionSchema, balance: pointsBalanceSchema });

export const adminRedemptionsQuerySchema = pageQuerySchema.extend({
  merchant: z.string().trim().max(32).optional(),
  status: z.enum(redemptionStatuses).optional(),
});
export const adminRedemptionSchema = redemptionSchema.extend({
  merchant: z.string(),
  account: z.string(),
  decidedBy: z.string().nullable(),
});
export const adminRedemptionsSchema = pageOf(adminRedemptionSchema);
export const redemptionParamsSchema = z.object({
  reference: z
    .string()
    .trim()
    .regex(/^PM[0-9A-Z]{6,30}$/, 'validation.invalid'),
});
export const approveRedemptionBodySchema = z.object({ remark: z.string().trim().max(140, 'validation.too_big').optional() });
export const rejectRedemptionBodySchema = z.object({ remark: text(1, 140) });
export const completeRedemptionBodySchema = z.object({
  trackingNumber: z.string().trim().max(64, 'validation.too_big').optional(),
  remark: z.string().trim().max(140, 'validation.too_big').optional(),
});
