// Page group "lottery".
export { LotteryPage } from '../../features/lottery/LotteryPage.tsx';
