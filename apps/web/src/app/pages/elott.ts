// Page group "elott": the e-lottery lobby.
export { ElottLobbyPage } from '../../features/lottery/ElottLobbyPage.tsx';
