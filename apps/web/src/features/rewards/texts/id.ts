import type { RewardTexts } from './en.ts';

/** The reward centre's texts: Bahasa Indonesia. */
const id: RewardTexts = {
  title: 'Pusat hadiah',
  checkin: {
    title: 'Absen harian',
    streak_one: '{{count}} hari berturut-turut',
    streak_other: '{{count}} hari berturut-turut',
    day: 'Hari {{day}}',
    weekBonus: 'Bonus seminggu penuh',
    button: 'Absen',
    done: 'Sudah absen hari ini',
    needPlay: 'Pasang taruhan hari ini untuk absen',
    needPlayOrDeposit: 'Pasang taruhan atau deposit {{amount}} hari ini untuk absen',
    success: 'Absen berhasil: {{reward}}',
    missedResets: 'Satu hari terlewat memulai lagi dari hari 1.',
    off: 'Absen harian tidak tersedia di situs ini',
  },
  missions: {
    title: 'Misi',
    daily: 'Harian',
    weekly: 'Mingguan',
    claim: 'Klaim',
    claimed: 'Sudah diklaim',
    inProgress: 'Berlangsung',
    claimable: 'Siap diklaim',
    progress: '{{progress}} / {{target}}',
    endsAt: 'Diulang {{time}}',
    reward: 'Hadiah: {{reward}}',
    success: 'Hadiah diklaim: {{reward}}',
    none: 'Belum ada misi',
    login: 'Masuk untuk melihat progres misi',
  },
  reward: {
    points: '{{amount}} poin',
    bonus: 'bonus {{amount}}',
    bonusWagering: 'bonus {{amount}} (taruhan {{multiple}}×)',
  },
};
export default id;
