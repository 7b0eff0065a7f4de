import type { AdminOffer, NewOfferBody } from '@platform/contract';
import { appendAudit } from '../../platform/audit.ts';
import { type Db, inTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { type Merchant, merchantByCode, merchantById } from '../merchants/merchants.service.ts';
import { mayOffer } from './market-rules.ts';
import { type OfferRow, offerById, offersOfMerchant, setOfferEnabled } from './promotions.repository.ts';
import { createOffer, termsOf } from './promotions.service.ts';

// The operators' side of the promotions engine (decision 0030): a merchant's offers, creating one
// and switching one on or off, each audited in its transaction. The market rule applies here too:
// an operator can neither create nor switch on a type the merchant's market forbids.

function toAdmin(o: OfferRow, merchantCode: string): AdminOffer {
  return {
    id: o.id,
    merchant: merchantCode,
    promotionId: o.promotionId,
    type: o.type as AdminOffer['type'],
    title: o.title,
    terms: o.terms,
    enabled: o.enabled,
    startsAt: o.startsAt?.getTime() ?? null,
    endsAt: o.endsAt?.getTime() ?? null,
    sort: o.sort,
  };
}

async function merchantOf(db: Db, code: string): Promise<Merchant> {
  const merchant = await merchantByCode(db, code);
  if (!merchant) throw new AppError('APP_ERR_MERCHANT_UNKNOWN');
  return merchant;
}

/** The merchant an offer belongs to, for the operator's scope (an unknown offer: no merchant, refused by the guard as not found). */
export async function merchantOfOffer(db: Db, id: number): Promise<number | null> {
  return (await offerById(db, id))?.merchantId ?? null;
}

export async function adminOffers(db: Db, code: string): Promise<AdminOffer[]> {
  const merchant = await merchantOf(db, code);
  return (await offersOfMerchant(db, merchant.id)).map((o) => toAdmin(o, merchant.code));
}

/** Creates an offer for a merchant (the market rule refuses a forbidden type), audited. */
export async function addOffer(db: Db, operator: string, body: NewOfferBody): Promise<AdminOffer> {
  const merchant = await merchantOf(db, body.merchant);
  const id = await inTransaction(db, async (tx) => {
    const created = await createOffer(tx, merchant, {
      promotionId: body.promotionId,
      title: body.title as Record<string, string>,
      terms: body.terms,
      enabled: body.enabled,
      startsAt: body.startsAt === null ? null : new Date(body.startsAt),
      endsAt: body.endsAt === null ? null : new Date(body.endsAt),
      sort: body.sort,
    });
    await appendAudit(tx, {
      operator,
      action: 'promotions.manage',
      merchantId: merchant.id,
      target: `offer:${created}`,
      reason: '',
      details: { type: body.terms.type, enabled: body.enabled },
    });
    return created;
  });
  const row = await offerById(db, id);
  if (!row) throw new AppError('APP_ERR_PROMOTION_NOT_FOUND');
  return toAdmin(row, merchant.code);
}

/** Switches an offer on or off, audited; switching on a type the market forbids is refused. */
export async function switchOffer(db: Db, operator: string, id: number, enabled: boolean): Promise<AdminOffer> {
  const row = await offerById(db, id);
  const merchant = row ? await merchantById(db, row.merchantId) : undefined;
  if (!row || !merchant) throw new AppError('APP_ERR_PROMOTION_NOT_FOUND');
  const terms = termsOf(row);
  if (enabled && (!terms || !mayOffer(merchant, terms.type))) throw new AppError('APP_ERR_PROMOTION_MARKET_BANNED');
  await inTransaction(db, async (tx) => {
    await setOfferEnabled(tx, id, enabled);
    await appendAudit(tx, {
      operator,
      action: 'promotions.manage',
      merchantId: merchant.id,
      target: `offer:${id}`,
      reason: '',
      details: { enabled },
    });
  });
  return toAdmin({ ...row, enabled }, merchant.code);
}
