import type { Game } from '@platform/contract';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { useSession } from '../../api/session.ts';
import { useUiActions } from '../../app/providers/ui-store.tsx';
import { errorText } from '../../i18n/error-text.ts';
import { useGlobalDialog } from '../../ui/GlobalDialog.tsx';
import { launchGame, launchTarget } from './catalog-api.ts';

/** 'Game maintenance': the game that is switched off and the other games offered instead. */
export interface MaintenanceState {
  game: Game;
  recommendations: Game[];
}

/**
 * Launching a game: money play (GLS) needs a login, demo play does not. Our own pages (the lottery)
 * open directly; game addresses open in the full-page frame of /game, pushed unless already there.
 */
export function useLaunch() {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const actions = useUiActions();
  const dialog = useGlobalDialog();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [busyId, setBusyId] = useState<number | null>(null);
  const [maintenance, setMaintenance] = useState<MaintenanceState | null>(null);

  const launch = useCallback(
    async (game: Game, mode: 'GLS' | 'DEMO') => {
      // A game in maintenance answers 'Game maintenance' in either mode: a visitor learns it without logging in.
      if (mode === 'GLS' && !session && game.available) {
        actions.openAuth('login');
        return;
      }
      setBusyId(game.nodeId);
      try {
        const answer = await launchGame({
          nodeId: game.nodeId,
          gameId: game.gameCode,
          vassalage: game.vassalage,
          launchMode: session ? mode : 'DEMO',
          language: i18n.language.toUpperCase(),
        });
        setMaintenance(null);
        const target = launchTarget(answer);
        if ('page' in target) {
          navigate(target.page);
          return;
        }
        sessionStorage.setItem('iframeUrl', target.frame);
        navigate('/game', { replace: pathname === '/game', state: { launched: Date.now() } });
      } catch (err) {
        if (err instanceof ApiError && err.code === 'APP_ERR_GAME_MAINTENANCE') {
          const list = Array.isArray(err.detail.recommendations) ? (err.detail.recommendations as Game[]) : [];
          setMaintenance({ game, recommendations: list });
        } else if (err instanceof ApiError && err.status === 401) {
          actions.openAuth('login');
        } else {
          void dialog({ kind: 'warning', message: errorText(t, err) });
        }
      } finally {
        setBusyId(null);
      }
    },
    [session, actions, dialog, navigate, pathname, i18n.language, t],
  );

  return { launch, busyId, maintenance, closeMaintenance: () => setMaintenance(null) };
}
