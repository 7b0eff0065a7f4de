import type { EnvelopeTexts } from './en.ts';

/** Envelope rain's texts: Português (Brasil). */
const pt: EnvelopeTexts = {
  title: 'Chuva de envelopes',
  startsIn: 'A próxima rodada começa em',
  endsIn: 'Rodada aberta! Termina em',
  terms: '{{count}} envelopes dividindo {{budget}}, cada um com pelo menos {{min}}',
  opened: '{{opened}} de {{count}} envelopes abertos',
  open: 'Abrir um envelope',
  login: 'Entre para participar',
  needBet: 'Faça uma aposta hoje para abrir um envelope',
  empty: 'Todos os envelopes já foram abertos',
  won: 'Seu envelope tinha {{amount}}!',
  yours: 'Envelope nº {{index}}: {{amount}}, creditado no seu saldo',
  yourShort: 'Você ganhou {{amount}}',
  none: 'Nenhuma chuva de envelopes programada no momento',
  fair: 'Comprovadamente justo: o hash da semente é publicado antes de cada rodada e a semente depois, para você recalcular cada envelope.',
  past: 'Rodadas anteriores',
  verify: 'Verificar',
  seedHash: 'Hash da semente do servidor',
  serverSeed: 'Semente do servidor',
  clientSeed: 'Semente do cliente',
  hashMatches: 'A semente revelada corresponde ao hash publicado antes da rodada.',
  hashMismatch: 'A semente revelada NÃO corresponde ao hash publicado.',
  mineMatches: 'Seu envelope nº {{index}} corresponde ao valor que você recebeu.',
  mineMismatch: 'Seu envelope nº {{index}} NÃO corresponde ao valor que você recebeu.',
  total: 'Total de todos os envelopes {{total}} (orçamento {{budget}})',
  howTo:
    'Cada envelope i pesa 1 + (um número imparcial abaixo de 100 de HMAC-SHA256(semente do servidor, "semente do cliente:i")); ele contém o mínimo mais sua parte do restante do orçamento pelo peso, arredondada para baixo.',
};

export default pt;
