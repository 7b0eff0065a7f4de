import { useTranslation } from 'react-i18next';
import { type AdminLanguage, adminLanguages, changeLanguage } from '../i18n/index.ts';

/** Each language named in itself, so a reader finds theirs whatever the page reads in now. */
const names: Record<AdminLanguage, string> = { EN: 'English', PT: 'Português', FR: 'Français' };

export function LanguagePicker() {
  const { t, i18n } = useTranslation();
  return (
    <label className="lang-picker">
      <span className="visually-hidden">{t('app.language')}</span>
      <select value={i18n.language} onChange={(e) => void changeLanguage(e.target.value as AdminLanguage)} data-testid="language">
        {adminLanguages.map((code) => (
          <option key={code} value={code}>
            {names[code]}
          </option>
        ))}
      </select>
    </label>
  );
}
