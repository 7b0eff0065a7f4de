import { useTranslation } from 'react-i18next';
import { IconPhone } from '../../ui/icons.tsx';
import { DownloadSteps } from './DownloadSteps.tsx';

/** The app download page (/down). */
export function DownloadPage() {
  const { t } = useTranslation();
  return (
    <div className="page" data-testid="page-download">
      <header className="page__head">
        <span className="page__icon">
          <IconPhone size={26} />
        </span>
        <h1 className="page__title">{t('download.title')}</h1>
      </header>
      <div className="card">
        <DownloadSteps idPrefix="download-page" />
      </div>
    </div>
  );
}
