// Country names in the reader's language, by Intl alone: no API client, so plain unit tests import it.

/**
 * The dialling codes in the order a reader looks for them: by country name in the reader's language
 * (Intl.Collator over Intl.DisplayNames), whatever order the server lists them in.
 */
export function sortedCountryCodes<T extends { countryCode: string }>(codes: readonly T[], language: string): T[] {
  const collator = new Intl.Collator(displayLocale(language));
  const named = codes.map((c) => ({ c, name: countryName(language, c.countryCode) }));
  return named.sort((a, b) => collator.compare(a.name, b.name)).map((n) => n.c);
}

/** The BCP 47 tag Intl takes for a site language (CN is Chinese, zh). */
const displayLocale = (language: string) => (language.toLowerCase() === 'cn' ? 'zh' : language.toLowerCase());

/** A country's name in the reader's language (Intl), falling back to its code. */
export function countryName(language: string, countryCode: string): string {
  try {
    return new Intl.DisplayNames([displayLocale(language)], { type: 'region' }).of(countryCode) ?? countryCode;
  } catch {
    return countryCode;
  }
}
