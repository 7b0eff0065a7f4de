// Page group "play" (not among the spec's named groups; kept apart so the home chunk stays small):
// our in-house game client, the page the /game frame loads.
export { PlayPage } from '../../features/play/PlayPage.tsx';
