import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { paymentSettings } from './payments.tables.ts';

export type PaymentSettings = typeof paymentSettings.$inferSelect;

/** What a merchant without its own money rules gets: no turnover, modest limits, 30 minutes to confirm. */
const fallback = (merchantId: number): PaymentSettings => ({
  merchantId,
  turnoverMultiplier: 1,
  withdrawMin: 1_000,
  withdrawMax: 5_000_000,
  withdrawDailyCount: 5,
  withdrawDailyAmount: 10_000_000,
  confirmMinutes: 30,
  uplineTransfer: false,
  withdrawAccountKinds: ['bank'],
});

/** The merchant's money rules (turnover multiplier, withdrawal limits, confirmation minutes). */
export async function paymentSettingsOf(db: Db, merchantId: number): Promise<PaymentSettings> {
  const [row] = await db.select().from(paymentSettings).where(eq(paymentSettings.merchantId, merchantId)).limit(1);
  return row ?? fallback(merchantId);
}

/** Sets how many times a deposit must be wagered before a withdrawal (applies to deposits credited from now on). */
export async function setTurnoverMultiplier(db: Db, merchantId: number, multiplier: number): Promise<void> {
  const current = await paymentSettingsOf(db, merchantId);
  await db
    .insert(paymentSettings)
    .values({ ...current, turnoverMultiplier: multiplier })
    .onConflictDoUpdate({ target: paymentSettings.merchantId, set: { turnoverMultiplier: multiplier } });
}
