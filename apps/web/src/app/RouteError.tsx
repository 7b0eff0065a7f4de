import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { Button } from '../ui/Button.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';
import { IconWarning } from '../ui/icons.tsx';
import { ChunkErrorMessage, isChunkError } from './ChunkError.tsx';

/** Error element of the page routes: the shell stays, the page area explains and offers a retry. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (isChunkError(error)) return <ChunkErrorMessage error={error} />;
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <div className="page" data-testid="page-not-found">
        <EmptyState
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
  return (
    <div className="page">
      <EmptyState
        icon={<IconWarning size={32} />}
        title={t('error.system')}
        action={
          <Button variant="primary" onClick={() => window.location.reload()}>
            {t('common.retry')}
          </Button>
        }
      />
    </div>
  );
}
