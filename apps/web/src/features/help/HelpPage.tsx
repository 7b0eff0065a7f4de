import { useTranslation } from 'react-i18next';
import { IconHelp } from '../../ui/icons.tsx';
import { HelpArticles } from './HelpArticles.tsx';

/** Help and the user agreement (/help, the target of the registration form's agreement link). */
export function HelpPage() {
  const { t } = useTranslation();
  return (
    <div className="page" data-testid="page-help">
      <header className="page__head">
        <span className="page__icon">
          <IconHelp size={26} />
        </span>
        <h1 className="page__title">{t('help.pageTitle')}</h1>
      </header>
      <HelpArticles preferred="agreement" />
    </div>
  );
}
