/** Languages with a complete dictionary of their own, in the order the picker lists them. */
export const dictionaryLanguages = ['EN', 'PT', 'FR', 'CN', 'VI', 'ID'] as const;
export type DictionaryLanguage = (typeof dictionaryLanguages)[number];

/**
 * Other languages the picker names (through Intl.DisplayNames); until they get a dictionary their
 * texts are English. Codes are the platform's: upper-case, sent as the Language header.
 */
export const extraLanguages = [
  'ES',
  'DE',
  'IT',
  'NL',
  'PL',
  'RU',
  'UK',
  'TR',
  'AR',
  'HE',
  'FA',
  'HI',
  'BN',
  'UR',
  'TA',
  'TE',
  'TH',
  'JA',
  'KO',
  'MS',
  'FIL',
  'SW',
  'HA',
  'YO',
  'IG',
  'AM',
  'ZU',
  'AF',
  'RO',
  'HU',
  'CS',
  'SK',
  'EL',
  'BG',
  'SR',
  'HR',
  'SV',
  'DA',
  'FI',
  'KM',
  'LO',
  'MY',
  'NE',
] as const;

export function isDictionaryLanguage(code: string): code is DictionaryLanguage {
  return (dictionaryLanguages as readonly string[]).includes(code);
}

/** BCP 47 tag of a platform language code (CN is Simplified Chinese). */
export function bcp47(code: string): string {
  return code === 'CN' ? 'zh-Hans' : code.toLowerCase();
}

/** Language of the texts actually shown for `code`: its own, or English for a language without a dictionary. */
export function textLanguage(code: string): DictionaryLanguage {
  return isDictionaryLanguage(code) ? code : 'EN';
}

/** Normalises a stored or requested code; unknown codes read as EN. */
export function normaliseLanguage(code: string | null | undefined): string {
  const upper = (code ?? '').trim().toUpperCase();
  if (isDictionaryLanguage(upper) || (extraLanguages as readonly string[]).includes(upper)) return upper;
  return 'EN';
}

/** A language's name in that language ("Português", "中文"), capitalised; the code if the browser cannot name it. */
export function languageName(code: string): string {
  const tag = bcp47(code);
  try {
    const name = new Intl.DisplayNames([tag], { type: 'language' }).of(tag);
    if (name && name.toLowerCase() !== tag) return name.charAt(0).toLocaleUpperCase(tag) + name.slice(1);
  } catch {
    // Older engines without DisplayNames fall through to the code.
  }
  return code;
}
