import { useTranslation } from 'react-i18next';
import { useGameVendors } from '../../api/queries.ts';
import { errorText } from '../../i18n/error-text.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { IconSlots } from '../../ui/icons.tsx';
import { Loader } from '../../ui/Loader.tsx';
import { gameList } from './catalog-api.ts';
import { GameGrid } from './GameCard.tsx';
import { GameMaintenanceDialog } from './GameMaintenanceDialog.tsx';
import { useFavourites } from './use-favourites.ts';
import { useLaunch } from './use-launch.tsx';
import { useLoad } from './use-load.ts';
import './lobby.css';

/** The in-house games route: our own studio's games, under its own banner group. */
export function InhousePage() {
  const { t } = useTranslation();
  const vendors = useGameVendors();
  const studio = vendors.data?.find((v) => v.vassalage === 'INHOUSE');
  const list = useLoad('inhouse', () => gameList('RNG', 'INHOUSE', 1, {}));
  const favourites = useFavourites();
  const { launch, busyId, maintenance, closeMaintenance } = useLaunch();
  const vendorNames = new Map((vendors.data ?? []).map((v) => [v.vassalage, v.name]));
  const open = (game: Parameters<typeof launch>[0]) => void launch(game, 'GLS');
  const demo = (game: Parameters<typeof launch>[0]) => void launch(game, 'DEMO');
  return (
    <div className="page lobby" data-testid="page-inhouse">
      <header className="page__head">
        <span className="page__icon">
          <IconSlots size={26} />
        </span>
        <div>
          <h1 className="page__title">{studio?.name ?? t('inhouse.title')}</h1>
          <p className="page__lead">{t('inhouse.text')}</p>
        </div>
      </header>
      {list.error && !list.data ? (
        <EmptyState
          title={errorText(t, list.error)}
          action={
            <Button variant="primary" onClick={list.reload}>
              {t('common.retry')}
            </Button>
          }
        />
      ) : !list.data ? (
        <Loader label={t('common.loading')} />
      ) : list.data.games.length === 0 ? (
        <EmptyState icon={<IconSlots size={36} />} title={t('lobby.noGames')} />
      ) : (
        <GameGrid
          games={list.data.games}
          favourites={favourites.ids}
          busyId={busyId}
          onOpen={open}
          onDemo={demo}
          onFavourite={favourites.toggle}
          vendorNames={vendorNames}
          testId="inhouse-grid"
        />
      )}
      <GameMaintenanceDialog
        state={maintenance}
        onClose={closeMaintenance}
        onOpen={open}
        onDemo={demo}
        busyId={busyId}
        favourites={favourites.ids}
        onFavourite={favourites.toggle}
        vendorNames={vendorNames}
      />
    </div>
  );
}
