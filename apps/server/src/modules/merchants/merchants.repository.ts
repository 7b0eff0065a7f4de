import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { type MerchantRow, merchants, type NewMerchantRow, paymentSettings } from './merchants.tables.ts';

export function listMerchants(db: Db): Promise<MerchantRow[]> {
  return db.select().from(merchants).orderBy(asc(merchants.sort), asc(merchants.id));
}

export async function countMerchants(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(merchants);
  return row?.n ?? 0;
}

export async function insertMerchant(db: Db, row: NewMerchantRow): Promise<MerchantRow> {
  const [created] = await db.insert(merchants).values(row).returning();
  if (!created) throw new Error('merchant insert returned nothing');
  return created;
}

export async function updateMerchantByCode(
  db: Db,
  code: string,
  patch: Partial<Pick<MerchantRow, 'maintenance' | 'maintenanceEnd' | 'restrictedCountries' | 'adjustmentThreshold'>>,
): Promise<MerchantRow | undefined> {
  const [row] = await db
    .update(merchants)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(merchants.code, code))
    .returning();
  return row;
}

export type PaymentSettingsRow = typeof paymentSettings.$inferSelect;

export async function findPaymentSettings(db: Db, merchantId: number): Promise<PaymentSettingsRow | undefined> {
  const [row] = await db.select().from(paymentSettings).where(eq(paymentSettings.merchantId, merchantId)).limit(1);
  return row;
}

/** Writes the merchant's money rules, or only the turnover multiplier when the merchant has its row. */
export async function upsertTurnoverMultiplier(db: Db, rules: PaymentSettingsRow): Promise<void> {
  await db
    .insert(paymentSettings)
    .values(rules)
    .onConflictDoUpdate({ target: paymentSettings.merchantId, set: { turnoverMultiplier: rules.turnoverMultiplier } });
}
