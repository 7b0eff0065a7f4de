import { addScreenTexts } from '../../ui/texts.ts';

const EN = {
  merchant: 'Merchant',
  from: 'From',
  to: 'To',
  show: 'Show',
  day: 'Day',
  deposits: 'Deposits',
  withdrawals: 'Withdrawals',
  bets: 'Bets',
  validStake: 'Valid stake',
  payout: 'Payouts',
  ggr: 'GGR',
  bonuses: 'Bonuses',
  ngr: 'NGR',
  activePlayers: 'Active players',
  totals: 'Totals of the period',
  chart: 'Deposits, withdrawals and GGR per day',
  source:
    'Figures per local day of the merchant, from the daily statistics the ledger keeps; GGR is valid stake less payouts, NGR is GGR less bonuses.',
  pickMerchant: 'Choose a merchant',
};

const PT: typeof EN = {
  merchant: 'Operação',
  from: 'De',
  to: 'Até',
  show: 'Mostrar',
  day: 'Dia',
  deposits: 'Depósitos',
  withdrawals: 'Saques',
  bets: 'Apostas',
  validStake: 'Aposta válida',
  payout: 'Prêmios pagos',
  ggr: 'GGR',
  bonuses: 'Bônus',
  ngr: 'NGR',
  activePlayers: 'Jogadores ativos',
  totals: 'Totais do período',
  chart: 'Depósitos, saques e GGR por dia',
  source:
    'Valores por dia local da operação, das estatísticas diárias que o razão mantém; GGR é a aposta válida menos os prêmios, NGR é o GGR menos os bônus.',
  pickMerchant: 'Escolha uma operação',
};

const FR: typeof EN = {
  merchant: 'Marque',
  from: 'Du',
  to: 'Au',
  show: 'Afficher',
  day: 'Jour',
  deposits: 'Dépôts',
  withdrawals: 'Retraits',
  bets: 'Paris',
  validStake: 'Mise valide',
  payout: 'Gains versés',
  ggr: 'GGR',
  bonuses: 'Bonus',
  ngr: 'NGR',
  activePlayers: 'Joueurs actifs',
  totals: 'Totaux de la période',
  chart: 'Dépôts, retraits et GGR par jour',
  source:
    'Chiffres par jour local de la marque, tirés des statistiques quotidiennes tenues par le grand livre ; le GGR est la mise valide moins les gains, le NGR le GGR moins les bonus.',
  pickMerchant: 'Choisissez une marque',
};

export const reportTexts = { EN, PT, FR };
addScreenTexts('reports', reportTexts);
