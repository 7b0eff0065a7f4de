import { errorText } from '../../i18n/error-text.ts';
import { i18next } from '../../i18n/index.ts';
import { IconWarning } from '../../ui/icons.tsx';

/**
 * The site could not start (no network, server down). Texts come from the dictionary when it
 * loaded, else in English: without a dictionary there is nothing else to say it in.
 */
export function BootFailure({ error, translated, onRetry }: { error: unknown; translated: boolean; onRetry: () => void }) {
  const message = translated ? errorText(i18next.t, error) : 'Network link is abnormal, please try again';
  const retry = translated ? i18next.t('common.retry') : 'Try again';
  return (
    <div className="boot-failure" role="alert" data-testid="boot-failure">
      <IconWarning size={40} />
      <p>{message}</p>
      <button type="button" className="btn btn--primary btn--md" onClick={onRetry}>
        {retry}
      </button>
    </div>
  );
}
