// Page group "vnlottery".
export { VnLotteryPage } from '../../features/lottery/VnLotteryPage.tsx';
