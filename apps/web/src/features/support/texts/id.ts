import type { SupportTexts } from './en.ts';

/** The support chat's texts: Bahasa Indonesia. */
const id: SupportTexts = {
  title: 'Layanan pelanggan',
  open: 'Buka obrolan layanan pelanggan',
  hide: 'Sembunyikan obrolan',
  enlarge: 'Perbesar obrolan',
  shrink: 'Perkecil obrolan',
  close: 'Tutup obrolan',
  welcome: 'Ada yang bisa kami bantu? Tulis pesan dan agen kami menjawab di sini.',
  waiting: 'Menunggu agen. Tinggalkan pesan Anda: kami tetap menjawab walau Anda pergi.',
  taken: '{{name}} sedang menjawab',
  closed: 'Percakapan ini sudah ditutup. Tulis lagi untuk memulai yang baru.',
  placeholder: 'Ketik pesan Anda',
  send: 'Kirim',
  attach: 'Lampirkan gambar (PNG atau JPG, maks. 5 MB)',
  you: 'Anda',
  agent: 'Dukungan',
  older: 'Pesan sebelumnya',
  image: 'Gambar',
  reconnecting: 'Menghubungkan ulang…',
  history: 'Percakapan dengan layanan pelanggan',
  read: 'Dibaca',
  typing: '{{name}} sedang mengetik…',
  transcript: 'Unduh percakapan',
  rateTitle: 'Bagaimana bantuan kami?',
  stars: '{{score}} dari 5',
  rateComment: 'Komentar (opsional)',
  rateSend: 'Kirim penilaian',
  rateChoose: 'Pilih 1 sampai 5 bintang',
  rated: 'Terima kasih! Anda memberi nilai {{score}} dari 5 untuk percakapan ini.',
};

export default id;
