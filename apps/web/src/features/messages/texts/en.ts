import type { TextsOf } from '../../../i18n/texts-of.ts';

/** The platform messages' texts (one namespace, `inbox`, in each dictionary): English, the reference. */
const en = {
  title: 'Platform messages',
  unread: 'Unread',
  all: 'All',
  readAll: 'Mark all as read',
  delete: 'Delete',
  deleteConfirm: 'Delete this message?',
  empty: 'No messages yet',
  emptyText: 'Messages from us about your account and our news appear here.',
  system: 'Account',
  notice: 'News',
  badge: '{{count}} unread messages',
  newMessage: 'New message: {{title}}',
  back: 'Back to the list',
};

/** The shape every language's texts have. */
export type InboxTexts = TextsOf<typeof en>;

export default en;
