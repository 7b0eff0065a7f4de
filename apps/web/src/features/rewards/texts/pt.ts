import type { RewardTexts } from './en.ts';

/** The reward centre's texts: Português (Brasil). */
const pt: RewardTexts = {
  title: 'Central de recompensas',
  checkin: {
    title: 'Check-in diário',
    streak_one: '{{count}} dia seguido',
    streak_other: '{{count}} dias seguidos',
    day: 'Dia {{day}}',
    weekBonus: 'Bônus da semana completa',
    button: 'Fazer check-in',
    done: 'Check-in feito hoje',
    needPlay: 'Faça uma aposta hoje para fazer check-in',
    needPlayOrDeposit: 'Faça uma aposta ou deposite {{amount}} hoje para fazer check-in',
    success: 'Check-in feito: {{reward}}',
    missedResets: 'Um dia perdido recomeça a sequência do dia 1.',
    off: 'O check-in não está disponível neste site',
  },
  missions: {
    title: 'Missões',
    daily: 'Diária',
    weekly: 'Semanal',
    claim: 'Resgatar',
    claimed: 'Resgatada',
    inProgress: 'Em andamento',
    claimable: 'Pronta para resgatar',
    progress: '{{progress}} / {{target}}',
    endsAt: 'Reinicia {{time}}',
    reward: 'Recompensa: {{reward}}',
    success: 'Recompensa resgatada: {{reward}}',
    none: 'Nenhuma missão no momento',
    login: 'Entre para acompanhar suas missões',
  },
  reward: {
    points: '{{amount}} pontos',
    bonus: '{{amount}} de bônus',
    bonusWagering: '{{amount}} de bônus (rollover {{multiple}}×)',
  },
};
export default pt;
