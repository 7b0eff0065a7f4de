import i18next, { type TFunction } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { setRequestLanguage } from '../api/client.ts';
import type { AdminDictionary } from './dictionaries/en.ts';

/**
 * The back office reads in the languages our merchants' operators read: English, Portuguese and
 * French. The API's messages come from packages/api-messages, the same texts the player site shows.
 */
export const adminLanguages = ['EN', 'PT', 'FR'] as const;
export type AdminLanguage = (typeof adminLanguages)[number];

const loaders: Record<AdminLanguage, () => Promise<{ default: AdminDictionary }>> = {
  EN: () => import('./dictionaries/en.ts'),
  PT: () => import('./dictionaries/pt.ts'),
  FR: () => import('./dictionaries/fr.ts'),
};
const bcp47: Record<AdminLanguage, string> = { EN: 'en', PT: 'pt-BR', FR: 'fr' };

export const isAdminLanguage = (code: string | null): code is AdminLanguage => adminLanguages.includes(code as AdminLanguage);

/** The stored choice, else the browser's language when we have it, else English. */
export function initialLanguage(): AdminLanguage {
  const stored = localStorage.getItem('adminLang');
  if (isAdminLanguage(stored)) return stored;
  const browser = navigator.language.slice(0, 2).toUpperCase();
  return isAdminLanguage(browser) ? browser : 'EN';
}

async function ensure(code: AdminLanguage): Promise<void> {
  if (i18next.hasResourceBundle(code, 'translation')) return;
  const dictionary = (await loaders[code]()).default;
  i18next.addResourceBundle(code, 'translation', dictionary, true, true);
}

function apply(code: AdminLanguage): void {
  document.documentElement.lang = bcp47[code];
  setRequestLanguage(code);
}

export async function startI18n(code: AdminLanguage): Promise<void> {
  await i18next.use(initReactI18next).init({
    lng: code,
    resources: {},
    fallbackLng: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  await ensure(code);
  await i18next.changeLanguage(code);
  apply(code);
}

export async function changeLanguage(code: AdminLanguage): Promise<void> {
  await ensure(code);
  localStorage.setItem('adminLang', code);
  apply(code);
  await i18next.changeLanguage(code);
}

/** The locale of numbers and dates for the current language. */
export const locale = () => bcp47[(i18next.language as AdminLanguage) ?? 'EN'] ?? 'en';

type Loose = (key: string, options: Record<string, unknown>) => string;

/** The text of an API message key ('error.*', 'validation.*', or a bare one under error.), '' when unknown. */
export function messageText(t: TFunction, key: string, params?: Record<string, string | number>): string {
  const lookup = t as unknown as Loose;
  const options = { ...params, defaultValue: '' };
  return lookup(key, options) || lookup(`error.${key}`, options);
}
