import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { IconSlots } from '../../ui/icons.tsx';

/** The launched game's address: the spec's session key, written when a game is launched. */
export function launchedGameUrl(): string | null {
  const url = sessionStorage.getItem('iframeUrl');
  return url && /^https?:\/\//i.test(url) ? url : null;
}

/** The full-page game frame (header only); without a launched game it says so. */
export function GamePage() {
  const { t } = useTranslation();
  const url = launchedGameUrl();
  return (
    <div className="page page--game" data-testid="page-game">
      {url ? (
        <iframe className="game-frame" src={url} title={t('game.frame')} allow="fullscreen; autoplay" referrerPolicy="no-referrer" />
      ) : (
        <>
          <h1 className="sr-only">{t('game.title')}</h1>
          <EmptyState
            icon={<IconSlots size={36} />}
            title={t('game.empty')}
            text={t('game.text')}
            action={
              <Link to="/rng" className="btn btn--primary btn--md">
                {t('game.toLobby')}
              </Link>
            }
          />
        </>
      )}
    </div>
  );
}
