import { createContext, type ReactNode, useContext, useMemo, useState } from 'react';

export type AuthTab = 'login' | 'register';

/** The change-password dialog: `forced` after a first login or an expired password. */
export interface ChangePasswordState {
  forced: boolean;
}

/** What registerSuccessModal greets: the account, and whether it was generated for a mobile registration. */
export interface RegisterSuccessState {
  account: string;
  mobile: boolean;
}

export interface UiState {
  /** Open notice dialog; `auto` when it opened by itself for the session's popups. */
  notice: { auto: boolean } | null;
  region: boolean;
  download: boolean;
  auth: AuthTab | null;
  forgot: boolean;
  changePassword: ChangePasswordState | null;
  registerSuccess: RegisterSuccessState | null;
  /** The open member-centre page, null when the member centre is closed. */
  memberCentre: string | null;
  /** The open agent-centre page, null when the agent centre is closed (agents only: the host checks the session). */
  agentCentre: string | null;
  /** The side menu's feedback dialog (members only: the host checks the session). */
  feedback: boolean;
  /** The phone drawer (side menu under 768 px). */
  drawerOpen: boolean;
  /** The desktop side menu in its narrow icon-only form. */
  menuMini: boolean;
  /** Store flag: shows the top and left bars on /seamless and /vnlottery, which hide them by default. */
  embeddedBars: boolean;
}

export interface UiActions {
  openNotice: (auto?: boolean) => void;
  closeNotice: () => void;
  openRegion: () => void;
  closeRegion: () => void;
  openDownload: () => void;
  closeDownload: () => void;
  openAuth: (tab: AuthTab) => void;
  closeAuth: () => void;
  openForgot: () => void;
  closeForgot: () => void;
  openChangePassword: (forced?: boolean) => void;
  closeChangePassword: () => void;
  openRegisterSuccess: (state: RegisterSuccessState) => void;
  closeRegisterSuccess: () => void;
  openMemberCentre: (page?: string) => void;
  closeMemberCentre: () => void;
  openAgentCentre: (page?: string) => void;
  closeAgentCentre: () => void;
  openFeedback: () => void;
  closeFeedback: () => void;
  /** Closes every account dialog (logout, free play). */
  closeAccountDialogs: () => void;
  setDrawer: (open: boolean) => void;
  toggleMini: () => void;
  setEmbeddedBars: (on: boolean) => void;
}

const initial: UiState = {
  notice: null,
  region: false,
  download: false,
  auth: null,
  forgot: false,
  changePassword: null,
  registerSuccess: null,
  memberCentre: null,
  agentCentre: null,
  feedback: false,
  drawerOpen: false,
  menuMini: false,
  embeddedBars: false,
};

const StateContext = createContext<UiState>(initial);
const ActionsContext = createContext<UiActions | null>(null);

/** Which dialogs and menus are open; the one place the shell and the features agree on it. */
export function UiStoreProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState(initial);
  const actions = useMemo<UiActions>(() => {
    const patch = (p: Partial<UiState>) => setState((s) => ({ ...s, ...p }));
    return {
      openNotice: (auto = false) => patch({ notice: { auto }, drawerOpen: false }),
      closeNotice: () => patch({ notice: null }),
      openRegion: () => patch({ region: true, drawerOpen: false }),
      closeRegion: () => patch({ region: false }),
      openDownload: () => patch({ download: true, drawerOpen: false }),
      closeDownload: () => patch({ download: false }),
      openAuth: (tab) => patch({ auth: tab, drawerOpen: false }),
      closeAuth: () => patch({ auth: null }),
      openForgot: () => patch({ forgot: true, auth: null, drawerOpen: false }),
      closeForgot: () => patch({ forgot: false }),
      openChangePassword: (forced = false) => patch({ changePassword: { forced }, auth: null, drawerOpen: false }),
      closeChangePassword: () => patch({ changePassword: null }),
      openRegisterSuccess: (state) => patch({ registerSuccess: state }),
      closeRegisterSuccess: () => patch({ registerSuccess: null }),
      openMemberCentre: (page = 'securityCenter') => patch({ memberCentre: page, drawerOpen: false }),
      closeMemberCentre: () => patch({ memberCentre: null }),
      openAgentCentre: (page = 'teamOverview') => patch({ agentCentre: page, memberCentre: null, drawerOpen: false }),
      closeAgentCentre: () => patch({ agentCentre: null }),
      openFeedback: () => patch({ feedback: true, drawerOpen: false }),
      closeFeedback: () => patch({ feedback: false }),
      closeAccountDialogs: () =>
        patch({
          auth: null,
          forgot: false,
          changePassword: null,
          memberCentre: null,
          agentCentre: null,
          feedback: false,
          drawerOpen: false,
        }),
      setDrawer: (open) => patch({ drawerOpen: open }),
      toggleMini: () => setState((s) => ({ ...s, menuMini: !s.menuMini })),
      setEmbeddedBars: (on) => patch({ embeddedBars: on }),
    };
  }, []);
  return (
    <ActionsContext.Provider value={actions}>
      <StateContext.Provider value={state}>{children}</StateContext.Provider>
    </ActionsContext.Provider>
  );
}

export function useUiState(): UiState {
  return useContext(StateContext);
}

export function useUiActions(): UiActions {
  const actions = useContext(ActionsContext);
  if (!actions) throw new Error('useUiActions needs the UiStoreProvider');
  return actions;
}
