/**
 * What the platform needs from a payment provider (a PIX PSP, a mobile-money aggregator...). The
 * platform never knows which provider is behind a channel; amounts are minor units.
 */
export interface PaymentProvider {
  readonly code: string;
  /** Opens a charge the player pays; the answer is what the player needs to pay it. */
  createPayment(input: CreatePaymentInput): Promise<CreatedPayment>;
  /** Checks a webhook's signature over its raw body; undefined when it is not authentic. */
  verifyWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): WebhookEvent | undefined;
  /** Asks the provider where a charge stands (for charges whose webhook never came). */
  queryStatus(providerRef: string): Promise<ChargeStatus | undefined>;
  /** Sends money to a withdrawal account. */
  payout(input: PayoutInput): Promise<PayoutResult>;
}

export interface CreatePaymentInput {
  /** Our deposit reference. */
  reference: string;
  method: string;
  /** Mobile-money brand (orange, wave). */
  brand: string;
  currency: string;
  amount: number;
  expiresAt: Date;
  /** E.164 number a mobile-money request is pushed to. */
  payerMobile?: string;
  merchantName: string;
  merchantCity: string;
  /** Where the provider sends the signed result. */
  callbackPath: string;
}

export interface CreatedPayment {
  providerRef: string;
  /** PIX copy-paste code, or the number a request was pushed to. */
  payCode: string;
  /** The provider's page where the payment is made or approved. */
  payUrl: string;
}

export type ChargeState = 'pending' | 'paid' | 'declined' | 'expired';

export interface ChargeStatus {
  status: ChargeState;
  /** The provider's transaction id of a settled charge: the ledger's idempotency key. */
  transactionId: string | null;
  amount: number;
  currency: string;
}

export interface WebhookEvent extends ChargeStatus {
  providerRef: string;
  /** Our reference, echoed. */
  reference: string;
}

export interface PayoutInput {
  reference: string;
  currency: string;
  amount: number;
  account: { kind: string; holderName: string; institution: string; number: string };
}

export interface PayoutResult {
  providerRef: string;
  status: 'paid' | 'failed';
}

/** The providers configured on this node, by code. */
export class ProviderRegistry {
  private readonly byCode = new Map<string, PaymentProvider>();

  constructor(providers: PaymentProvider[]) {
    for (const p of providers) this.byCode.set(p.code, p);
  }

  get(code: string): PaymentProvider | undefined {
    return this.byCode.get(code);
  }
}
