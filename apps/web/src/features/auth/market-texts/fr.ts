import type { MarketTexts } from './en.ts';

/** * Texts of the market's registration fields . English is the reference; each other language has exactly its keys: Français. */
const fr: MarketTexts = {
  cpf: 'CPF',
  cpfHint: '11 chiffres, avec ou sans points et tiret',
  birthDate: 'Date de naissance',
  limitsTitle: 'Vos limites',
  limitsLead: 'Fixez une limite à vos pertes et à votre temps de connexion. Vous pouvez les baisser à tout moment dans Jeu responsable.',
  limitsLeadOptional: 'Vous pouvez fixer une limite à vos pertes et à votre temps de connexion, ou choisir aucune limite.',
  lossLimit: 'Limite de pertes',
  sessionLimit: 'Limite de temps (minutes)',
  period: 'Période',
  per: {
    day: 'par jour',
    week: 'par semaine',
    month: 'par mois',
    none: 'aucune limite',
  },
  realityTitle: 'Point sur votre jeu',
  realityPlayed: 'Vous jouez depuis {{minutes}} minutes.',
  realityResult: 'Résultat de cette session',
  realityStakes: 'Mises',
  realityWins: 'Gains',
  realityContinue: 'Continuer à jouer',
  realityStop: 'Arrêter et me déconnecter',
};

export default fr;
