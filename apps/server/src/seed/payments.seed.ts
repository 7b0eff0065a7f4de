import { toAmount } from '@platform/contract';
import { memberByAccount } from '../modules/members/members.service.ts';
import { adjustmentThresholdOf } from '../modules/merchants/merchants.service.ts';
import type { paymentSettings } from '../modules/merchants/merchants.tables.ts';
import { adjustBalance } from '../modules/payments/adjustments.service.ts';
import type { paymentChannels } from '../modules/payments/payments.tables.ts';
import { houseAccount, post } from '../modules/wallet/ledger.service.ts';
import { walletAccount, walletKinds } from '../modules/wallet/wallet.service.ts';
import { appendAudit } from '../platform/audit.ts';
import type { Db } from '../platform/db.ts';
import { demoAccounts } from './members.seed.ts';
import { seedDemoMaker } from './operators.seed.ts';

type Settings = Omit<typeof paymentSettings.$inferInsert, 'merchantId'>;
type Channel = Omit<typeof paymentChannels.$inferInsert, 'merchantId'>;

/** Money rules of the demo merchants (amounts in minor units of their currency: centavos, whole F CFA). */
export const demoPaymentSettings: Record<string, Settings> = {
  BRAZIL: {
    turnoverMultiplier: 1,
    withdrawMin: 2_000,
    withdrawMax: 5_000_000,
    withdrawDailyCount: 5,
    withdrawDailyAmount: 10_000_000,
    confirmMinutes: 30,
    uplineTransfer: true,
    withdrawAccountKinds: ['pix', 'bank'],
  },
  UEMOA: {
    turnoverMultiplier: 1,
    withdrawMin: 1_000,
    withdrawMax: 1_000_000,
    withdrawDailyCount: 3,
    withdrawDailyAmount: 2_000_000,
    confirmMinutes: 60,
    uplineTransfer: true,
    withdrawAccountKinds: ['mobile_money', 'bank'],
  },
};

/** Deposit channels of the demo merchants: PIX in Brazil, Orange Money and Wave in UEMOA, all through the sandbox. */
export const demoPaymentChannels: Record<string, Channel[]> = {
  BRAZIL: [
    {
      code: 'PIX',
      method: 'pix',
      provider: 'sandbox',
      currency: 'BRL',
      name: { EN: 'PIX', PT: 'PIX', FR: 'PIX' },
      instructions: {
        EN: 'Open your bank app, choose PIX and scan the QR code or paste the copy-and-paste code. The amount is credited as soon as the payment is confirmed.',
        PT: 'Abra o app do seu banco, escolha PIX e leia o QR code ou cole o código copia e cola. O valor é creditado assim que o pagamento for confirmado.',
        FR: 'Ouvrez l’application de votre banque, choisissez PIX et scannez le QR code ou collez le code. Le montant est crédité dès la confirmation du paiement.',
      },
      minAmount: 1_000,
      maxAmount: 5_000_000,
      feeFixed: 0,
      feeBps: 0,
      expiryMinutes: 15,
      sort: 1,
    },
  ],
  UEMOA: [
    {
      code: 'ORANGE_MONEY',
      method: 'mobile_money',
      brand: 'orange',
      provider: 'sandbox',
      currency: 'XOF',
      name: { EN: 'Orange Money', PT: 'Orange Money', FR: 'Orange Money' },
      instructions: {
        EN: 'A payment request is sent to your Orange Money number. Confirm it on your phone with your secret code (#144#) before it expires.',
        PT: 'Um pedido de pagamento é enviado ao seu número Orange Money. Confirme-o no telefone com o seu código secreto (#144#) antes que expire.',
        FR: 'Une demande de paiement est envoyée à votre numéro Orange Money. Validez-la sur votre téléphone avec votre code secret (#144#) avant son expiration.',
      },
      minAmount: 500,
      maxAmount: 500_000,
      feeFixed: 0,
      feeBps: 100,
      expiryMinutes: 10,
      sort: 1,
    },
    {
      code: 'WAVE',
      method: 'mobile_money',
      brand: 'wave',
      provider: 'sandbox',
      currency: 'XOF',
      name: { EN: 'Wave', PT: 'Wave', FR: 'Wave' },
      instructions: {
        EN: 'Open the payment link in the Wave app and approve the payment.',
        PT: 'Abra o link de pagamento no app Wave e aprove o pagamento.',
        FR: 'Ouvrez le lien de paiement dans l’application Wave et validez le paiement.',
      },
      minAmount: 100,
      maxAmount: 1_000_000,
      feeFixed: 0,
      feeBps: 0,
      expiryMinutes: 15,
      sort: 2,
    },
  ],
};

/** Vendors each demo merchant runs through a transfer wallet (the others are seamless). */
export const demoTransferVendors: Record<string, string[]> = {
  BRAZIL: ['JDB', 'KM'],
  UEMOA: ['JDB', 'EZUGI'],
};

/** Money the demo player of each merchant starts with (minor units: R$ 1 000, 100 000 F CFA), so the site has a balance to show. */
export const demoPlayerFunds: Record<string, number> = { BRAZIL: 100_000, UEMOA: 100_000 };

/** Credits the demo player's starting funds as an operator adjustment, with its audit line. */
export async function seedDemoMoney(db: Db, merchant: { id: number; code: string; currency: string }): Promise<void> {
  const amount = demoPlayerFunds[merchant.code];
  const player = await memberByAccount(db, merchant.id, demoAccounts.player.account);
  if (!amount || !player) return;
  const main = await walletAccount(db, player, walletKinds.main, merchant.currency);
  const house = await houseAccount(db, merchant.id, 'adjustments', merchant.currency, player.id);
  const posted = await post(db, {
    merchantId: merchant.id,
    type: 'adjustment',
    idempotencyKey: `seed:demo-funds:${player.id}`,
    reference: { reason: 'demo funds' },
    postings: [
      { accountId: main, amount },
      { accountId: house, amount: -amount },
    ],
  });
  await appendAudit(db, {
    operator: 'seed',
    action: 'ledger.adjust',
    merchantId: merchant.id,
    target: `member:${player.id}`,
    reason: 'demo funds',
    details: { amount, transactionId: posted.transactionId },
  });
}

/**
 * Brazil's demo adjustment request (decision 0047): the demo maker asks to credit the demo player
 * one and a half times the merchant's threshold, through the adjustments service, so it waits for a
 * second operator: an owner opening the back office finds it pending and may approve or reject it.
 */
export async function seedDemoAdjustmentRequest(
  db: Db,
  merchant: { id: number; code: string; currency: string; adjustmentThreshold: number | null },
): Promise<void> {
  if (merchant.code !== 'BRAZIL') return;
  const player = await memberByAccount(db, merchant.id, demoAccounts.player.account);
  if (!player) return;
  const maker = await seedDemoMaker(db, merchant.id);
  await adjustBalance(db, maker, player.id, {
    amount: toAmount(Math.round(adjustmentThresholdOf(merchant) * 1.5), merchant.currency),
    reason: 'Compensation for a jackpot win lost to a game outage (ticket 4471)',
    requestId: 'seed-demo-adjustment-request',
  });
}
