import type { TextsOf } from '../../../i18n/texts-of.ts';

/** * Texts of the market's registration fields (Brazil: CPF, date of birth, loss and time limits) and of the reality check, in the six site languages (the dictionaries' `market` namespace). English is the reference; each other language has exactly its keys: English, the reference. */
const en = {
  cpf: 'CPF',
  cpfHint: '11 digits, with or without dots and dash',
  birthDate: 'Date of birth',
  limitsTitle: 'Your limits',
  limitsLead: 'Set a limit on your losses and on your time logged in. You can lower them at any time in Responsible gaming.',
  limitsLeadOptional: 'You can set a limit on your losses and on your time logged in, or choose no limit.',
  lossLimit: 'Loss limit',
  sessionLimit: 'Time limit (minutes)',
  period: 'Period',
  per: {
    day: 'per day',
    week: 'per week',
    month: 'per month',
    none: 'no limit',
  },
  realityTitle: 'Reality check',
  realityPlayed: 'You have been playing for {{minutes}} minutes.',
  realityResult: 'Result of this session',
  realityStakes: 'Bets',
  realityWins: 'Wins',
  realityContinue: 'Continue playing',
  realityStop: 'Stop and log out',
};

/** The shape every language's texts have. */
export type MarketTexts = TextsOf<typeof en>;

export default en;
