import { apiPaths, type MerchantEntry } from '@platform/contract';
import { useTranslation } from 'react-i18next';
import { apiGet } from '../../api/client.ts';
import { useQuery } from '../../api/use-query.ts';
import { usePlatform } from '../../app/providers/platform-context.ts';
import { errorText } from '../../i18n/error-text.ts';
import { changeLanguage } from '../../i18n/index.ts';
import { bcp47, dictionaryLanguages, extraLanguages, languageName, textLanguage } from '../../i18n/languages.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { Loader } from '../../ui/Loader.tsx';
import './region.css';

/** Region name in the reader's language when it is a plain country, else the name the server gives (e.g. UEMOA). */
function regionName(entry: MerchantEntry, lang: string): string {
  try {
    const english = new Intl.DisplayNames(['en'], { type: 'region' }).of(entry.country);
    if (english && english === entry.countryName) {
      return new Intl.DisplayNames([bcp47(textLanguage(lang))], { type: 'region' }).of(entry.country) ?? entry.countryName;
    }
  } catch {
    // Unknown region code: keep the server's name.
  }
  return entry.countryName;
}

/**
 * Switching region clears local and session storage (keeping only the theme), stores the merchant
 * and language, and reloads the home page so that everything starts over in that region.
 */
function chooseRegion(entry: MerchantEntry, lang: string): void {
  const theme = localStorage.getItem('theme');
  localStorage.clear();
  sessionStorage.clear();
  if (theme) localStorage.setItem('theme', theme);
  localStorage.setItem('merchantCode', entry.merchantCode);
  localStorage.setItem('lang', lang);
  window.location.assign('/');
}

/** The region and language picker: regions with flag, name, currency and languages; then the language alone. */
export function RegionPicker({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const platform = usePlatform();
  const regions = useQuery('domainRoute', () => apiGet(apiPaths.domainRoute));
  const lang = i18n.language;
  const currentMerchant = platform.merchant.merchantCode;

  const chooseLanguage = async (code: string) => {
    await changeLanguage(code);
    onClose();
  };

  return (
    <Dialog open={open} onClose={onClose} title={t('region.title')} closeLabel={t('common.close')} testId="region-picker" size="lg">
      <section className="region-section" aria-labelledby="region-regions">
        <h3 id="region-regions" className="region-section__title">
          {t('region.regions')}
        </h3>
        <p className="region-section__hint">{t('region.regionsHint')}</p>
        {regions.loading ? <Loader label={t('common.loading')} /> : null}
        {regions.error ? (
          <p className="form-error" role="alert">
            {errorText(t, regions.error)}{' '}
            <Button variant="ghost" size="sm" onClick={regions.reload}>
              {t('common.retry')}
            </Button>
          </p>
        ) : null}
        <ul className="region-list">
          {(regions.data ?? []).map((entry) => {
            const name = regionName(entry, lang);
            const current = entry.merchantCode === currentMerchant;
            return (
              <li key={entry.merchantCode} className={`region-card${current ? ' is-current' : ''}`} data-merchant={entry.merchantCode}>
                <img className="region-card__flag" src={`/flags/${entry.country.toLowerCase()}.svg`} width={40} height={30} alt="" />
                <div className="region-card__text">
                  <strong>{name}</strong>
                  <span>
                    {t('region.currency', { currency: entry.currency })}
                    {current ? <span className="badge">{t('region.current')}</span> : null}
                  </span>
                </div>
                <div className="region-card__langs">
                  {entry.langList.map((code) => (
                    <button
                      key={code}
                      type="button"
                      className={`chip-btn${current && code === lang ? ' is-active' : ''}`}
                      aria-label={t('region.choose', { region: name, language: languageName(code) })}
                      aria-pressed={current && code === lang}
                      onClick={() => chooseRegion(entry, code)}
                    >
                      {languageName(code)}
                    </button>
                  ))}
                </div>
              </li>
            );
          })}
        </ul>
      </section>
      <section className="region-section" aria-labelledby="region-languages">
        <h3 id="region-languages" className="region-section__title">
          {t('region.languages')}
        </h3>
        <div className="region-langs">
          {dictionaryLanguages.map((code) => (
            <button
              key={code}
              type="button"
              lang={bcp47(code)}
              className={`chip-btn${code === lang ? ' is-active' : ''}`}
              aria-pressed={code === lang}
              data-lang={code}
              onClick={() => chooseLanguage(code)}
            >
              {languageName(code)}
            </button>
          ))}
        </div>
        <label className="region-more">
          <span>{t('region.more')}</span>
          <select
            value={(extraLanguages as readonly string[]).includes(lang) ? lang : ''}
            onChange={(event) => {
              if (event.target.value) void chooseLanguage(event.target.value);
            }}
          >
            <option value="">—</option>
            {extraLanguages.map((code) => (
              <option key={code} value={code} lang={bcp47(code)}>
                {languageName(code)}
              </option>
            ))}
          </select>
        </label>
        <p className="region-section__hint">{t('region.moreHint')}</p>
      </section>
    </Dialog>
  );
}
