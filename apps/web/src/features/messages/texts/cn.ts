import type { InboxTexts } from './en.ts';

/** The platform messages' texts: 中文. */
const cn: InboxTexts = {
  title: '平台消息',
  unread: '未读',
  all: '全部',
  readAll: '全部标为已读',
  delete: '删除',
  deleteConfirm: '删除这条消息？',
  empty: '暂无消息',
  emptyText: '有关您账户的消息和我们的最新动态会显示在这里。',
  system: '账户',
  notice: '公告',
  badge: '{{count}} 条未读消息',
  newMessage: '新消息：{{title}}',
  back: '返回列表',
};

export default cn;
