import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../platform/db.ts';
import { pixPayload } from './pix.ts';
import type {
  ChargeState,
  ChargeStatus,
  CreatedPayment,
  CreatePaymentInput,
  PaymentProvider,
  PayoutInput,
  PayoutResult,
  WebhookEvent,
} from './provider.ts';
import {
  expireIfOverdue,
  findSandboxPayment,
  insertSandboxPayment,
  payoutByReference,
  type SandboxPaymentRow,
  settlePending,
} from './sandbox.repository.ts';

/** Sends a webhook: the raw body and its headers to a path of our API. */
export type WebhookDelivery = (path: string, body: string, headers: Record<string, string>) => Promise<void>;

export const signatureHeader = 'x-sandbox-signature';

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`, the way real providers sign callbacks. */
export function signSandbox(secret: string, body: string, at = new Date()): string {
  const t = Math.floor(at.getTime() / 1000);
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
}

const newId = (prefix: string) => `${prefix}${randomBytes(10).toString('hex').toUpperCase()}`;

/**
 * A provider that behaves like the local methods without moving real money: PIX charges with a
 * BR Code (Brazil), mobile-money pushes and checkout links (Orange Money / Wave style, UEMOA). A
 * person settles a charge on its hosted page (`/sandbox/pay/:id`): approve, decline or let it expire.
 * Its webhook is HMAC-signed and, like real ones, is delivered again later (a duplicate that arrives
 * late), so the platform must take each result once.
 */
export class SandboxProvider implements PaymentProvider {
  readonly code = 'sandbox';
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(
    private readonly db: Db,
    private readonly secret: string,
    /** Public origin of this site, for the pay page and the PIX location. */
    private readonly publicOrigin: string,
    private readonly deliver: WebhookDelivery | undefined,
    /** Each webhook is sent again after this many ms (0: once only). */
    private readonly redeliverMs: number,
  ) {}

  async createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
    const id = newId('SBX');
    const payUrl = `${this.publicOrigin}/sandbox/pay/${id}`;
    await insertSandboxPayment(this.db, {
      id,
      kind: 'charge',
      merchantReference: input.reference,
      method: input.method,
      currency: input.currency,
      amount: input.amount,
      callbackUrl: input.callbackPath,
      payer: input.payerMobile ?? '',
      expiresAt: input.expiresAt,
    });
    if (input.method === 'pix') {
      const location = payUrl.replace(/^https?:\/\//, '');
      const payCode = pixPayload({
        location,
        amount: input.amount,
        merchantName: input.merchantName,
        merchantCity: input.merchantCity,
        txid: '***',
      });
      return { providerRef: id, payCode, payUrl };
    }
    // Mobile money: the request is pushed to the payer's phone (Orange Money style) or paid through a link (Wave style).
    return { providerRef: id, payCode: input.payerMobile ?? '', payUrl };
  }

  verifyWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): WebhookEvent | undefined {
    const header = headers[signatureHeader];
    const value = Array.isArray(header) ? header[0] : header;
    const m = /^t=(\d{1,12}),v1=([0-9a-f]{64})$/.exec(value ?? '');
    if (!m?.[1] || !m[2]) return undefined;
    const expected = createHmac('sha256', this.secret).update(`${m[1]}.`).update(rawBody).digest();
    const given = Buffer.from(m[2], 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    try {
      const e = JSON.parse(rawBody.toString('utf8')) as Record<string, unknown>;
      if (typeof e.id !== 'string' || typeof e.reference !== 'string' || typeof e.amount !== 'number' || typeof e.currency !== 'string') {
        return undefined;
      }
      if (!['pending', 'paid', 'declined', 'expired'].includes(String(e.status))) return undefined;
      return {
        providerRef: e.id,
        reference: e.reference,
        status: e.status as ChargeState,
        transactionId: typeof e.transactionId === 'string' ? e.transactionId : null,
        amount: e.amount,
        currency: e.currency,
      };
    } catch {
      return undefined;
    }
  }

  async queryStatus(providerRef: string): Promise<ChargeStatus | undefined> {
    await this.expireOverdue(providerRef);
    const row = await this.find(providerRef);
    if (!row) return undefined;
    return { status: row.status as ChargeState, transactionId: row.transactionId, amount: row.amount, currency: row.currency };
  }

  /** Idempotent by our reference, as a real payout API is: a repeat answers the first payout and sends nothing. */
  async payout(input: PayoutInput): Promise<PayoutResult> {
    const sent = await payoutByReference(this.db, input.reference);
    if (sent) return { providerRef: sent.id, status: sent.status === 'paid' ? 'paid' : 'failed' };
    const id = newId('SBP');
    const now = new Date();
    await insertSandboxPayment(this.db, {
      id,
      kind: 'payout',
      merchantReference: input.reference,
      method: input.account.kind,
      currency: input.currency,
      amount: input.amount,
      status: 'paid',
      transactionId: newId('SBT'),
      callbackUrl: '',
      payer: `${input.account.institution} ${input.account.number}`,
      expiresAt: now,
      settledAt: now,
    });
    return { providerRef: id, status: 'paid' };
  }

  /** A charge as its hosted page shows it. */
  async charge(id: string) {
    await this.expireOverdue(id);
    return this.find(id);
  }

  /**
   * What the person on the hosted page did. Only a pending charge moves; the result is sent to the
   * platform's webhook (and sent again later). Returns the charge after the action.
   */
  async settle(id: string, action: 'approve' | 'decline' | 'expire', now = new Date()) {
    await this.expireOverdue(id, now);
    const status: ChargeState = action === 'approve' ? 'paid' : action === 'decline' ? 'declined' : 'expired';
    const row = await settlePending(this.db, id, { status, settledAt: now, transactionId: status === 'paid' ? newId('SBT') : null });
    const charge = row ?? (await this.find(id));
    if (row) await this.sendResult(row);
    return charge;
  }

  /** Sends the signed result of a charge to its callback, now and once more later. */
  async sendResult(row: SandboxPaymentRow): Promise<void> {
    if (!this.deliver) return;
    const body = JSON.stringify({
      id: row.id,
      reference: row.merchantReference,
      status: row.status,
      transactionId: row.transactionId,
      amount: row.amount,
      currency: row.currency,
      method: row.method,
    });
    const send = () =>
      this.deliver?.(row.callbackUrl, body, { 'content-type': 'application/json', [signatureHeader]: signSandbox(this.secret, body) });
    await send();
    if (this.redeliverMs > 0) {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        send()?.catch(() => undefined);
      }, this.redeliverMs);
      timer.unref();
      this.timers.add(timer);
    }
  }

  /** Stops pending redeliveries (at shutdown). */
  close(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }

  private async find(id: string) {
    return findSandboxPayment(this.db, id);
  }

  /** A charge nobody settled before its end expires on the provider's side too. */
  private async expireOverdue(id: string, now = new Date()) {
    const row = await expireIfOverdue(this.db, id, now);
    if (row) await this.sendResult(row);
  }
}
