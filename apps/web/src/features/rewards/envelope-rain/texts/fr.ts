import type { EnvelopeTexts } from './en.ts';

/** Envelope rain's texts: Français. */
const fr: EnvelopeTexts = {
  title: 'Pluie d’enveloppes',
  startsIn: 'Prochaine manche dans',
  endsIn: 'Manche ouverte ! Fin dans',
  terms: '{{count}} enveloppes se partagent {{budget}}, chacune au moins {{min}}',
  opened: '{{opened}} enveloppes ouvertes sur {{count}}',
  open: 'Ouvrir une enveloppe',
  login: 'Connectez-vous pour participer',
  needBet: 'Placez un pari aujourd’hui pour ouvrir une enveloppe',
  empty: 'Toutes les enveloppes ont été ouvertes',
  won: 'Votre enveloppe contenait {{amount}} !',
  yours: 'Enveloppe n° {{index}} : {{amount}}, ajoutés à votre solde',
  yourShort: 'Vous avez gagné {{amount}}',
  none: 'Aucune pluie d’enveloppes prévue pour le moment',
  fair: 'Équitable et vérifiable : l’empreinte de la graine est publiée avant chaque manche et la graine après, pour recalculer chaque enveloppe.',
  past: 'Manches passées',
  verify: 'Vérifier',
  seedHash: 'Empreinte de la graine serveur',
  serverSeed: 'Graine serveur',
  clientSeed: 'Graine client',
  hashMatches: 'La graine révélée correspond à l’empreinte publiée avant la manche.',
  hashMismatch: 'La graine révélée NE correspond PAS à l’empreinte publiée.',
  mineMatches: 'Votre enveloppe n° {{index}} correspond au montant reçu.',
  mineMismatch: 'Votre enveloppe n° {{index}} NE correspond PAS au montant reçu.',
  total: 'Total des enveloppes {{total}} (budget {{budget}})',
  howTo:
    'Chaque enveloppe i pèse 1 + (un nombre sans biais inférieur à 100 tiré de HMAC-SHA256(graine serveur, « graine client:i »)) ; elle contient le minimum plus sa part du reste du budget selon son poids, arrondie à l’inférieur.',
};

export default fr;
