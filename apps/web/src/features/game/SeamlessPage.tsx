import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { IconSlots } from '../../ui/icons.tsx';
import { launchedGameUrl } from './GamePage.tsx';

/** The seamless game page; its bars are hidden unless the store flag shows them. */
export function SeamlessPage() {
  const { t } = useTranslation();
  const url = launchedGameUrl();
  return (
    <div className="page page--game" data-testid="page-seamless">
      <h1 className="sr-only">{t('seamless.title')}</h1>
      {url ? (
        <iframe className="game-frame" src={url} title={t('game.frame')} allow="fullscreen; autoplay" referrerPolicy="no-referrer" />
      ) : (
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
      )}
    </div>
  );
}
