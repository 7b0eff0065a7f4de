// Page group "promoDetail".
export { PromoDetailPage } from '../../features/promotions/PromoDetailPage.tsx';
