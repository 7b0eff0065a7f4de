import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { logout, resumeSession } from '../../api/account.ts';
import { isTrial, useSession } from '../../api/session.ts';
import { useGlobalDialog } from '../../ui/GlobalDialog.tsx';
import { useUiActions } from '../providers/ui-store.tsx';

/** App start: a stored session (or one handed over in the URL, see boot) reloads its member info. */
export function useSessionStart(): void {
  useEffect(() => {
    void resumeSession();
  }, []);
}

/**
 * The login gate of gated actions (favourites, recent games, agent and member centres): without a
 * session the login popup opens; a trial account is told to create a real account first.
 */
export function useLoginGate(): (action: () => void) => void {
  const session = useSession();
  const actions = useUiActions();
  const dialog = useGlobalDialog();
  const { t } = useTranslation();
  return useCallback(
    (action: () => void) => {
      if (!session) actions.openAuth('login');
      else if (isTrial(session)) void dialog({ kind: 'warning', message: t('error.real_account') });
      else action();
    },
    [session, actions, dialog, t],
  );
}

/** Sign out with confirmation: the server call, session storage cleared, account dialogs closed, home. */
export function useSignOut(): () => Promise<void> {
  const dialog = useGlobalDialog();
  const actions = useUiActions();
  const navigate = useNavigate();
  const { t } = useTranslation();
  return useCallback(async () => {
    const confirmed = await dialog({
      kind: 'warning',
      title: t('account.signOut'),
      message: t('account.signOutConfirm'),
      confirmText: t('account.signOut'),
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    await logout();
    actions.closeAccountDialogs();
    navigate('/');
  }, [dialog, actions, navigate, t]);
}
