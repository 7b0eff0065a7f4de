import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePlatform } from '../../app/providers/platform-context.ts';
import { IconChevronLeft, IconHelp } from '../../ui/icons.tsx';
import { HelpArticles } from './HelpArticles.tsx';

/** The help centre without the site's chrome (/helpmc), e.g. for the in-app webview. */
export function HelpCentrePage() {
  const { t } = useTranslation();
  const platform = usePlatform();
  return (
    <div className="page page--bare" data-testid="page-helpmc">
      <header className="bare-head">
        <Link to="/" className="back-link">
          <IconChevronLeft size={16} /> {t('common.backHome')}
        </Link>
        <span className="bare-head__brand">
          <img src="/img/logo.svg" width={28} height={28} alt="" /> {platform.brand}
        </span>
      </header>
      <header className="page__head">
        <span className="page__icon">
          <IconHelp size={26} />
        </span>
        <h1 className="page__title">{t('help.title')}</h1>
      </header>
      <HelpArticles />
    </div>
  );
}
