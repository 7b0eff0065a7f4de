import { randomBytes } from 'node:crypto';
import { type Deposit, type DepositBody, type DepositChannel, toAmount, toMinor } from '@platform/contract';
import QRCode from 'qrcode';
import { throttle } from '../../platform/attempts.ts';
import { type Db, inTransaction } from '../../platform/db.ts';
import { AppError, failField } from '../../platform/errors.ts';
import { localText } from '../../platform/http.ts';
import { minorOf } from '../../platform/money.ts';
import { type MemberRow, normalizeMobile } from '../members/members.service.ts';
import { type Merchant, paymentSettingsOf } from '../merchants/merchants.service.ts';
import { admitDeposit } from '../responsible-gaming/limits.service.ts';
import { refuseSwitchedOff } from '../staking/play-switch.service.ts';
import { houseAccount, post } from '../wallet/ledger.service.ts';
import { publishBalances, walletAccount, walletKinds } from '../wallet/wallet.service.ts';
import {
  type ChannelRow,
  channelById,
  type DepositRow,
  depositByProviderRef,
  depositByReference,
  depositByRequest,
  depositedSince,
  findChannel,
  insertDeposit,
  listChannels,
  lockMember,
  logWebhook,
  memberDeposits,
  overdueDeposits,
  updateDeposit,
} from './payments.repository.ts';
import type { ChargeState, ProviderRegistry } from './provider.ts';

export interface PaymentsDeps {
  db: Db;
  providers: ProviderRegistry;
}

/** A reference people can read out: a letter and 15 upper-case alphanumerics. */
export function newReference(prefix: 'D' | 'W'): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(15);
  let s = prefix;
  for (const b of bytes) s += alphabet[b % alphabet.length];
  return s;
}

/** The fee a channel keeps from a deposit: fixed part plus basis points, rounded down. */
export const channelFee = (c: Pick<ChannelRow, 'feeFixed' | 'feeBps'>, amount: number) =>
  c.feeFixed + Math.floor((amount * c.feeBps) / 10_000);

function channelView(c: ChannelRow, lang: string, langs: readonly string[]): DepositChannel {
  return {
    code: c.code,
    method: c.method,
    brand: c.brand,
    name: localText(c.name, lang, langs),
    instructions: localText(c.instructions, lang, langs),
    currency: c.currency,
    min: toAmount(c.minAmount, c.currency),
    max: toAmount(c.maxAmount, c.currency),
    feeFixed: toAmount(c.feeFixed, c.currency),
    feePercent: c.feeBps / 100,
    needsMobile: c.method === 'mobile_money',
  };
}

/** The merchant's deposit channels in its currency, in the reader's language. */
export async function depositChannels(db: Db, merchant: Merchant, lang: string): Promise<DepositChannel[]> {
  return (await listChannels(db, merchant.id, merchant.currency)).map((c) => channelView(c, lang, merchant.langList));
}

/** A deposit as the player sees it; the QR image is drawn only for one deposit at a time, not for lists. */
async function depositView(db: Db, d: DepositRow, channel?: ChannelRow, withQr = true): Promise<Deposit> {
  const c = channel ?? (await channelById(db, d.channelId));
  const isPix = withQr && c?.method === 'pix' && d.payCode !== '';
  return {
    reference: d.reference,
    channel: c?.code ?? '',
    method: c?.method ?? '',
    currency: d.currency,
    amount: toAmount(d.amount, d.currency),
    fee: toAmount(d.fee, d.currency),
    credited: toAmount(d.amount - d.fee, d.currency),
    status: d.status as Deposit['status'],
    payCode: d.payCode,
    qrCode: isPix && d.status === 'pending' ? await QRCode.toDataURL(d.payCode, { type: 'image/png', margin: 1, width: 256 }) : null,
    payUrl: d.payUrl,
    createdAt: d.createdAt.getTime(),
    expiresAt: d.expiresAt.getTime(),
    completedAt: d.completedAt?.getTime() ?? null,
  };
}

