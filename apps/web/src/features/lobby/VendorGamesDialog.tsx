import type { Game } from '@platform/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../ui/Dialog.tsx';
import { Loader } from '../../ui/Loader.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { gameList } from './catalog-api.ts';
import { GameGrid } from './GameCard.tsx';
import { usePagerLabels } from './LobbyParts.tsx';
import { useLoad } from './use-load.ts';

/** A VASSALAGE card's popup: the list of its vendor's games. */
export function VendorGamesDialog({
  card,
  onClose,
  onOpen,
  onDemo,
  onFavourite,
  favourites,
  busyId,
  vendorNames,
}: {
  vendorNames: ReadonlyMap<string, string>;
  card: Game | null;
  onClose: () => void;
  onOpen: (game: Game) => void;
  onDemo: (game: Game) => void;
  onFavourite: (game: Game) => void;
  favourites: ReadonlySet<number>;
  busyId: number | null;
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const labels = usePagerLabels();
  const list = useLoad(card ? `vendor:${card.gameType}:${card.vassalage}:${page}` : null, () =>
    gameList(card?.gameType ?? 'LIVE', card?.vassalage, page, {}),
  );
  const games = (list.data?.games ?? []).filter((g) => g.isGame === 'GAME');
  return (
    <Dialog
      open={card !== null}
      onClose={onClose}
      title={card?.name ?? ''}
      closeLabel={t('common.close')}
      size="lg"
      testId="vendor-games-dialog"
    >
      {list.loading && !list.data ? (
        <Loader label={t('common.loading')} />
      ) : (
        <>
          <GameGrid
            vendorNames={vendorNames}
            games={games}
            favourites={favourites}
            busyId={busyId}
            onOpen={onOpen}
            onDemo={onDemo}
            onFavourite={onFavourite}
          />
          <Pagination page={page} pageCount={list.data?.totalPages ?? 1} onChange={setPage} labels={labels} />
        </>
      )}
    </Dialog>
  );
}
