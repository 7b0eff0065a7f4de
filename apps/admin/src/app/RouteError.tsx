import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function RouteError({ notFound }: { notFound?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="panel">
      <h1>{notFound ? t('app.notFound') : t('error.unknown')}</h1>
      <Link to="/">{t('nav.home')}</Link>
    </div>
  );
}
