// Page group "elott": the e-lottery lobby.
export { LobbyPage as ElottLobbyPage } from '../../features/lobby/LobbyPage.tsx';
