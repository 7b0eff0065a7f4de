// Page group "egame": the game lobbies and the in-house games route.
export { InhousePage } from '../../features/lobby/InhousePage.tsx';
export { LobbyPage } from '../../features/lobby/LobbyPage.tsx';
