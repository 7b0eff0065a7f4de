import type { Db } from '../../platform/db.ts';
import { merchantById } from '../merchants/merchants.service.ts';
import { insertOutbox, latestOutbox, latestOutboxAll, type OutboxRow } from './messaging.repository.ts';

export type Channel = 'sms' | 'email';

/** The latest messages of every merchant with the merchant's code (the dev outbox page). */
export async function latestOutboxOfAll(db: Db, limit: number) {
  const rows = await latestOutboxAll(db, limit);
  const codes = new Map<number, string | null>();
  for (const id of new Set(rows.map((r) => r.merchantId))) codes.set(id, (await merchantById(db, id))?.code ?? null);
  return rows.map(({ merchantId, ...r }) => ({ ...r, merchant: codes.get(merchantId) ?? null }));
}

export interface Message {
  merchantId: number;
  channel: Channel;
  /** E.164 number or email address. */
  to: string;
  subject?: string;
  body: string;
}

/** Delivers SMS and email. The platform never knows which provider is behind it. */
export interface MessageSender {
  send(message: Message): Promise<void>;
}

/** The default provider: every message goes into the outbox table (the demo and the tests read it there). */
export class OutboxSender implements MessageSender {
  constructor(private readonly db: Db) {}

  async send(message: Message): Promise<void> {
    await insertOutbox(this.db, { ...message, subject: message.subject ?? '' });
  }
}

export function readOutbox(db: Db, merchantId: number, opts: { to?: string; channel?: string; limit: number }): Promise<OutboxRow[]> {
  return latestOutbox(db, merchantId, opts);
}

type Texts = Record<string, string>;

/** Texts of the messages, per language; {brand}, {code}, {minutes}, {link} are filled in. */
const templates: Record<string, { subject?: Texts; body: Texts }> = {
  code: {
    subject: {
      EN: '{brand} verification code',
      PT: 'Código de verificação {brand}',
      FR: 'Code de vérification {brand}',
    },
    body: {
      EN: '{brand}: your verification code is {code}. It expires in {minutes} minutes. Never share it.',
      PT: '{brand}: seu código de verificação é {code}. Ele expira em {minutes} minutos. Nunca o compartilhe.',
      FR: '{brand} : votre code de vérification est {code}. Il expire dans {minutes} minutes. Ne le partagez jamais.',
    },
  },
  passwordReset: {
    subject: {
      EN: '{brand}: reset your password',
      PT: '{brand}: redefina sua senha',
      FR: '{brand} : réinitialisez votre mot de passe',
    },
    body: {
      EN: 'Someone asked to reset the password of {account}. Open {link} within {minutes} minutes to choose a new one. If it was not you, ignore this email.',
      PT: 'Alguém pediu para redefinir a senha de {account}. Abra {link} em até {minutes} minutos para escolher uma nova. Se não foi você, ignore este e-mail.',
      FR: 'Quelqu’un a demandé à réinitialiser le mot de passe de {account}. Ouvrez {link} dans les {minutes} minutes pour en choisir un nouveau. Si ce n’était pas vous, ignorez cet e-mail.',
    },
  },
  temporaryPassword: {
    subject: {
      EN: '{brand}: your temporary password',
      PT: '{brand}: sua senha temporária',
      FR: '{brand} : votre mot de passe temporaire',
    },
    body: {
      EN: '{brand}: the password of {account} was reset by our team. Log in with {password} and choose a new one. Never share it.',
      PT: '{brand}: a senha de {account} foi redefinida pela nossa equipe. Entre com {password} e escolha uma nova. Nunca a compartilhe.',
      FR: '{brand} : le mot de passe de {account} a été réinitialisé par notre équipe. Connectez-vous avec {password} et choisissez-en un nouveau. Ne le partagez jamais.',
    },
  },
};

/** Fills a message template in the reader's language (EN when it has none). */
export function renderMessage(
  name: keyof typeof templates,
  lang: string,
  values: Record<string, string | number>,
): { subject: string; body: string } {
  const t = templates[name];
  if (!t) throw new Error(`unknown template ${name}`);
  const pick = (texts: Texts) => texts[lang] ?? texts.EN ?? '';
  const fill = (s: string) => s.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? ''));
  return { subject: t.subject ? fill(pick(t.subject)) : '', body: fill(pick(t.body)) };
}
