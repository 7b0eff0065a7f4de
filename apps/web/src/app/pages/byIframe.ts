// Page group "byIframe": the full-page game frame.
export { GamePage } from '../../features/game/GamePage.tsx';
