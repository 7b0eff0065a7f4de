import type { MarketTexts } from './en.ts';

/** * Texts of the market's registration fields . English is the reference; each other language has exactly its keys: Português (Brasil). */
const pt: MarketTexts = {
  cpf: 'CPF',
  cpfHint: '11 dígitos, com ou sem pontos e traço',
  birthDate: 'Data de nascimento',
  limitsTitle: 'Seus limites',
  limitsLead:
    'Defina um limite para suas perdas e para o seu tempo conectado. Você pode reduzi-los a qualquer momento em Jogo responsável.',
  limitsLeadOptional: 'Você pode definir um limite para suas perdas e para o seu tempo conectado, ou escolher sem limite.',
  lossLimit: 'Limite de perdas',
  sessionLimit: 'Limite de tempo (minutos)',
  period: 'Período',
  per: {
    day: 'por dia',
    week: 'por semana',
    month: 'por mês',
    none: 'sem limite',
  },
  realityTitle: 'Alerta de tempo de jogo',
  realityPlayed: 'Você está jogando há {{minutes}} minutos.',
  realityResult: 'Resultado desta sessão',
  realityStakes: 'Apostas',
  realityWins: 'Ganhos',
  realityContinue: 'Continuar jogando',
  realityStop: 'Parar e sair',
};

export default pt;
