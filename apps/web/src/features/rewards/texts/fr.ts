import type { RewardTexts } from './en.ts';

/** The reward centre's texts: Français. */
const fr: RewardTexts = {
  title: 'Centre de récompenses',
  checkin: {
    title: 'Pointage quotidien',
    streak_one: '{{count}} jour d’affilée',
    streak_other: '{{count}} jours d’affilée',
    day: 'Jour {{day}}',
    weekBonus: 'Bonus semaine complète',
    button: 'Pointer',
    done: 'Pointé aujourd’hui',
    needPlay: 'Placez un pari aujourd’hui pour pointer',
    needPlayOrDeposit: 'Placez un pari ou déposez {{amount}} aujourd’hui pour pointer',
    success: 'Pointage fait : {{reward}}',
    missedResets: 'Un jour manqué fait repartir la série du jour 1.',
    off: 'Le pointage n’est pas disponible sur ce site',
  },
  missions: {
    title: 'Missions',
    daily: 'Quotidienne',
    weekly: 'Hebdomadaire',
    claim: 'Réclamer',
    claimed: 'Réclamée',
    inProgress: 'En cours',
    claimable: 'Prête à réclamer',
    progress: '{{progress}} / {{target}}',
    endsAt: 'Remise à zéro {{time}}',
    reward: 'Récompense : {{reward}}',
    success: 'Récompense réclamée : {{reward}}',
    none: 'Aucune mission pour le moment',
    login: 'Connectez-vous pour suivre vos missions',
  },
  reward: {
    points: '{{amount}} points',
    bonus: '{{amount}} de bonus',
    bonusWagering: '{{amount}} de bonus (mise {{multiple}}×)',
  },
};
export default fr;
