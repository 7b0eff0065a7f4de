import { useTranslation } from 'react-i18next';
import { Button } from '../ui/Button.tsx';
import { IconWarning } from '../ui/icons.tsx';
import { ChunkLoadError } from './lazy-page.ts';

/** What a reader sees when code failed to load: the spec's message and a way to try again. */
export function ChunkErrorMessage({ error, onRetry }: { error: ChunkLoadError; onRetry?: () => void }) {
  const { t } = useTranslation();
  const text = error.type === 'timeout' ? t('chunk.timeout') : error.css ? t('chunk.cssFailed') : t('chunk.failed');
  return (
    <div className="chunk-error" role="alert" data-testid="chunk-error" data-chunk-error={error.type}>
      <IconWarning size={32} />
      <p className="chunk-error__text">{text}</p>
      <Button variant="primary" onClick={onRetry ?? (() => window.location.reload())}>
        {t('chunk.reload')}
      </Button>
    </div>
  );
}

export function isChunkError(error: unknown): error is ChunkLoadError {
  return error instanceof ChunkLoadError;
}
