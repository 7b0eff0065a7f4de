import type { EnvelopeTexts } from './en.ts';

/** Envelope rain's texts: Bahasa Indonesia. */
const id: EnvelopeTexts = {
  title: 'Hujan angpau',
  startsIn: 'Putaran berikutnya dimulai dalam',
  endsIn: 'Putaran dibuka! Berakhir dalam',
  terms: '{{count}} angpau berbagi {{budget}}, masing-masing minimal {{min}}',
  opened: '{{opened}} dari {{count}} angpau sudah dibuka',
  open: 'Buka angpau',
  login: 'Masuk untuk ikut serta',
  needBet: 'Pasang taruhan hari ini untuk membuka angpau',
  empty: 'Semua angpau sudah dibuka',
  won: 'Angpau Anda berisi {{amount}}!',
  yours: 'Angpau #{{index}}: {{amount}}, ditambahkan ke saldo Anda',
  yourShort: 'Anda mendapat {{amount}}',
  none: 'Belum ada hujan angpau terjadwal',
  fair: 'Adil dan dapat dibuktikan: hash seed diumumkan sebelum setiap putaran dan seed sesudahnya, sehingga Anda bisa menghitung ulang setiap angpau.',
  past: 'Putaran sebelumnya',
  verify: 'Verifikasi',
  seedHash: 'Hash seed server',
  serverSeed: 'Seed server',
  clientSeed: 'Seed klien',
  hashMatches: 'Seed yang diungkap cocok dengan hash yang diumumkan sebelum putaran.',
  hashMismatch: 'Seed yang diungkap TIDAK cocok dengan hash yang diumumkan.',
  mineMatches: 'Angpau #{{index}} Anda cocok dengan jumlah yang Anda terima.',
  mineMismatch: 'Angpau #{{index}} Anda TIDAK cocok dengan jumlah yang Anda terima.',
  total: 'Total semua angpau {{total}} (anggaran {{budget}})',
  howTo:
    'Setiap angpau i berbobot 1 + (bilangan tak bias di bawah 100 dari HMAC-SHA256(seed server, "seed klien:i")); isinya minimum ditambah bagiannya dari sisa anggaran menurut bobot, dibulatkan ke bawah.',
};

export default id;
