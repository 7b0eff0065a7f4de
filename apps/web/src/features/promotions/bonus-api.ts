import { type BonusDetails, promotionPaths } from '@platform/contract';
import { apiGetAt, apiSend } from '../../api/client.ts';

/** The member's bonuses with their wagering, and giving them up (after the warning). */
export const bonusDetails = (pageNo: number) => apiGetAt<BonusDetails>(promotionPaths.bonusDetails, { query: { pageNo, pageSize: 10 } });
export const forfeitBonuses = () => apiSend<{ forfeited: number; amount: number }>(promotionPaths.forfeitBonuses, { confirm: true });
