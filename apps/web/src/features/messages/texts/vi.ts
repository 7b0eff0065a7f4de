import type { InboxTexts } from './en.ts';

/** The platform messages' texts: Tiếng Việt. */
const vi: InboxTexts = {
  title: 'Tin nhắn nền tảng',
  unread: 'Chưa đọc',
  all: 'Tất cả',
  readAll: 'Đánh dấu tất cả là đã đọc',
  delete: 'Xóa',
  deleteConfirm: 'Xóa tin nhắn này?',
  empty: 'Chưa có tin nhắn nào',
  emptyText: 'Tin nhắn về tài khoản của bạn và tin tức của chúng tôi sẽ xuất hiện ở đây.',
  system: 'Tài khoản',
  notice: 'Tin tức',
  badge: '{{count}} tin nhắn chưa đọc',
  newMessage: 'Tin nhắn mới: {{title}}',
  back: 'Quay lại danh sách',
};

export default vi;
