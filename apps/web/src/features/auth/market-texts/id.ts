import type { MarketTexts } from './en.ts';

/** * Texts of the market's registration fields . English is the reference; each other language has exactly its keys: Bahasa Indonesia. */
const id: MarketTexts = {
  cpf: 'CPF',
  cpfHint: '11 digit, dengan atau tanpa titik dan tanda hubung',
  birthDate: 'Tanggal lahir',
  limitsTitle: 'Batas Anda',
  limitsLead: 'Tetapkan batas kekalahan dan waktu login Anda. Anda dapat menurunkannya kapan saja di Permainan yang bertanggung jawab.',
  limitsLeadOptional: 'Anda dapat menetapkan batas kekalahan dan waktu login, atau memilih tanpa batas.',
  lossLimit: 'Batas kekalahan',
  sessionLimit: 'Batas waktu (menit)',
  period: 'Periode',
  per: {
    day: 'per hari',
    week: 'per minggu',
    month: 'per bulan',
    none: 'tanpa batas',
  },
  realityTitle: 'Pengingat waktu bermain',
  realityPlayed: 'Anda sudah bermain selama {{minutes}} menit.',
  realityResult: 'Hasil sesi ini',
  realityStakes: 'Taruhan',
  realityWins: 'Kemenangan',
  realityContinue: 'Lanjutkan bermain',
  realityStop: 'Berhenti dan keluar',
};

export default id;