const amountError = (message: string, params?: Record<string, number>): never => failField('amount', message, params);

/**
 * The first deposit of a repeated request id, when the repeat asks for the same deposit: the same
 * channel and amount, and for mobile money the same number when it names one (without one, the first
 * deposit's number stands). Another request under a used id is refused, as for transfers (decision 0005).
 */
async function firstOfRepeat(db: Db, merchant: Merchant, first: DepositRow, body: DepositBody): Promise<Deposit> {
  const channel = await channelById(db, first.channelId);
  const typed = channel?.method === 'mobile_money' && body.mobileNum;
  const mobile = typed ? normalizeMobile(body.countryDialingCode, body.mobileNum as string, merchant.country)?.e164 : first.payerMobile;
  if (channel?.code !== body.channel || first.amount !== toMinor(body.amount, first.currency) || (mobile ?? null) !== first.payerMobile) {
    throw new AppError('APP_ERR_LEDGER_DUPLICATE');
  }
  return depositView(db, first, channel);
}

/**
 * Opens a deposit: checks the channel's limits, records the deposit as pending, then asks the
 * provider for the charge. A repeated request id returns the first deposit; the same id with another
 * channel, amount or number is refused (409 APP_ERR_LEDGER_DUPLICATE).
 */
export async function createDeposit(deps: PaymentsDeps, merchant: Merchant, member: MemberRow, body: DepositBody, now = new Date()) {
  const { db } = deps;
  const earlier = await depositByRequest(db, member.id, body.requestId);
  if (earlier) return firstOfRepeat(db, merchant, earlier, body);
  await refuseSwitchedOff(db, member.id, 'deposit');
  const channel = await findChannel(db, merchant.id, body.channel);
  if (!channel || channel.currency !== merchant.currency) {
    throw new AppError('APP_ERR_PAYMENT_CHANNEL_UNKNOWN', [{ field: 'channel', message: 'error.payment_channel_unknown' }]);
  }
  const provider = deps.providers.get(channel.provider);
  if (!provider) throw new AppError('APP_ERR_PAYMENT_PROVIDER_FAILED');
  const amount = minorOf(body.amount, channel.currency);
  if (amount < channel.minAmount) amountError('validation.amount_below_min', { min: toAmount(channel.minAmount, channel.currency) });
  if (amount > channel.maxAmount) amountError('validation.amount_above_max', { max: toAmount(channel.maxAmount, channel.currency) });
  const fee = channelFee(channel, amount);
  if (fee >= amount) amountError('validation.amount_below_min', { min: toAmount(fee + 1, channel.currency) });
  let payerMobile: string | undefined;
  if (channel.method === 'mobile_money') {
    const typed = body.mobileNum ? normalizeMobile(body.countryDialingCode, body.mobileNum, merchant.country) : undefined;
    if (body.mobileNum && !typed) throw new AppError('APP_ERR_VALIDATION', [{ field: 'mobileNum', message: 'validation.mobile_invalid' }]);
    payerMobile = typed?.e164 ?? member.mobile ?? undefined;
    if (!payerMobile) throw new AppError('APP_ERR_VALIDATION', [{ field: 'mobileNum', message: 'validation.required' }]);
  }
  const reference = newReference('D');
  // The player's deposit limits count this deposit with the others of the period, one deposit of the
  // member at a time (the member's row lock), so two at once cannot pass a limit together.
  const created = await inTransaction(db, async (tx) => {
    await lockMember(tx, member.id);
    await admitDeposit(tx, merchant, member.id, amount, (since) => depositedSince(tx, member.id, since), now);
    return insertDeposit(tx, {
      merchantId: merchant.id,
      memberId: member.id,
      channelId: channel.id,
      reference,
      requestId: body.requestId,
      currency: channel.currency,
      amount,
      fee,
      provider: provider.code,
      payerMobile,
      expiresAt: new Date(now.getTime() + channel.expiryMinutes * 60_000),
    });
  });
  if (!created) {
    // The same request id arrived twice at once: the other one created it.
    const first = await depositByRequest(db, member.id, body.requestId);
    if (!first) throw new Error('deposit request id conflict without a deposit');
    return firstOfRepeat(db, merchant, first, body);
  }
  try {
    const charge = await provider.createPayment({
      reference,
      method: channel.method,
      brand: channel.brand,
      currency: channel.currency,
      amount,
      expiresAt: created.expiresAt,
      payerMobile,
      merchantName: merchant.theme.brandName,
      merchantCity: merchant.countryName,
      callbackPath: `/wps/payments/webhook/${provider.code}`,
    });
    const row = await updateDeposit(db, created.id, { providerRef: charge.providerRef, payCode: charge.payCode, payUrl: charge.payUrl });
    return depositView(db, row, channel);
  } catch (err) {
    await updateDeposit(db, created.id, { status: 'declined', completedAt: new Date() });
    throw err instanceof AppError ? err : new AppError('APP_ERR_PAYMENT_PROVIDER_FAILED');
  }
}

