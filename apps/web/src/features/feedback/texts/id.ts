import type { FeedbackTexts } from './en.ts';

/** The feedback dialog's texts: Bahasa Indonesia. */
const id: FeedbackTexts = {
  title: 'Masukan',
  intro:
    'Beri tahu kami apa yang berjalan baik, apa yang tidak, atau apa yang ingin Anda lihat. Kami membaca setiap pesan dan menjawab di pesan platform Anda.',
  content: 'Masukan Anda',
  placeholder: 'Tulis masukan Anda di sini',
  rules: 'Antara {{min}} dan {{max}} kata, paling banyak {{chars}} karakter.',
  characters: '{{count}}/{{max}} karakter',
  words_zero: '{{count}} kata',
  words_one: '{{count}} kata',
  words_other: '{{count}} kata',
  images: 'Gambar (opsional)',
  imagesHint: 'Hingga {{max}} gambar PNG atau JPG, masing-masing {{mb}} MB.',
  addImage: 'Tambah gambar',
  image: 'Gambar {{n}}',
  removeImage: 'Hapus gambar {{n}}',
  send: 'Kirim masukan',
  sentTitle: 'Masukan terkirim',
  sent: 'Terima kasih! Masukan Anda telah sampai ke tim kami. Jawaban kami akan tiba di pesan platform Anda.',
};

export default id;
