import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { setRequestLanguage } from '../api/request-context.ts';
import type { Dictionary } from './dictionaries/en.ts';
import { bcp47, type DictionaryLanguage, textLanguage } from './languages.ts';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Dictionary };
  }
}

/** Each dictionary is its own chunk: a reader downloads only the language they read. */
const loaders: Record<DictionaryLanguage, () => Promise<{ default: Dictionary }>> = {
  EN: () => import('./dictionaries/en.ts'),
  PT: () => import('./dictionaries/pt.ts'),
  FR: () => import('./dictionaries/fr.ts'),
  CN: () => import('./dictionaries/cn.ts'),
  VI: () => import('./dictionaries/vi.ts'),
  ID: () => import('./dictionaries/id.ts'),
};

const loading = new Map<DictionaryLanguage, Promise<Dictionary>>();

/** Starts (or reuses) the download of the dictionary that `code` reads in. */
export function loadDictionary(code: string): Promise<Dictionary> {
  const lang = textLanguage(code);
  let pending = loading.get(lang);
  if (!pending) {
    pending = loaders[lang]().then((m) => m.default);
    pending.catch(() => loading.delete(lang));
    loading.set(lang, pending);
  }
  return pending;
}

async function ensureBundle(code: string): Promise<void> {
  if (i18next.hasResourceBundle(code, 'translation')) return;
  const dictionary = await loadDictionary(code);
  i18next.addResourceBundle(code, 'translation', dictionary, true, true);
}

function applyDocumentLanguage(code: string): void {
  // The lang attribute names the language of the texts on screen, so extra languages read as English.
  document.documentElement.lang = bcp47(textLanguage(code));
  setRequestLanguage(code);
}

/** Initialises i18next in `code` with that language's dictionary loaded. */
export async function startI18n(code: string): Promise<void> {
  setRequestLanguage(code);
  await i18next.use(initReactI18next).init({
    lng: code,
    resources: {},
    fallbackLng: false,
    load: 'currentOnly',
    lowerCaseLng: false,
    cleanCode: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  await ensureBundle(code);
  await i18next.changeLanguage(code);
  applyDocumentLanguage(code);
}

/** Switches the interface language and remembers it in localStorage 'lang'. */
export async function changeLanguage(code: string): Promise<void> {
  await ensureBundle(code);
  localStorage.setItem('lang', code);
  applyDocumentLanguage(code);
  await i18next.changeLanguage(code);
}

export { i18next };