export async function memberDeposit(db: Db, member: MemberRow, reference: string): Promise<Deposit> {
  const d = await depositByReference(db, reference);
  // Someone else's deposit is "not found": its existence is not the caller's business.
  if (!d || d.memberId !== member.id) throw new AppError('APP_ERR_PAYMENT_NOT_FOUND');
  return depositView(db, d);
}

export async function depositPage(db: Db, member: MemberRow, q: { pageNo: number; pageSize: number; status?: string }) {
  const { rows, total } = await memberDeposits(db, member.id, q.status, q.pageSize, (q.pageNo - 1) * q.pageSize);
  return {
    content: await Promise.all(rows.map((r) => depositView(db, r, undefined, false))),
    pageNo: q.pageNo,
    pageSize: q.pageSize,
    totalPages: Math.max(1, Math.ceil(total / q.pageSize)),
    totalElements: total,
  };
}

export type SettleOutcome = 'credited' | 'declined' | 'expired' | 'duplicate' | 'pending' | 'refused:state';

/**
 * Applies a provider's verdict on a deposit, once, in one transaction with the deposit row locked:
 * paid credits the wallet (provider transaction id as the ledger's idempotency key) less the fee,
 * and adds the merchant's turnover requirement; declined and expired close a pending deposit.
 * A charge paid after we had marked it expired is still credited: the money did arrive.
 */
export async function settleDeposit(
  db: Db,
  provider: string,
  providerRef: string,
  verdict: { status: ChargeState; transactionId: string | null },
  now = new Date(),
): Promise<SettleOutcome> {
  let credited: number[] = [];
  const outcome = await inTransaction(db, async (tx) => {
    const d = await depositByProviderRef(tx, provider, providerRef, true);
    if (!d) throw new AppError('APP_ERR_PAYMENT_NOT_FOUND');
    if (verdict.status === 'pending') return 'pending' as const;
    if (verdict.status === 'paid') {
      if (d.status === 'approved') return 'duplicate' as const;
      if (d.status === 'declined') return 'refused:state' as const;
      if (!verdict.transactionId) throw new AppError('APP_ERR_PAYMENT_WEBHOOK_REFUSED');
      const settings = await paymentSettingsOf(tx, d.merchantId);
      const owner = { id: d.memberId, merchantId: d.merchantId };
      const net = d.amount - d.fee;
      const cashIn = await houseAccount(tx, d.merchantId, 'cash_in', d.currency, d.memberId);
      const main = await walletAccount(tx, owner, walletKinds.main, d.currency);
      const postings = [
        { accountId: cashIn, amount: -d.amount },
        { accountId: main, amount: net },
      ];
      if (d.fee > 0) postings.push({ accountId: await houseAccount(tx, d.merchantId, 'fees', d.currency, d.memberId), amount: d.fee });
      const res = await post(tx, {
        merchantId: d.merchantId,
        type: 'deposit',
        idempotencyKey: `deposit:${provider}:${verdict.transactionId}`,
        request: { deposit: d.id, amount: d.amount, fee: d.fee },
        reference: { reference: d.reference, provider },
        postings,
        turnoverRequired: { memberId: d.memberId, amount: net * settings.turnoverMultiplier },
      });
      await updateDeposit(tx, d.id, {
        status: 'approved',
        providerTxId: verdict.transactionId,
        ledgerTransactionId: res.transactionId,
        completedAt: now,
      });
      credited = res.members;
      return 'credited' as const;
    }
    if (d.status !== 'pending') return 'duplicate' as const;
    await updateDeposit(tx, d.id, { status: verdict.status, completedAt: now });
    return verdict.status;
  });
  await publishBalances(db, credited);
  return outcome;
}

