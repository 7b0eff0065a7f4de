// Page group "promo": the promotions list.
export { PromotionsPage } from '../../features/promotions/PromotionsPage.tsx';
