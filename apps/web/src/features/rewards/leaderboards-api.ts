import { type LeaderboardList, leaderboardPaths } from '@platform/contract';
import { apiGetAt } from '../../api/client.ts';

/** The merchant's leaderboards this period: prizes, the top list and the member's own live rank. */
export const loadLeaderboards = () => apiGetAt<LeaderboardList>(leaderboardPaths.list);
