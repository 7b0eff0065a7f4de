// Page group "lottery".
export { LotteryPage } from '../../features/lottery/lottery-page/LotteryPage.tsx';
