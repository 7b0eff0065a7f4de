import { type InboxMessage, inboxPaths, type Page } from '@platform/contract';
import { apiGetAt, apiSend } from '../../api/client.ts';

const one = (id: number) => inboxPaths.message.replace(':id', String(id));

export const inboxPage = (q: { pageNo: number; pageSize: number; unread: boolean }) =>
  apiGetAt<Page<InboxMessage>>(inboxPaths.messages, {
    query: { pageNo: q.pageNo, pageSize: q.pageSize, unread: q.unread ? '1' : undefined },
  });
export const unreadCount = () => apiGetAt<{ unReadCount: number }>(inboxPaths.unreadCount);
export const openMessage = (id: number) => apiGetAt<InboxMessage>(one(id));
export const deleteMessage = (id: number) => apiSend<null>(one(id), undefined, { method: 'DELETE' });
export const readAll = () => apiSend<{ unReadCount: number }>(inboxPaths.readAll, {});
