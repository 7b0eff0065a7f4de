import { type CheckinState, type Missions, type MissionView, type RewardView, rewardPaths } from '@platform/contract';
import { apiGetAt, apiSend } from '../../api/client.ts';

/** The reward centre's calls: missions with progress and claim, the check-in. */
export const loadMissions = () => apiGetAt<Missions>(rewardPaths.missions);
export const claimMission = (id: number) =>
  apiSend<{ mission: MissionView; reference: string }>(rewardPaths.missionClaim, {}, { params: { id } });
export const loadCheckin = () => apiGetAt<CheckinState>(rewardPaths.checkin);
export const checkIn = () => apiSend<{ state: CheckinState; reward: RewardView[] }>(rewardPaths.checkin, {});
