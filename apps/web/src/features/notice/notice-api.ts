import { type Announcements, announcementTypes, apiPaths } from '@platform/contract';
import { apiGet } from '../../api/client.ts';
import { type QueryState, useQuery } from '../../api/use-query.ts';

/** The spec's notice page size. */
export const noticePageSize = 9;

/** One page of announcements (all types, web platform), with the session's popups and banners. */
export function useAnnouncements(pageNo: number | null): QueryState<Announcements> {
  return useQuery(pageNo === null ? null : `announcements:${pageNo}`, () =>
    apiGet(apiPaths.announcements, {
      query: { types: announcementTypes.join(','), platform: 'W', pageNo: pageNo ?? 1, pageSize: noticePageSize },
    }),
  );
}
