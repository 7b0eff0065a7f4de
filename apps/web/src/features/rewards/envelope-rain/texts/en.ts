import type { TextsOf } from '../../../../i18n/texts-of.ts';

/** Envelope rain's texts (one namespace, `envelopes`, in each dictionary): English, the reference. */
const en = {
  title: 'Envelope rain',
  startsIn: 'Next round starts in',
  endsIn: 'Round open! Ends in',
  terms: '{{count}} envelopes sharing {{budget}}, each at least {{min}}',
  opened: '{{opened}} of {{count}} envelopes opened',
  open: 'Open an envelope',
  login: 'Log in to take part',
  needBet: 'Place a bet today to open an envelope',
  empty: 'All envelopes have been opened',
  won: 'Your envelope held {{amount}}!',
  yours: 'Envelope #{{index}}: {{amount}}, added to your balance',
  yourShort: 'You got {{amount}}',
  none: 'No envelope rain is scheduled at the moment',
  fair: 'Provably fair: the seed hash is published before each round and the seed after it, so you can recompute every envelope.',
  past: 'Past rounds',
  verify: 'Verify',
  seedHash: 'Server seed hash',
  serverSeed: 'Server seed',
  clientSeed: 'Client seed',
  hashMatches: 'The revealed seed matches the hash published before the round.',
  hashMismatch: 'The revealed seed does NOT match the published hash.',
  mineMatches: 'Your envelope #{{index}} matches the amount you were paid.',
  mineMismatch: 'Your envelope #{{index}} does NOT match the amount you were paid.',
  total: 'Total of all envelopes {{total}} (budget {{budget}})',
  howTo:
    'Each envelope i weighs 1 + (an unbiased number below 100 from HMAC-SHA256(server seed, "client seed:i")); it holds the minimum plus its share of the rest of the budget by weight, rounded down.',
};

/** The shape every language's texts have. */
export type EnvelopeTexts = TextsOf<typeof en>;

export default en;
