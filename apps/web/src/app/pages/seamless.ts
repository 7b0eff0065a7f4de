// Page group "seamless".
export { SeamlessPage } from '../../features/game/SeamlessPage.tsx';