/**
 * Webhook calls one source (an IP address) may make in a minute, whatever their outcome; more are
 * refused (429). A provider sends one per payment result, and again when it got no answer.
 */
export const WEBHOOK_RATE = { windowMs: 60_000, limit: 300 };

/**
 * Counts a webhook call of `source` and refuses it beyond WEBHOOK_RATE. The counter is shared by
 * every node (platform/attempts), and this runs before the body is read or anything else is done.
 */
export function admitWebhook(db: Db, source: string, now = new Date()): Promise<void> {
  return throttle(db, `webhook:ip:${source}`, WEBHOOK_RATE, now);
}

/**
 * A provider's webhook. The signature is checked first: an unsigned or forged call is refused
 * (APP_ERR_PAYMENT_WEBHOOK_SIGNATURE) and nothing of it is stored, so a flood of them costs no
 * storage. A signed one is refused (and kept, with its outcome) when the reference is unknown or the
 * amount or currency differ from the deposit's; otherwise it is applied once and kept.
 */
export async function handleWebhook(
  deps: PaymentsDeps,
  providerCode: string,
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
): Promise<SettleOutcome> {
  const { db } = deps;
  const provider = deps.providers.get(providerCode);
  if (!provider) throw new AppError('APP_ERR_NOT_FOUND');
  const event = provider.verifyWebhook(rawBody, headers);
  if (!event) throw new AppError('APP_ERR_PAYMENT_WEBHOOK_SIGNATURE');
  // Signed by the provider: kept whole (the route caps its size).
  const body = rawBody.toString('utf8');
  const refuse = async (why: string) => {
    await logWebhook(db, { provider: provider.code, signatureOk: true, outcome: `refused:${why}`, body });
    throw new AppError('APP_ERR_PAYMENT_WEBHOOK_REFUSED');
  };
  const d = await depositByProviderRef(db, provider.code, event.providerRef);
  if (!d || d.reference !== event.reference) return refuse('unknown_reference');
  if (d.amount !== event.amount || d.currency !== event.currency) return refuse('amount_mismatch');
  const outcome = await settleDeposit(db, provider.code, event.providerRef, event);
  await logWebhook(db, { provider: provider.code, signatureOk: true, outcome, body });
  return outcome;
}

/**
 * Asks the provider about pending deposits past their end (webhooks can be lost) and applies what
 * it says; a charge the provider still has pending stays pending until the provider expires it.
 */
export async function reconcileOverdueDeposits(deps: PaymentsDeps, now = new Date(), limit = 50): Promise<number> {
  let settled = 0;
  for (const d of await overdueDeposits(deps.db, now, limit)) {
    const provider = deps.providers.get(d.provider);
    if (!provider || !d.providerRef) {
      await updateDeposit(deps.db, d.id, { status: 'expired', completedAt: now });
      settled++;
      continue;
    }
    const status = await provider.queryStatus(d.providerRef);
    if (!status || status.amount !== d.amount || status.currency !== d.currency) continue;
    const outcome = await settleDeposit(deps.db, provider.code, d.providerRef, status, now);
    if (outcome !== 'pending') settled++;
  }
  return settled;
}
