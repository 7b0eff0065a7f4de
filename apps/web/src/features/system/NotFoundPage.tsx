import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { IconGlobe } from '../../ui/icons.tsx';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className="page" data-testid="page-not-found">
      <EmptyState
        icon={<IconGlobe size={40} />}
        title={t('notFound.title')}
        text={t('notFound.text')}
        action={
          <Link to="/" className="btn btn--primary btn--md">
            {t('common.backHome')}
          </Link>
        }
      />
    </div>
  );
}
