import { loyaltyPaths, type ReferralStatus, type VipStatus } from '@platform/contract';
import { apiGetAt } from '../../api/client.ts';

/** The VIP page: opening it raises the member to the level reached (its bonus paid once on the server). */
export const vipStatus = () => apiGetAt<VipStatus>(loyaltyPaths.vip);
/** The invite-friends page: code, link, terms and friends. */
export const referralStatus = () => apiGetAt<ReferralStatus>(loyaltyPaths.referral);
