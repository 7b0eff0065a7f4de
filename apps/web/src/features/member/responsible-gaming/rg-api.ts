import {
  type ExclusionBody,
  type LimitChangeBody,
  responsibleGamingPaths as paths,
  type RealityCheck,
  type ResponsibleGaming,
  type SetLimitBody,
} from '@platform/contract';
import { apiGetAt, apiSend } from '../../../api/client.ts';

export const rgOverview = () => apiGetAt<ResponsibleGaming>(paths.overview);
export const setLimit = (body: SetLimitBody) => apiSend<null>(paths.limit, body, { method: 'PUT' });
export const confirmLimit = (body: LimitChangeBody) => apiSend<null>(paths.confirm, body);
export const cancelLimit = (body: LimitChangeBody) => apiSend<null>(paths.cancel, body);
export const startExclusion = (body: ExclusionBody) => apiSend<{ until: number | null }>(paths.exclusion, body);

export const realityCheck = () => apiGetAt<RealityCheck>(paths.realityCheck);
export const setRealityCheck = (minutes: number) => apiSend<null>(paths.realityCheck, { minutes }, { method: 'PUT' });
