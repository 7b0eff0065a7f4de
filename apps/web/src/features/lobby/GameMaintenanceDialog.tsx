import type { Game } from '@platform/contract';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../ui/Dialog.tsx';
import { GameGrid } from './GameCard.tsx';
import type { MaintenanceState } from './use-launch.tsx';

/** 'Game maintenance': the game is switched off; other games of its category are offered instead. */
export function GameMaintenanceDialog({
  state,
  onClose,
  onOpen,
  onDemo,
  busyId,
  favourites,
  onFavourite,
  vendorNames,
}: {
  vendorNames: ReadonlyMap<string, string>;
  state: MaintenanceState | null;
  onClose: () => void;
  onOpen: (game: Game) => void;
  onDemo: (game: Game) => void;
  busyId: number | null;
  favourites: ReadonlySet<number>;
  onFavourite: (game: Game) => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={state !== null}
      onClose={onClose}
      title={t('error.game_maintenance')}
      closeLabel={t('common.close')}
      size="lg"
      testId="game-maintenance-dialog"
    >
      <p className="lobby__note">{t('lobby.maintenanceText', { game: state?.game.name ?? '' })}</p>
      {state && state.recommendations.length > 0 ? (
        <>
          <h3 className="lobby__subtitle">{t('lobby.tryInstead')}</h3>
          <GameGrid
            games={state.recommendations}
            favourites={favourites}
            vendorNames={vendorNames}
            busyId={busyId}
            onOpen={onOpen}
            onDemo={onDemo}
            onFavourite={onFavourite}
            testId="maintenance-recommendations"
          />
        </>
      ) : null}
    </Dialog>
  );
}
