import i18next from 'i18next';

export type ScreenTexts<T> = { EN: T; PT: T; FR: T };

/**
 * A screen's own texts, added under `key` when its lazy chunk loads, so the first load carries only
 * the frame's dictionary. Each language is added once its main dictionary is in (i18n/index.ts loads
 * a language's dictionary only when it has no bundle yet, so adding earlier would hide it).
 */
export function addScreenTexts<T extends object>(key: string, texts: ScreenTexts<T>): void {
  const add = (lng: string) => {
    const text = texts[lng as keyof ScreenTexts<T>];
    if (text && i18next.isInitialized && i18next.hasResourceBundle(lng, 'translation'))
      i18next.addResourceBundle(lng, 'translation', { [key]: text }, true, true);
  };
  for (const lng of Object.keys(texts)) add(lng);
  i18next.on('languageChanged', add);
}
