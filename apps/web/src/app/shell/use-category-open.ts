import { categoryRoutes, type GameCategory } from '@platform/contract';
import { type MouseEvent, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../../api/session.ts';
import { errorText } from '../../i18n/error-text.ts';
import { useGlobalDialog } from '../../ui/GlobalDialog.tsx';
import { useUiActions } from '../providers/ui-store.tsx';

/** Categories whose entry launches straight into a game (the spec); the others open their lobby at page 1. */
export const launchCategories: ReadonlySet<GameCategory> = new Set(['SPORTS', 'ESPORTS', 'LOTT', 'ELOTT']);

/** What the lobby of a category shows when none of its games can be launched. */
export interface LobbyState {
  unavailable?: GameCategory;
}

/**
 * Opening a category from the side menu or the home page. SPORTS, ESPORTS, LOTT and ELOTT launch
 * their first playable game (LOTT: the first TCG_SEA game, on the lottery page); when every game
 * of the category waits for its vendor's contract, the category's lobby opens and says so.
 */
export function useCategoryOpen() {
  const navigate = useNavigate();
  const session = useSession();
  const actions = useUiActions();
  const dialog = useGlobalDialog();
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState<GameCategory | null>(null);

  const open = useCallback(
    async (category: GameCategory, vendor?: string) => {
      setBusy(category);
      try {
        // The launching code loads with the first click, not with the shell.
        const [{ categoryGame, lotteryPath }, { launchGame, launchTarget }] = await Promise.all([
          import('../../features/lobby/category-launch.ts'),
          import('../../features/lobby/catalog-api.ts'),
        ]);
        const game = await categoryGame(category, vendor);
        if (!game) {
          navigate(categoryRoutes[category], { state: { unavailable: category } satisfies LobbyState });
          return;
        }
        const lottery = lotteryPath(game);
        if (lottery) {
          navigate(lottery);
          return;
        }
        if (!session) {
          actions.openAuth('login');
          return;
        }
        const answer = await launchGame({
          nodeId: game.nodeId,
          gameId: game.gameCode,
          vassalage: game.vassalage,
          launchMode: 'GLS',
          language: i18n.language.toUpperCase(),
        });
        const target = launchTarget(answer);
        if ('page' in target) navigate(target.page);
        else {
          sessionStorage.setItem('iframeUrl', target.frame);
          navigate('/game', { state: { launched: Date.now() } });
        }
      } catch (err) {
        void dialog({ kind: 'warning', message: errorText(t, err) });
      } finally {
        setBusy(null);
      }
    },
    [navigate, session, actions, dialog, t, i18n.language],
  );
  /** The click handler of a category link: launch categories launch, a modified click still opens the link. */
  const click = (category: GameCategory, vendor?: string) =>
    launchCategories.has(category)
      ? (event: MouseEvent) => {
          if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
          event.preventDefault();
          void open(category, vendor);
        }
      : undefined;
  return { open, click, busy };
}
