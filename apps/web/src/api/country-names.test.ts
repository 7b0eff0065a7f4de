import { describe, expect, it } from 'vitest';
import { countryName, sortedCountryCodes } from './country-names.ts';

const codes = ['DE', 'BR', 'SN', 'CI', 'FR', 'ZA', 'VN', 'CN', 'AT', 'ES'].map((countryCode) => ({ countryCode }));
const names = (language: string) => sortedCountryCodes(codes, language).map((c) => countryName(language, c.countryCode));

describe('dialling codes by country name', () => {
  it('sorts by the name in the reader’s language, with its collation', () => {
    // French: Afrique du Sud, Allemagne, Autriche, Brésil, Chine, Côte d’Ivoire, Espagne, France, Sénégal, Viêt Nam.
    expect(sortedCountryCodes(codes, 'FR').map((c) => c.countryCode)).toEqual(['ZA', 'DE', 'AT', 'BR', 'CN', 'CI', 'ES', 'FR', 'SN', 'VN']);
    // Portuguese: África do Sul, Alemanha, Áustria (accents sort with their letter).
    expect(
      sortedCountryCodes(codes, 'PT')
        .slice(0, 3)
        .map((c) => c.countryCode),
    ).toEqual(['ZA', 'DE', 'AT']);
    for (const language of ['EN', 'PT', 'FR', 'CN', 'VI', 'ID']) {
      const list = names(language);
      const collator = new Intl.Collator(language === 'CN' ? 'zh' : language.toLowerCase());
      expect([...list].sort(collator.compare)).toEqual(list);
    }
  });
});
