import type { InboxTexts } from './en.ts';

/** The platform messages' texts: Bahasa Indonesia. */
const id: InboxTexts = {
  title: 'Pesan platform',
  unread: 'Belum dibaca',
  all: 'Semua',
  readAll: 'Tandai semua sudah dibaca',
  delete: 'Hapus',
  deleteConfirm: 'Hapus pesan ini?',
  empty: 'Belum ada pesan',
  emptyText: 'Pesan tentang akun Anda dan berita kami muncul di sini.',
  system: 'Akun',
  notice: 'Berita',
  badge: '{{count}} pesan belum dibaca',
  newMessage: 'Pesan baru: {{title}}',
  back: 'Kembali ke daftar',
};

export default id;
