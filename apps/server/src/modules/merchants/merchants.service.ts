import { currencyOf, type MerchantEntry } from '@platform/contract';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import {
  findPaymentSettings,
  listMerchants,
  type PaymentSettingsRow,
  updateMerchantByCode,
  upsertTurnoverMultiplier,
} from './merchants.repository.ts';
import type { MerchantRow } from './merchants.tables.ts';

export type Merchant = MerchantRow;

/**
 * Every merchant's configuration, read from the database and kept for a few seconds per node, so
 * a change made by an operator on any node (or by the CLI) reaches every node within that time.
 */
export class MerchantDirectory {
  private cache:
    | { at: number; list: Merchant[]; byId: Map<number, Merchant>; byCode: Map<string, Merchant>; byDomain: Map<string, Merchant> }
    | undefined;
  private loading: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    private readonly ttlMs: number,
  ) {}

  private async load(): Promise<void> {
    const list = await listMerchants(this.db);
    const byId = new Map(list.map((m) => [m.id, m]));
    const byCode = new Map(list.map((m) => [m.code, m]));
    const byDomain = new Map<string, Merchant>();
    for (const m of list) for (const d of m.domains) byDomain.set(d.toLowerCase(), m);
    this.cache = { at: Date.now(), list, byId, byCode, byDomain };
  }

  private async fresh() {
    if (!this.cache || Date.now() - this.cache.at > this.ttlMs) {
      // One reload at a time, however many requests arrive while it runs.
      this.loading ??= this.load().finally(() => {
        this.loading = undefined;
      });
      await this.loading;
    }
    if (!this.cache) throw new Error('merchant cache empty');
    return this.cache;
  }

  /** Forgets the cached configuration; the next read goes to the database. */
  invalidate(): void {
    this.cache = undefined;
  }

  async list(): Promise<Merchant[]> {
    return (await this.fresh()).list;
  }

  /** A merchant by its id (a launch token's, a member's), from the same fresh configuration. */
  async byId(id: number): Promise<Merchant> {
    const merchant = (await this.fresh()).byId.get(id);
    if (!merchant) throw new AppError('APP_ERR_MERCHANT_UNKNOWN');
    return merchant;
  }

  /**
   * The merchant of a request: the `Merchant` header when given (an unknown code is an error), then
   * the host among the merchants' domains, then the default merchant.
   */
  async resolve(host: string | undefined, headerCode: string | undefined): Promise<Merchant> {
    return this.pick(await this.fresh(), host, headerCode);
  }

  /** The same as `resolve` without waiting, while the cached configuration is fresh (the hot path). */
  resolveCached(host: string | undefined, headerCode: string | undefined): Merchant | undefined {
    const cache = this.cache;
    if (!cache || Date.now() - cache.at > this.ttlMs) return undefined;
    return this.pick(cache, host, headerCode);
  }

  private pick(cache: NonNullable<MerchantDirectory['cache']>, host: string | undefined, headerCode: string | undefined): Merchant {
    if (headerCode) {
      const m = cache.byCode.get(headerCode.trim().toUpperCase());
      if (!m) throw new AppError('APP_ERR_MERCHANT_UNKNOWN');
      return m;
    }
    if (host) {
      const name = host.toLowerCase().replace(/:\d+$/, '');
      const m = cache.byDomain.get(name);
      if (m) return m;
    }
    const fallback = cache.list.find((m) => m.isDefault) ?? cache.list[0];
    if (!fallback) throw new AppError('APP_ERR_MERCHANT_UNKNOWN');
    return fallback;
  }

  /** Puts a merchant into maintenance until `end` (null: until switched off), or out of it. */
  async setMaintenance(code: string, on: boolean, end: Date | null): Promise<Merchant> {
    const row = await updateMerchantByCode(this.db, code, { maintenance: on, maintenanceEnd: on ? end : null });
    if (!row) throw new AppError('APP_ERR_MERCHANT_UNKNOWN');
    this.invalidate();
    return row;
  }

  /** Sets the countries whose visitors get the restriction page. */
  async setRestrictedCountries(code: string, countries: string[]): Promise<Merchant> {
    const list = [...new Set(countries.map((c) => c.trim().toUpperCase()).filter((c) => /^[A-Z]{2}$/.test(c)))];
    const row = await updateMerchantByCode(this.db, code, { restrictedCountries: list });
    if (!row) throw new AppError('APP_ERR_MERCHANT_UNKNOWN');
    this.invalidate();
    return row;
  }

  /** Sets the minor units from which a manual adjustment waits for a second operator (adjustmentThresholdOf). */
  async setAdjustmentThreshold(code: string, minor: number): Promise<Merchant> {
    const row = await updateMerchantByCode(this.db, code, { adjustmentThreshold: minor });
    if (!row) throw new AppError('APP_ERR_MERCHANT_UNKNOWN');
    this.invalidate();
    return row;
  }
}

/**
 * Minor units from which a manual adjustment of the merchant's players (credit or debit alike) is not
 * posted but waits for a second operator: the merchant's own threshold, else its currency's default.
 */
export function adjustmentThresholdOf(m: Pick<Merchant, 'adjustmentThreshold' | 'currency'>): number {
  return m.adjustmentThreshold ?? currencyOf(m.currency).adjustmentApproval;
}

/** Maintenance is on while the switch is on and its end time, if any, is still ahead. */
export function isInMaintenance(m: Merchant, now = new Date()): boolean {
  return m.maintenance && (!m.maintenanceEnd || m.maintenanceEnd > now);
}

export function toMerchantEntry(m: Merchant): MerchantEntry {
  return {
    merchantCode: m.code,
    country: m.country,
    countryName: m.countryName,
    currency: m.currency,
    langList: m.langList,
    domains: m.domains,
  };
}

/** One merchant read straight from the database (operator tools and background work, not the request path). */
export async function merchantById(db: Db, id: number): Promise<Merchant | undefined> {
  return (await listMerchants(db)).find((m) => m.id === id);
}

export async function merchantByCode(db: Db, code: string): Promise<Merchant | undefined> {
  return (await listMerchants(db)).find((m) => m.code === code.trim().toUpperCase());
}

/** The money rules of a merchant (turnover multiplier, withdrawal limits, confirmation minutes, upline transfers). */
export type PaymentSettings = PaymentSettingsRow;

/** What a merchant without its own money rules gets: no turnover, modest limits, 30 minutes to confirm. */
const fallbackPaymentSettings = (merchantId: number): PaymentSettings => ({
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
  return (await findPaymentSettings(db, merchantId)) ?? fallbackPaymentSettings(merchantId);
}

/** Sets how many times a deposit must be wagered before a withdrawal (applies to deposits credited from now on). */
export async function setTurnoverMultiplier(db: Db, merchantId: number, multiplier: number): Promise<void> {
  const current = await paymentSettingsOf(db, merchantId);
  await upsertTurnoverMultiplier(db, { ...current, turnoverMultiplier: multiplier });
}
