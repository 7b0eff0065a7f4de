import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isAgentAccount, isTrial, useSession } from '../../api/session.ts';
import { Loader } from '../../ui/Loader.tsx';
import { ChunkBoundary } from '../ChunkBoundary.tsx';
import { lazyComponent } from '../lazy-page.ts';
import { useUiActions, useUiState } from '../providers/ui-store.tsx';
import { useRouteHandle } from '../route-handle.ts';

const NoticeDialog = lazy(
  lazyComponent(
    'notice',
    () => import('../../features/notice/NoticeDialog.tsx'),
    (m) => m.NoticeDialog,
  ),
);
const RegionPicker = lazy(
  lazyComponent(
    'region',
    () => import('../../features/region/RegionPicker.tsx'),
    (m) => m.RegionPicker,
  ),
);
const DownloadDialog = lazy(
  lazyComponent(
    'download-dialog',
    () => import('../../features/download/DownloadDialog.tsx'),
    (m) => m.DownloadDialog,
  ),
);
const AuthDialog = lazy(
  lazyComponent(
    'auth',
    () => import('../../features/auth/AuthDialog.tsx'),
    (m) => m.AuthDialog,
  ),
);

const ForgotPasswordDialog = lazy(
  lazyComponent(
    'auth',
    () => import('../../features/auth/ForgotPasswordDialog.tsx'),
    (m) => m.ForgotPasswordDialog,
  ),
);
const ChangePasswordDialog = lazy(
  lazyComponent(
    'auth',
    () => import('../../features/auth/ChangePasswordDialog.tsx'),
    (m) => m.ChangePasswordDialog,
  ),
);
const RegisterSuccessDialog = lazy(
  lazyComponent(
    'auth',
    () => import('../../features/auth/RegisterSuccessDialog.tsx'),
    (m) => m.RegisterSuccessDialog,
  ),
);
const MemberCentre = lazy(
  lazyComponent(
    'member',
    () => import('../../features/member/MemberCentre.tsx'),
    (m) => m.MemberCentre,
  ),
);

const AgentCentre = lazy(
  lazyComponent(
    'agent',
    () => import('../../features/agent/AgentCentre.tsx'),
    (m) => m.AgentCentre,
  ),
);

const FeedbackDialog = lazy(
  lazyComponent(
    'feedback',
    () => import('../../features/feedback/FeedbackDialog.tsx'),
    (m) => m.FeedbackDialog,
  ),
);

const RealityCheckHost = lazy(
  lazyComponent(
    'reality-check',
    () => import('../../features/member/responsible-gaming/RealityCheck.tsx'),
    (m) => m.RealityCheckHost,
  ),
);

/** Keeps a dialog mounted after its first opening so that it can fade out when it closes. */
function Once({ open, children }: { open: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  const [seen, setSeen] = useState(open);
  if (open && !seen) setSeen(true);
  if (!seen) return null;
  return (
    <ChunkBoundary>
      <Suspense fallback={<Loader overlay label={t('common.loading')} />}>{children}</Suspense>
    </ChunkBoundary>
  );
}

/** The shell's dialogs; each one's code loads the first time it opens. */
export function DialogHost() {
  const ui = useUiState();
  const actions = useUiActions();
  const handle = useRouteHandle();
  const navigate = useNavigate();
  const session = useSession();

  const closeAuth = () => {
    actions.closeAuth();
    // /login and /register exist to open the dialog; once it is dismissed the reader is on the home page.
    if (handle?.auth) navigate('/', { replace: true });
  };

  return (
    <>
      <Once open={ui.notice !== null}>
        <NoticeDialog open={ui.notice !== null} onClose={actions.closeNotice} />
      </Once>
      <Once open={ui.region}>
        <RegionPicker open={ui.region} onClose={actions.closeRegion} />
      </Once>
      <Once open={ui.download}>
        <DownloadDialog open={ui.download} onClose={actions.closeDownload} />
      </Once>
      <Once open={ui.auth !== null}>
        <AuthDialog tab={ui.auth} onTab={actions.openAuth} onClose={closeAuth} />
      </Once>
      <Once open={ui.forgot}>
        <ForgotPasswordDialog open={ui.forgot} onClose={actions.closeForgot} />
      </Once>
      <Once open={ui.changePassword !== null}>
        <ChangePasswordDialog
          open={ui.changePassword !== null}
          forced={ui.changePassword?.forced ?? false}
          onClose={actions.closeChangePassword}
        />
      </Once>
      {/* The reality check watches every real member's session, over any page or game. */}
      <Once open={session !== null && !isTrial(session)}>
        {session && !isTrial(session) ? <RealityCheckHost account={session.account} /> : null}
      </Once>
      <Once open={ui.registerSuccess !== null}>
        <RegisterSuccessDialog state={ui.registerSuccess} onClose={actions.closeRegisterSuccess} />
      </Once>
      <Once open={ui.memberCentre !== null && session !== null}>
        <MemberCentre page={session ? ui.memberCentre : null} onPage={actions.openMemberCentre} onClose={actions.closeMemberCentre} />
      </Once>
      <Once open={ui.feedback && session !== null && !isTrial(session)}>
        <FeedbackDialog open={ui.feedback && session !== null && !isTrial(session)} onClose={actions.closeFeedback} />
      </Once>
      {/* Only an agent's session mounts the agent centre (the server refuses its calls to anyone else too). */}
      <Once open={ui.agentCentre !== null && isAgentAccount(session)}>
        <AgentCentre
          page={isAgentAccount(session) ? ui.agentCentre : null}
          onPage={actions.openAgentCentre}
          onClose={actions.closeAgentCentre}
        />
      </Once>
    </>
  );
}
