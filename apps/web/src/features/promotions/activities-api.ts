import { type Activity, type ClaimedActivity, promotionPaths } from '@platform/contract';
import { apiGetAt, apiSend } from '../../api/client.ts';

/** The merchant's promotions that pay, with the reader's status in each (a session adds the member's state). */
export const activities = () => apiGetAt<Activity[]>(promotionPaths.activities);

/** Claims one: its reward goes to the bonus wallet with its wagering. */
export const claimActivity = (id: number) => apiSend<ClaimedActivity>(promotionPaths.claimActivity.replace(':id', String(id)), {});
