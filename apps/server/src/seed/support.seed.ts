import { randomBytes } from 'node:crypto';
import { loadAuthConfig } from '../modules/auth/auth.config.ts';
import { PasswordHasher } from '../modules/auth/passwords.ts';
import { memberByAccount } from '../modules/members/members.service.ts';
import { MerchantDirectory } from '../modules/merchants/merchants.service.ts';
import { insertOperator, operatorByAccount } from '../modules/operators/operators.repository.ts';
import type { ActingOperator } from '../modules/operators/operators.service.ts';
import {
  answer,
  closeConversation,
  createCanned,
  rateConversation,
  sendPlayerText,
  takeConversation,
} from '../modules/support/support.service.ts';
import type { Db } from '../platform/db.ts';
import { demoAccounts } from './members.seed.ts';

/** The demo's support operator (decision 0049): the author of the seeded answers, disabled like the demo maker, nobody signs in as them. */
export const DEMO_SUPPORT = { account: 'demo.support', name: 'Bia' } as const;

const canned: Record<string, { title: string; content: string; translations: Record<string, string> }[]> = {
  BRAZIL: [
    {
      title: 'Greeting',
      content: 'Hello! Thank you for writing. How can I help you today?',
      translations: { PT: 'Olá! Obrigado por escrever. Como posso ajudar hoje?' },
    },
    {
      title: 'PIX deposit delay',
      content: 'PIX deposits usually arrive within a few minutes. Could you send me the receipt so I can check it?',
      translations: { PT: 'Depósitos por PIX costumam chegar em poucos minutos. Pode me enviar o comprovante para eu verificar?' },
    },
    {
      title: 'Closing',
      content: 'Is there anything else I can help you with? Have a great day!',
      translations: { PT: 'Posso ajudar em mais alguma coisa? Tenha um ótimo dia!' },
    },
  ],
  UEMOA: [
    {
      title: 'Greeting',
      content: 'Hello! Thank you for writing. How can I help you today?',
      translations: { FR: 'Bonjour ! Merci de nous écrire. Comment puis-je vous aider ?' },
    },
    {
      title: 'Mobile money deposit',
      content: 'Mobile money deposits arrive once you confirm the payment on your phone. Did you receive the confirmation prompt?',
      translations: {
        FR: 'Les dépôts mobile money arrivent dès que vous confirmez le paiement sur votre téléphone. Avez-vous reçu la demande de confirmation ?',
      },
    },
    {
      title: 'Closing',
      content: 'Is there anything else I can help you with? Have a great day!',
      translations: { FR: 'Puis-je vous aider pour autre chose ? Bonne journée !' },
    },
  ],
};

async function demoSupport(db: Db): Promise<ActingOperator> {
  const hasher = new PasswordHasher(loadAuthConfig().passwordHash);
  const row =
    (await insertOperator(db, {
      account: DEMO_SUPPORT.account,
      name: DEMO_SUPPORT.name,
      role: 'support',
      allMerchants: true,
      passwordHash: await hasher.hash(randomBytes(24).toString('base64url')),
      mustChangePassword: true,
      disabledAt: new Date(),
    })) ?? (await operatorByAccount(db, DEMO_SUPPORT.account));
  if (!row) throw new Error('demo support operator neither seeded nor found');
  return { id: row.id, account: row.account, role: 'support', allMerchants: true, merchantIds: [], via: 'session' };
}

/**
 * The console's canned answers of a demo merchant and, from a player of it, a conversation of
 * yesterday that the demo support operator answered and closed and the player rated, all through
 * the support services.
 */
export async function seedSupport(db: Db, merchant: { id: number; code: string }, now: Date): Promise<void> {
  const answers = canned[merchant.code];
  if (!answers) return;
  const directory = new MerchantDirectory(db, 0);
  const op = await demoSupport(db);
  for (const a of answers) await createCanned(db, directory, op, { merchant: merchant.code, ...a }, now);
  const player = await memberByAccount(db, merchant.id, demoAccounts.expiredPassword.account);
  if (!player) return;
  const at = (minutes: number) => new Date(now.getTime() - 86_400_000 + minutes * 60_000);
  const who = { id: player.id, merchantId: merchant.id };
  const first = await sendPlayerText(
    db,
    directory,
    who,
    { clientId: 'seed-support-1', content: 'How long does a withdrawal take?' },
    at(0),
  );
  await takeConversation(db, directory, op, first.conversationId, at(2));
  await answer(
    db,
    directory,
    op,
    first.conversationId,
    { clientId: 'seed-support-2', content: 'Most withdrawals are paid within the hour once approved.' },
    at(3),
  );
  await sendPlayerText(db, directory, who, { clientId: 'seed-support-3', content: 'Great, thank you!' }, at(4));
  await closeConversation(db, directory, op, first.conversationId, at(6));
  await rateConversation(db, directory, who, { conversationId: first.conversationId, score: 5, comment: 'Fast and clear.' }, at(7));
}
