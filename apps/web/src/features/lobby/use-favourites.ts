import type { Game } from '@platform/contract';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isTrial, useSession } from '../../api/session.ts';
import { useLoginGate } from '../../app/shell/use-account.ts';
import { errorText } from '../../i18n/error-text.ts';
import { useGlobalDialog } from '../../ui/GlobalDialog.tsx';
import { favouriteIds, setFavourite } from './catalog-api.ts';

/** The player's favourite game ids: loaded for real accounts, toggled behind the login gate. */
export function useFavourites() {
  const session = useSession();
  const gate = useLoginGate();
  const dialog = useGlobalDialog();
  const { t } = useTranslation();
  const real = session !== null && !isTrial(session);
  const [ids, setIds] = useState<ReadonlySet<number>>(new Set());
  const [changes, setChanges] = useState(0);
  useEffect(() => {
    if (!real) {
      setIds(new Set());
      return;
    }
    let live = true;
    favouriteIds().then(
      (list) => live && setIds(new Set(list)),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [real]);
  const toggle = useCallback(
    (game: Game) =>
      gate(() => {
        setFavourite(game, !ids.has(game.nodeId)).then(
          (list) => {
            setIds(new Set(list));
            setChanges((n) => n + 1);
          },
          (err: unknown) => void dialog({ kind: 'warning', message: errorText(t, err) }),
        );
      }),
    [gate, ids, dialog, t],
  );
  return { ids, toggle, changes };
}
